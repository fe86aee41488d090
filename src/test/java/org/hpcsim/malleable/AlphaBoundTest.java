package org.hpcsim.malleable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AlphaBoundTest {

    /** Both ways of computing alpha for f and q = 1..maxQ agree, alpha >= 1; returns the values. */
    private static double[] agreeing(Speedup f, int maxQ) {
        double[] alphas = new double[maxQ];
        for (int q = 1; q <= maxQ; q++) {
            double searched = AlphaBound.alpha(f, q);
            double direct = AlphaBound.alphaByLp(f, q);
            assertEquals(direct, searched, 1e-5, f.spec() + ", q = " + q);
            assertTrue(searched >= 1, f.spec() + ", q = " + q + ": alpha " + searched + " < 1");
            alphas[q - 1] = searched;
        }
        return alphas;
    }

    @Test
    void proportionalAlphaIsTwoForQUpToTen() {
        double[] alphas = agreeing(Speedup.proportional(), 10);
        StringBuilder table = new StringBuilder("alpha, proportional, q = 1..10:");
        for (double a : alphas) {
            assertEquals(2, a, 1e-5);
            table.append(String.format(" %.6f", a));
        }
        System.out.println(table);
    }

    @Test
    void amdahlAlphaIsTwoForQUpToTen() {
        // The binary search solves ~23 LPs of O(q^3) rows each; up to 6 keeps the test short, and the
        // single LP, which agrees with it there, covers the rest.
        agreeing(Speedup.amdahl(0.1), 6);
        StringBuilder table = new StringBuilder("alpha, amdahl[0.1], q = 1..10:");
        for (int q = 1; q <= 10; q++) {
            double a = AlphaBound.alphaByLp(Speedup.amdahl(0.1), q);
            assertEquals(2, a, 1e-5);
            table.append(String.format(" %.6f", a));
        }
        System.out.println(table);
    }

    @Test
    void tableSpeedupsAgreeBothWays() {
        agreeing(Speedup.table(1, 0.6, 0.35, 0.2, 0.12), 6);
        // Constant f: every allocation equally fast.
        agreeing(Speedup.table(1), 4);
    }

    @Test
    void rigidAlphaIsTwoBothWays() {
        for (int q = 1; q <= 6; q++) {
            assertEquals(2, AlphaBound.rigidAlpha(q), 1e-5, "q = " + q);
            assertEquals(2, AlphaBound.rigidAlphaByLp(q), 1e-5, "q = " + q);
        }
    }

    @Test
    void speedupTablesMustBeConvexAndNonIncreasing() {
        assertThrows(IllegalArgumentException.class, () -> Speedup.table(1, 1.2));
        assertThrows(IllegalArgumentException.class, () -> Speedup.table(1, 0.9, 0.5));
    }

    @Test
    void qMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> AlphaBound.alpha(Speedup.proportional(), 0));
        assertThrows(IllegalArgumentException.class, () -> AlphaBound.rigidAlphaByLp(0));
    }
}
