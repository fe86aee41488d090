package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plotting time grows with the chart, not the run: the issue asks for a 100,000-job run in under 30 s
 * (measured, see the README); this smaller run must plot with a wide margin on a slow machine.
 */
class ScaleTest {

    @Test
    void aTwentyThousandJobRunWithLongSeriesPlotsWellWithinTheBound(@TempDir Path dir) {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:32x16", 512, "1x16x32", 30.0);
        RunDirFixture.jobs(run, 20_000, 512);
        RunDirFixture.timeseries(run, 50_000, 2_000_000, 512, true, true);
        RunDirFixture.thermal(run, 50_000, 2_000_000);
        RunDirFixture.inlet(run, 1, 16, 32);
        long start = System.nanoTime();
        RunPlots.Result r = RunPlots.write(run, dir.resolve("plots"), PlotOptions.defaults());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(24, r.files().size(), "every plot, the Gantt chart as a window of 2,000 jobs: " + r.skipped());
        assertEquals(List.of("gantt"), r.notes().stream().map(RunPlots.Note::name).toList());
        assertTrue(seconds < 60, "plotted in " + seconds + " s");
    }
}
