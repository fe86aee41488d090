package org.hpcsim.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import com.typesafe.config.ConfigValueType;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hpcsim.registry.PolicySpec;

/**
 * Where the input files a configuration names are. A relative path set in a configuration file
 * resolves against the directory of the file that set it (an included file's own directory, as HOCON's
 * {@code include} does); one set on the command line (an option or {@code -D}) or by a built-in default
 * resolves against the working directory. A loaded configuration holds every such path absolute, so
 * that its {@code config-used.conf} works from any directory.
 *
 * <p>{@code output.dir} is not an input: wherever it is set, it is relative to the working directory
 * (a scenario file says what to simulate; where the results go is the caller's), and is written
 * absolute only into {@code config-used.conf} and {@code sweep-used.conf} ({@link #withAbsoluteOutputDir}).
 */
public final class ConfigPaths {
    /** The key listing plugin jars: a list of paths, each resolved against where it was set. */
    public static final String PLUGINS = "plugins";

    /**
     * Keys whose value is a file, or holds one ({@code machine = "line:@FILE"}, a curve {@code file:PATH}, a .mtx
     * pattern, the list of {@code plugins}).
     */
    public static final List<String> KEYS = List.of("trace", "events-file", "allocator.pinned", "allocator.policy",
            "allocator.span-curve", "machine", "platform", "network.pattern", "io.jobs-file", "thermal.d-matrix", "thermal.a-matrix",
            PLUGINS);

    private static final String FILE_CURVE = "file:";
    private static final String LINE_FILE = "line:@";

    private ConfigPaths() {
    }

    /** The configuration with every relative input path made absolute (see the class comment). */
    public static Config absolute(Config c) {
        Config out = c;
        for (String key : KEYS) {
            if (c.hasPath(key)) {
                ConfigValue v = c.getValue(key);
                ConfigValue r = absolute(key, v);
                if (r != v) {
                    out = out.withValue(key, r);
                }
            }
        }
        return out;
    }

    /**
     * A value of {@code key} with its relative input path made absolute against the directory of the
     * file it was set in, else the working directory; the value itself when there is nothing to change.
     * Keeps the value's origin, so that messages still name the file and line it came from.
     */
    public static ConfigValue absolute(String key, ConfigValue v) {
        if (key.equals(PLUGINS) && v instanceof ConfigList list) {
            List<ConfigValue> items = new ArrayList<>(list.size());
            for (ConfigValue item : list) {
                items.add(item.valueType() != ConfigValueType.STRING ? item
                        : ConfigValueFactory.fromAnyRef(file((String) item.unwrapped(), base(item.origin())))
                                .withOrigin(item.origin()));
            }
            return ConfigValueFactory.fromIterable(items).withOrigin(v.origin());
        }
        if (!KEYS.contains(key) || v.valueType() != ConfigValueType.STRING) {
            return v;
        }
        String text = (String) v.unwrapped();
        Path base = base(v.origin());
        String resolved = switch (key) {
            case "machine" -> text.strip().startsWith(LINE_FILE)
                    ? LINE_FILE + file(text.strip().substring(LINE_FILE.length()).strip(), base) : text;
            case "allocator.policy" -> allocator(text, base);
            case "allocator.span-curve" -> curve(text, base);
            case "network.pattern" -> text.strip().toLowerCase(Locale.ROOT).endsWith(".mtx") ? file(text.strip(), base) : text;
            default -> file(text, base);
        };
        return resolved.equals(text) ? v : ConfigValueFactory.fromAnyRef(resolved).withOrigin(v.origin());
    }

    /**
     * The configuration with {@code jars} (given on the command line as {@code origin}) added to the end of
     * {@code plugins}, absolute against the working directory.
     */
    public static Config withPlugins(Config c, List<Path> jars, String origin) {
        if (jars.isEmpty()) {
            return c;
        }
        List<ConfigValue> all = new ArrayList<>();
        if (c.hasPath(PLUGINS)) {
            if (!(c.getValue(PLUGINS) instanceof ConfigList list)) {
                return c; // not a list: the scenario's check reports it
            }
            all.addAll(list);
        }
        for (Path jar : jars) {
            all.add(ConfigValueFactory.fromAnyRef(jar.toAbsolutePath().normalize().toString(), origin));
        }
        return c.withValue(PLUGINS, ConfigValueFactory.fromIterable(all, origin));
    }

    /** The configuration with {@code output.dir} absolute (against the working directory), for a file to be re-run from anywhere. */
    public static Config withAbsoluteOutputDir(Config c, Path dir) {
        return c.withValue("output.dir", ConfigValueFactory.fromAnyRef(dir.toAbsolutePath().normalize().toString())
                .withOrigin(c.getValue("output.dir").origin()));
    }

    /** The directory relative paths set at this origin resolve against. */
    static Path base(ConfigOrigin origin) {
        Path cwd = Path.of("").toAbsolutePath();
        if (origin == null || origin.filename() == null) {
            return cwd;
        }
        Path parent = cwd.resolve(origin.filename()).getParent();
        return parent == null ? cwd : parent;
    }

    /** A path resolved against {@code base}; blank or unparsable text is left for the scenario's checks to report. */
    private static String file(String text, Path base) {
        if (text.isBlank()) {
            return text;
        }
        try {
            return base.resolve(text).normalize().toString();
        } catch (InvalidPathException e) {
            return text;
        }
    }

    /** A curve spec: {@code file:PATH} or {@code file[PATH]} gets its path resolved; a named curve stays. */
    private static String curve(String text, Path base) {
        String s = text.strip();
        if (s.startsWith(FILE_CURVE)) {
            return FILE_CURVE + file(s.substring(FILE_CURVE.length()), base);
        }
        try {
            PolicySpec spec = PolicySpec.parse(s);
            if (spec.name().equals("file") && spec.args().size() == 1) {
                return "file[" + file(spec.args().get(0), base) + "]";
            }
        } catch (IllegalArgumentException e) {
            // not a spec at all: the scenario's check reports it
        }
        return text;
    }

    /** An allocator spec whose curve arguments may be {@code file:PATH}. */
    private static String allocator(String text, Path base) {
        PolicySpec spec;
        try {
            spec = PolicySpec.parse(text);
        } catch (IllegalArgumentException e) {
            return text; // reported by the scenario's check
        }
        List<String> args = new ArrayList<>(spec.args());
        boolean changed = false;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).startsWith(FILE_CURVE)) {
                args.set(i, curve(args.get(i), base));
                changed = true;
            }
        }
        return changed ? new PolicySpec(spec.name(), args).toString() : text;
    }
}
