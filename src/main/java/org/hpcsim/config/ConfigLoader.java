package org.hpcsim.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import com.typesafe.config.ConfigValueType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;

/**
 * Loads a scenario configuration: built-in defaults, then the user's file, then command-line
 * overrides, each layer checked for unknown keys against the defaults; input paths come out absolute
 * ({@link ConfigPaths}).
 */
public final class ConfigLoader {
    private static final String DEFAULTS = "org/hpcsim/config/defaults.conf";

    private ConfigLoader() {
    }

    /** The built-in defaults. */
    public static Config defaults() {
        return ConfigFactory.parseResources(DEFAULTS, ConfigParseOptions.defaults().setAllowMissing(false));
    }

    /**
     * Merges defaults, the optional file and overrides ({@code key -> value}, applied in order), as
     * {@link #merge} does.
     *
     * @param file a HOCON file, or null
     */
    public static Config load(Path file, Map<String, String> overrides) {
        return load(file, overrides, Map.of());
    }

    /**
     * As {@link #load(Path, Map)}, with where each override was given ({@code key ->}
     * {@code --allocator} or {@code -Dallocator.policy}): every error in its value, found here or when the
     * simulation is built, names that place (others: {@link #COMMAND_LINE}).
     */
    public static Config load(Path file, Map<String, String> overrides, Map<String, String> origins) {
        return merge(file == null ? ConfigFactory.empty() : parse(file), overrides, origins);
    }

    /** Where an override given by no named option came from, in messages. */
    public static final String COMMAND_LINE = "command line";

    /** Parses HOCON text named {@code name} in messages (the bundled default), without checking its keys. */
    public static Config parse(String text, String name) {
        try {
            return ConfigFactory.parseString(text, ConfigParseOptions.defaults().setOriginDescription(name));
        } catch (ConfigException e) {
            throw fromConfigException(e, name, null);
        }
    }

    /** Parses a HOCON file and what it includes, without checking its keys. */
    public static Config parse(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InputException(file.toString(), 0, null, Files.exists(file) ? "not a regular file" : "no such file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            // The parser reports a file it cannot read as a bad configuration: find out first.
            in.read();
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
        try {
            return ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false));
        } catch (ConfigException e) {
            throw fromConfigException(e, file.toString(), null);
        }
    }

    /**
     * Merges defaults, a parsed user layer (every key checked against the defaults) and overrides
     * ({@code key -> value}, applied in order), resolves substitutions, and makes every input path
     * absolute: one set in a file against that file's directory, any other against the working
     * directory ({@link ConfigPaths}).
     */
    public static Config merge(Config user, Map<String, String> overrides) {
        return merge(user, overrides, Map.of());
    }

    /** As {@link #merge(Config, Map)}, with where each override was given (see {@link #load(Path, Map, Map)}). */
    public static Config merge(Config user, Map<String, String> overrides, Map<String, String> origins) {
        Config defaults = defaults();
        Map<String, ConfigValue> leaves = new TreeMap<>();
        collectLeaves(user.root(), new ArrayList<>(), leaves);
        for (Map.Entry<String, ConfigValue> e : leaves.entrySet()) {
            ConfigOrigin o = e.getValue().origin();
            checkKey(e.getKey(), defaults, originName(o), Math.max(0, o.lineNumber()));
        }
        Config merged = user;
        for (Map.Entry<String, String> o : overrides.entrySet()) {
            String key = o.getKey().strip();
            String origin = origins.getOrDefault(o.getKey(), COMMAND_LINE);
            checkKey(key, defaults, origin, 0);
            merged = merged.withValue(key, overrideValue(key, o.getValue(), origin));
        }
        try {
            return ConfigPaths.absolute(merged.withFallback(defaults).resolve());
        } catch (ConfigException e) {
            throw fromConfigException(e, "configuration", null);
        }
    }

    /**
     * Checks that {@code key} is a configuration key that takes a value (not a section).
     *
     * @throws InputException naming {@code source}, {@code line} and the key otherwise
     */
    public static void checkKey(String key, String source, long line) {
        checkKey(key, defaults(), source, line);
    }

    /** A command-line value: a HOCON list when written as one ({@code [a, b]}), else the string. */
    private static ConfigValue overrideValue(String key, String value, String origin) {
        if (value.strip().startsWith("[")) {
            try {
                // Re-wrapped so that the list has no line number: "v = " is not a line of any file.
                return ConfigValueFactory.fromAnyRef(ConfigFactory.parseString("v = " + value,
                        ConfigParseOptions.defaults().setOriginDescription(origin)).getValue("v").unwrapped(), origin);
            } catch (ConfigException e) {
                throw new InputException(origin, 0, key, "expected a list such as [\"a\", \"b\"]: "
                        + e.getMessage());
            }
        }
        return ConfigValueFactory.fromAnyRef(value, origin);
    }

    /** Turns a Typesafe Config error into one line naming file, line and key. */
    public static InputException fromConfigException(ConfigException e, String fallbackName, String key) {
        ConfigOrigin origin = e.origin();
        String msg = e.getMessage();
        if (origin != null && msg.startsWith(origin.description())) {
            msg = msg.substring(origin.description().length()).replaceFirst("^:\\s*", "");
        }
        String source = origin == null ? fallbackName : originName(origin);
        long line = origin == null ? 0 : Math.max(0, origin.lineNumber());
        return new InputException(source, line, key, msg);
    }

    /** The file (or resource, or description) a configuration value came from, for messages. */
    public static String originName(ConfigOrigin origin) {
        if (origin.filename() != null) {
            return origin.filename();
        }
        if (origin.resource() != null) {
            return origin.resource();
        }
        return origin.description().replaceFirst(": \\d+$", "");
    }

    private static void collectLeaves(ConfigObject obj, List<String> prefix, Map<String, ConfigValue> out) {
        for (Map.Entry<String, ConfigValue> e : obj.entrySet()) {
            List<String> path = new ArrayList<>(prefix);
            path.add(e.getKey());
            if (e.getValue() instanceof ConfigObject child && !child.isEmpty()) {
                collectLeaves(child, path, out);
            } else {
                out.put(ConfigUtil.joinPath(path), e.getValue());
            }
        }
    }

    private static void checkKey(String key, Config defaults, String source, long line) {
        boolean known;
        try {
            known = defaults.hasPathOrNull(key);
        } catch (ConfigException.BadPath e) {
            throw new InputException(source, line, key, "not a valid key: " + e.getMessage());
        }
        if (!known) {
            throw new InputException(source, line, key, "unknown key" + suggestion(key, defaults));
        }
        if (!defaults.getIsNull(key) && defaults.getValue(key).valueType() == ConfigValueType.OBJECT) {
            throw new InputException(source, line, key, "is a section; set one of its keys: "
                    + String.join(", ", new TreeSet<>(defaults.getConfig(key).root().keySet())));
        }
    }

    private static String suggestion(String key, Config defaults) {
        List<String> path = ConfigUtil.splitPath(key);
        if (path.size() > 1) {
            String section = ConfigUtil.joinPath(path.subList(0, path.size() - 1));
            if (defaults.hasPath(section) && defaults.getValue(section).valueType() == ConfigValueType.OBJECT) {
                return " (known keys in " + section + ": "
                        + String.join(", ", new TreeSet<>(defaults.getConfig(section).root().keySet())) + ")";
            }
        }
        return " (known top-level keys: " + String.join(", ", new TreeSet<>(defaults.root().keySet())) + ")";
    }

    /** Renders the scenario's configuration as HOCON, as written to {@code config-used.conf}. */
    public static String render(Config config) {
        return config.root().render(ConfigRenderOptions.defaults().setOriginComments(false).setComments(false)
                .setJson(false).setFormatted(true));
    }
}
