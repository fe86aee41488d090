package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StepSeriesTest {

    @Test
    void fewRowsBecomeStepsHeldToTheEnd() {
        Points p = StepSeries.of(new double[] {0, 10, 30}, new double[] {1, 3, 2}, 40, 100, 0.5);
        assertArrayEquals(new double[] {0, 5, 5, 15, 15, 20}, p.x(), "times scaled");
        assertArrayEquals(new double[] {1, 1, 3, 3, 2, 2}, p.y());
    }

    @Test
    void anUndefinedValueBreaksTheLine() {
        Points p = StepSeries.of(new double[] {0, 10, 20}, new double[] {Double.NaN, 3, 4}, 20, 100, 1);
        assertTrue(Double.isNaN(p.y()[0]));
        assertArrayEquals(new double[] {10, 20, 20}, new double[] {p.x()[1], p.x()[2], p.x()[3]});
    }

    @Test
    void manyRowsKeepEachBucketsLowestAndHighestSoAOneInstantPeakSurvives() {
        int n = 1_000_000;
        double[] t = new double[n];
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = i;
            v[i] = i % 2;
        }
        v[777_777] = 50;
        v[123_456] = -5;
        Points p = StepSeries.of(t, v, n, 500, 1);
        int size = p.x().length;
        assertTrue(size <= 2 * 500 + 1, "at most two points a bucket and the end: " + size);
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < size; i++) {
            max = Math.max(max, p.y()[i]);
            min = Math.min(min, p.y()[i]);
            if (i > 0) {
                assertTrue(p.x()[i] >= p.x()[i - 1], "times ascend");
            }
        }
        assertEquals(50, max);
        assertEquals(-5, min);
        assertEquals(n, p.x()[size - 1], "held to the end");
    }

    @Test
    void aLevelHeldAcrossEmptyBucketsIsStillDrawn() {
        double[] t = new double[1000];
        double[] v = new double[1000];
        for (int i = 0; i < 1000; i++) {
            t[i] = i < 500 ? i : 10_000 + i;
            v[i] = i < 500 ? 1 : 2;
        }
        Points p = StepSeries.of(t, v, 11_000, 100, 1);
        boolean heldInTheGap = false;
        for (int i = 0; i < p.x().length; i++) {
            heldInTheGap |= p.x()[i] > 2_000 && p.x()[i] < 9_000 && p.y()[i] == 1;
        }
        assertTrue(heldInTheGap, "the value of t = 499 holds until t = 10,500");
    }
}
