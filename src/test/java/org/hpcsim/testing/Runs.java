package org.hpcsim.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.pekko.PekkoExecutor;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.sim.Simulation;

/** Runs a scenario given as configuration keys, in the shared test runtime, checked against the sequential executor. */
public final class Runs {
    private Runs() {
    }

    /** Keys and values, alternating. */
    public static Scenario scenario(String... keyValues) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            o.put(keyValues[i], keyValues[i + 1]);
        }
        return Scenario.from(ConfigLoader.load(null, o), StandardPolicies.registry());
    }

    /**
     * Runs the scenario under the Pekko executor, then checks it against the oracle: the sequential
     * executor must write the same outputs ({@link ExecutorOracle}).
     */
    public static Simulation.Result run(Scenario s) {
        // The Pekko executor even where kernel.executor = auto would run one thread sequentially.
        Simulation.Result result = Simulation.prepare(s, StandardPolicies.registry())
                .run(new PekkoExecutor(TestRuntime.get()));
        ExecutorOracle.check(s);
        return result;
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
