package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** summary.json's reals: at most six decimals (a microsecond in seconds), none of a double's noise digits. */
class SummaryNumbersTest {
    @TempDir
    Path dir;

    @Test
    void everyRealInTheSummaryHasAtMostSixDecimals() throws Exception {
        Path out = dir.resolve("crac");
        Simulation.prepare(Runs.scenario("trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString(),
                "machine", "mesh:4x5x2", "workload.cores-per-node", "4", "thermal.enabled", "true", "cooling.units",
                "[\"0-19\",\"20-39\"]", "events", "[\"at 300000s crac 1 fail\"]", "output.dir", out.toString()),
                StandardPolicies.registry()).run(TestRuntime.get());
        String summary = Files.readString(out.resolve("summary.json"));
        Matcher m = Pattern.compile(": (-?\\d+\\.(\\d+)(E-?\\d+)?)[,\\n]").matcher(summary);
        int reals = 0;
        while (m.find()) {
            reals++;
            assertTrue(m.group(2).length() <= 6 && m.group(3) == null, m.group(1) + " in\n" + summary);
        }
        assertTrue(reals > 20, summary);
        // The room's peak sits at the redline the supply was adjusted to: 30.000000000000004 before.
        assertEquals("30.0", SummaryJson.read(out.resolve("summary.json")).text("thermal.peak_inlet_actual_c"), summary);
    }
}
