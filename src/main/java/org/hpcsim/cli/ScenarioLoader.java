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
 * inside the jar, whose trace is then also taken from the jar). Relative paths in a file resolve
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
     * configuration file) extracted to a temporary file.
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

    private static Path extract(String name) {
        try (InputStream in = ScenarioLoader.class.getResourceAsStream(BUNDLED + name)) {
            if (in == null) {
                throw new InputException(name, 0, "trace", "not bundled in this build");
            }
            Path file = Files.createTempFile("hpcsim-", "-" + Path.of(name).getFileName());
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
