package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingPlotTest {
    @Test
    void bothAxesAreLogarithmicAndSpanTheWholeDecadesAroundTheMeasurements() {
        Figure f = ScalingPlot.figure(new double[] {64, 128, 3000}, new double[] {150, 90, 40},
                new double[] {2500, 800, 120}, new double[] {60, 50, 35});
        assertTrue(f.styler().isXAxisLogarithmic() && f.styler().isYAxisLogarithmic());
        assertArrayEquals(new double[] {10, 10_000}, f.xRange());
        assertArrayEquals(new double[] {10, 10_000}, f.yRange());
        assertEquals(List.of("process CPU (user + system)", "process wall (JVM start included)", "simulation wall"),
                f.seriesNames());
        assertArrayEquals(new double[] {2500, 800, 120}, f.points("process wall (JVM start included)").y());
    }

    @Test
    void aTimeARunCouldNotGiveLeavesAGapAndNoAxisReachesZero() {
        Figure f = ScalingPlot.figure(new double[] {1000, 10_000}, new double[] {Double.NaN, 300},
                new double[] {400, 350}, new double[] {200, 250});
        assertTrue(Double.isNaN(f.points("process CPU (user + system)").y()[0]));
        assertArrayEquals(new double[] {100, 1000}, f.yRange());
        // Exact decades: a single decade's data still gets its two labelled ends.
        assertArrayEquals(new double[] {1000, 10_000}, f.xRange());
    }
}
