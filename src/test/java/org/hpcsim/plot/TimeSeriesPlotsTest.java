package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimeSeriesPlotsTest {
    @TempDir
    Path dir;

    /** A run on 10 nodes whose timeseries.csv flips between all busy and all idle every 30 min for {@code days}. */
    private Path flipping(int days) {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "simple:10", 10, null, null);
        RunDirFixture.jobs(run, 20, 10);
        StringBuilder sb = new StringBuilder(RunDirFixture.TIMESERIES_HEADER).append('\n');
        for (int r = 0; r <= days * 48; r++) {
            int busy = r % 2 == 0 ? 10 : 0;
            sb.append(1800L * r).append(',').append(busy).append(",0,0,").append(r % 7).append(',').append(busy)
                    .append(',').append(busy == 10 ? "1.000000" : "0.000000").append('\n');
        }
        RunDirFixture.write(run.resolve("timeseries.csv"), sb.toString());
        return run;
    }

    @Test
    void aYearLongSeriesIsDrawnAsDailyMeansAndSaysSoInsteadOfABarcode() {
        Figure f = new TimeSeriesPlots(RunData.read(flipping(339))).utilization().figure();
        assertEquals(List.of("busy (utilization), daily mean"), f.seriesNames());
        assertEquals("time (d), daily windows", f.xTitle());
        Points p = f.points("busy (utilization), daily mean");
        assertEquals(2 * 339, p.x().length, "one step a day");
        for (double y : p.y()) {
            assertEquals(50, y, 1e-9, "busy half of every day");
        }
        assertEquals(0, p.x()[0]);
        assertEquals(339, p.x()[p.x().length - 1], 1e-9, "in days, to the end");
    }

    @Test
    void aShortRunIsDrawnAsItWas() {
        Figure f = new TimeSeriesPlots(RunData.read(flipping(3))).utilization().figure();
        assertEquals(List.of("busy (utilization)"), f.seriesNames());
        assertEquals("time (h)", f.xTitle());
        double[] y = f.points("busy (utilization)").y();
        assertTrue(y.length > 2 * 3 * 48 && java.util.Arrays.stream(y).allMatch(v -> v == 0 || v == 100));
    }

    @Test
    void theWindowIsTheLongestGivingAtLeastAHundredWindows() {
        double day = 86400;
        assertEquals(-1, TimeSeriesPlots.window(4 * day), "under 100 hours: as it was");
        assertEquals(0, TimeSeriesPlots.window(9.5 * day), "hourly");
        assertEquals(1, TimeSeriesPlots.window(30 * day), "6-hourly: 120 windows, a day would give 30");
        assertEquals(2, TimeSeriesPlots.window(339 * day), "daily");
        assertEquals(3, TimeSeriesPlots.window(3 * 365 * day), "weekly");
    }

    @Test
    void aWindowIsTheTimeWeightedMeanOrThePeakAndAnUndefinedWindowIsAGap() {
        // 0-6 s: 2, 6-10 s: 5, 10-20 s: undefined, 20-25 s: 1, held to 25.
        double[] t = {0, 6, 10, 20};
        double[] v = {2, 5, Double.NaN, 1};
        Points mean = StepSeries.windowed(t, v, 25, 10, false, 1);
        assertArrayEquals(new double[] {0, 10, 10, 20, 25}, mean.x());
        assertEquals(3.2, mean.y()[0], 1e-12, "(6 x 2 + 4 x 5) / 10");
        assertTrue(Double.isNaN(mean.y()[2]), "a gap");
        assertEquals(1, mean.y()[3]);
        Points peak = StepSeries.windowed(t, v, 25, 10, true, 1);
        assertEquals(5, peak.y()[0]);
    }

    @Test
    void scenarioEventsAreLinesAcrossAndAModelsFailuresAndRepairsTicksAlongTheTop() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:4x5x2", 40, "2x5x4", 30.0);
        RunDirFixture.jobs(run, 60, 40);
        RunDirFixture.timeseries(run, 300, 9000, 40, true, true);
        RunDirFixture.write(run.resolve("events.csv"), org.hpcsim.report.FailureLog.EVENTS_HEADER + "\n"
                + "100,fail,node 39,node down (idle),exponential\n"
                + "200,drain,nodes 36-37,2 nodes drained,scenario\n"
                + "300,repair,node 39,node up,exponential\n"
                + "3600,fail,node 3,\"node down; job 8 requeued\",exponential\n"
                + "5000,crac,crac 0,supply 22 C,scenario\n");
        TimeSeriesPlots series = new TimeSeriesPlots(RunData.read(run));
        for (Plot p : List.of(series.utilization(), series.queue(), series.power(), series.temperature(),
                series.links())) {
            Figure f = p.figure();
            List<String> names = f.seriesNames();
            assertEquals(List.of("scenario events (2)", "failures, exponential (2)", "repairs, exponential (1)"),
                    names.subList(names.size() - 3, names.size()), p.name());
            double[] y = f.yRange();
            double row = 0.04 * (y[1] - y[0]);
            Points scenario = f.points("scenario events (2)");
            assertArrayEquals(new double[] {200 / 3600.0, 200 / 3600.0}, new double[] {scenario.x()[0], scenario.x()[1]},
                    1e-12, "in hours");
            assertArrayEquals(new double[] {y[0], y[1]}, new double[] {scenario.y()[0], scenario.y()[1]}, 1e-9,
                    p.name() + ": across the chart");
            Points failures = f.points("failures, exponential (2)");
            assertArrayEquals(new double[] {y[1] - row, y[1]}, new double[] {failures.y()[0], failures.y()[1]}, 1e-9);
            assertEquals(2 * 3, failures.x().length, "two ticks");
            Points repairs = f.points("repairs, exponential (1)");
            assertArrayEquals(new double[] {y[1] - 2 * row, y[1] - row}, new double[] {repairs.y()[0], repairs.y()[1]},
                    1e-9, "the row under the failures");
        }
    }

    @Test
    void aRunWithoutEventsHasNoMarks() {
        Figure f = new TimeSeriesPlots(RunData.read(flipping(3))).queue().figure();
        assertEquals(List.of("queued", "running"), f.seriesNames());
    }
}
