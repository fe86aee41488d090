package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CdfTest {

    @Test
    void cornersAreTheValuesWithTheFractionAtOrBelowThemTiesTogether() {
        Cdf cdf = new Cdf(new double[] {3, 1, 2, 2, Double.NaN});
        assertEquals(0.25, cdf.at(1), "NaN is left out");
        Points p = cdf.corners(1, 100);
        assertArrayEquals(new double[] {1, 2, 3}, p.x());
        assertArrayEquals(new double[] {0.25, 0.75, 1}, p.y());
    }

    @Test
    void aLogAxisStartsAtItsFirstValueWithTheFractionBelow() {
        Cdf cdf = new Cdf(new double[] {0, 0, 0.5, 10, 100});
        Points p = cdf.corners(1, 100);
        assertArrayEquals(new double[] {1, 10, 100}, p.x());
        assertArrayEquals(new double[] {0.6, 0.8, 1}, p.y());
        assertEquals(0.6, cdf.at(1));
    }

    @Test
    void aMillionValuesBecomeAtMostTheAskedCornersWithinOneStepOfTheTruth() {
        double[] v = new double[1_000_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = (i * 7919L) % 1_000_003;
        }
        Cdf cdf = new Cdf(v);
        Points p = cdf.corners(cdf.min(), 2000);
        int size = p.x().length;
        assertTrue(size <= 2000, "" + size);
        assertEquals(cdf.min(), p.x()[0]);
        assertEquals(cdf.max(), p.x()[size - 1]);
        assertEquals(1.0, p.y()[size - 1]);
        for (int i = 1; i < size; i++) {
            assertTrue(p.y()[i] - p.y()[i - 1] <= 1.0 / 1999 + 1e-6, "a gap of at most one corner's share");
        }
    }
}
