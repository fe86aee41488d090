package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.hpcsim.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the plots read back from a real run agrees with the run's own summary. */
class ReadBackTest {

    @Test
    void theBundledDefaultsWaitsSlowdownsAndBusyTimeMatchItsSummary(@TempDir Path dir) {
        Path out = dir.resolve("default");
        assertEquals(0, Main.execute("run", "-q", "--out", out.toString()));
        RunData run = RunData.read(out);
        CdfPlots cdfs = new CdfPlots(run.jobs);
        assertEquals(run.summary.number("mean_wait_s"), mean(cdfs.waitTimes()), 1e-6);
        assertEquals(run.summary.number("max_wait_s"), TimeSeriesPlots.max(cdfs.waitTimes()), 1e-9);
        assertEquals(run.summary.number("mean_bounded_slowdown"), mean(cdfs.boundedSlowdowns()), 1e-9);
        double makespan = run.lastEnd() - run.firstArrival();
        assertEquals(run.summary.number("makespan_s"), makespan, 1e-9);
        double[] busy = new Occupancy(run.jobs.holds, run.machine.size()).busySeconds();
        assertEquals(run.summary.number("utilization"), mean(busy) / makespan, 1e-12);
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double d : v) {
            sum += d;
        }
        return sum / v.length;
    }
}
