package org.hpcsim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.ConfigPaths;
import org.hpcsim.config.Scenario;
import org.hpcsim.registry.Registry;
import org.hpcsim.workload.InputException;

/**
 * Builds the scenario of a {@code run}: the given config file, or when neither a config nor a trace
 * is given, the bundled default ({@code config/default.conf} in the working directory, else the copy
 * inside the jar, whose trace is then also taken from the jar and kept in the user's cache). Relative
 * paths in a file resolve
 * against its directory, those of options and -D against the working directory.
 */
final class ScenarioLoader {
    static final String DEFAULT_CONFIG = "config/default.conf";
    private static final String BUNDLED = "/bundled/";

    private ScenarioLoader() {
    }

    /** The scenario of the options, its policies looked up in {@code registry}, with {@code extra} keys set after every option. */
    static Scenario load(RunOptions options, Registry registry, Map<String, String> extra) {
        return Scenario.from(config(options, extra), registry);
    }

    /** The merged configuration of the options: events from --inject and jars from --plugin added to their keys. */
    static Config config(RunOptions options) {
        return config(options, Map.of());
    }

    /** As {@link #config(RunOptions)}, with {@code extra} keys set after every option. */
    static Config config(RunOptions options, Map<String, String> extra) {
        Map<String, String> overrides = new LinkedHashMap<>(options.toOverrides());
        overrides.putAll(extra);
        Config config;
        boolean wantsDefault = options.config == null && !overrides.containsKey("trace");
        if (!wantsDefault) {
            config = ConfigLoader.load(options.config, overrides, options.origins());
        } else if (Files.isRegularFile(Path.of(DEFAULT_CONFIG))) {
            config = ConfigLoader.load(Path.of(DEFAULT_CONFIG), overrides, options.origins());
        } else {
            config = ConfigLoader.merge(bundled(), overrides, options.origins());
        }
        if (!options.inject.isEmpty()) {
            List<String> events = new ArrayList<>(config.getStringList("events"));
            events.addAll(options.inject);
            config = config.withValue("events", ConfigValueFactory.fromIterable(events, "--inject"));
        }
        return ConfigPaths.withPlugins(config, options.plugins, "--plugin");
    }

    /**
     * The bundled default from inside the jar, its trace (relative to the bundled file, as in any
     * configuration file) extracted to the user's cache (see {@link #extract}).
     */
    private static Config bundled() {
        String name = "bundled " + DEFAULT_CONFIG;
        String text = resource(DEFAULT_CONFIG);
        if (text == null) {
            throw new InputException(DEFAULT_CONFIG, 0, null, "no such file, and no bundled default in this build");
        }
        Config user = ConfigLoader.parse(text, name);
        String trace = Path.of(DEFAULT_CONFIG).resolveSibling(user.getString("trace")).normalize().toString();
        return user.withValue("trace", ConfigValueFactory.fromAnyRef(extract(trace).toString())
                .withOrigin(user.getValue("trace").origin()));
    }

    private static String resource(String name) {
        try (InputStream in = ScenarioLoader.class.getResourceAsStream(BUNDLED + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The bundled file {@code name}, as a file that outlives the run, so that the run's
     * config-used.conf can be run again: in the user's cache ({@code $XDG_CACHE_HOME/hpcsim}, else
     * {@code ~/.cache/hpcsim}; the system's temporary directory if neither can be written), named by
     * its content's hash, so that builds with other contents never share one and an existing copy is
     * reused as it is.
     */
    static Path extract(String name) {
        byte[] content;
        try (InputStream in = ScenarioLoader.class.getResourceAsStream(BUNDLED + name)) {
            if (in == null) {
                throw new InputException(name, 0, "trace", "not bundled in this build");
            }
            content = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String file = hash(content) + "-" + Path.of(name).getFileName();
        IOException last = null;
        for (Path dir : cacheDirs()) {
            Path target = dir.resolve(file);
            try {
                if (Files.isRegularFile(target) && java.util.Arrays.equals(Files.readAllBytes(target), content)) {
                    return target;
                }
                Files.createDirectories(dir);
                Path tmp = Files.createTempFile(dir, ".hpcsim-", ".tmp");
                Files.write(tmp, content);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return target;
            } catch (IOException e) {
                last = e;
            }
        }
        throw new UncheckedIOException("cannot write the bundled " + name + " to a cache directory", last);
    }

    /** Where bundled files are kept, in order of preference. */
    private static List<Path> cacheDirs() {
        List<Path> dirs = new ArrayList<>();
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            dirs.add(Path.of(xdg, "hpcsim"));
        }
        String home = System.getProperty("user.home");
        if (home != null && !home.isBlank()) {
            dirs.add(Path.of(home, ".cache", "hpcsim"));
        }
        dirs.add(Path.of(System.getProperty("java.io.tmpdir"), "hpcsim-" + System.getProperty("user.name", "user")));
        return dirs;
    }

    /** The first 16 hex digits of the content's SHA-256. */
    private static String hash(byte[] content) {
        try {
            return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
