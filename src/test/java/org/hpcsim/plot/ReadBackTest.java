package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.hpcsim.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the plots read back from a real run agrees with the run's own summary. */
class ReadBackTest {
    /** summary.json writes reals to six decimals: half a unit of the last, and a double's noise. */
    private static final double ROUNDED = 0.5e-6 + 1e-12;

    @Test
    void theBundledDefaultsWaitsSlowdownsAndBusyTimeMatchItsSummary(@TempDir Path dir) {
        Path out = dir.resolve("default");
        assertEquals(0, Main.execute("run", "-q", "--out", out.toString()));
        RunData run = RunData.read(out);
        CdfPlots cdfs = new CdfPlots(run.jobs);
        assertEquals(run.summary.number("mean_wait_s"), mean(cdfs.waitTimes()), ROUNDED);
        assertEquals(run.summary.number("max_wait_s"), TimeSeriesPlots.max(cdfs.waitTimes()), ROUNDED);
        assertEquals(run.summary.number("mean_bounded_slowdown"), mean(cdfs.boundedSlowdowns()), ROUNDED);
        double makespan = run.lastEnd() - run.firstArrival();
        assertEquals(run.summary.number("makespan_s"), makespan, ROUNDED);
        double[] busy = new Occupancy(run.jobs.holds, run.machine.size()).busySeconds();
        assertEquals(run.summary.number("utilization"), mean(busy) / makespan, ROUNDED);
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double d : v) {
            sum += d;
        }
        return sum / v.length;
    }
}
