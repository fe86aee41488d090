package org.hpcsim.malleable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InstancesTest {
    @Test
    void theoremTwoBuildsTheLineTheSmallJobsAndTheTwoBigOnes() {
        // w = {1, 1, 2}, Q = 2: B = 4 / (2 * 2) = 1, big loads B Q^2 = 4, target B (Q + 1) = 3.
        double[] w = {1, 1, 2};
        Instance in = Instances.theorem2(w, 2);
        assertEquals("IO C2 IO C2 IO", in.line().layout());
        assertEquals(5, in.jobs().size());
        for (int i = 0; i < 3; i++) {
            assertEquals(MalleableJob.malleable(i, w[i], 2, 1), in.job(i));
        }
        assertEquals(MalleableJob.malleable(3, 4, 2, 0), in.job(3));
        assertEquals(MalleableJob.malleable(4, 4, 2, 2), in.job(4));
        assertTrue(in.uniform() && in.speedup().isProportional());
        assertEquals(3.0, Instances.theorem2Target(w, 2), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> Instances.theorem2(new double[] {1, 0}, 2));
        assertThrows(IllegalArgumentException.class, () -> Instances.theorem2(new double[0], 2));
    }

    @Test
    void evenSplitFindsAHalfOfEqualSumOrNone() {
        assertArrayEquals(new int[] {0, 1}, Instances.evenSplit(new double[] {1, 1, 2}));
        assertArrayEquals(new int[] {0, 1}, Instances.evenSplit(new double[] {3, 1, 1, 2, 1}));
        assertArrayEquals(new int[] {0, 2}, Instances.evenSplit(new double[] {0.5, 0.5, 0.25, 0.25}));
        assertNull(Instances.evenSplit(new double[] {1, 1, 4}));
        assertNull(Instances.evenSplit(new double[] {2, 2, 2, 4}));
        assertNull(Instances.evenSplit(new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> Instances.evenSplit(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> Instances.evenSplit(new double[] {1, -1}));
        assertThrows(IllegalArgumentException.class,
                () -> Instances.evenSplit(new double[Instances.MAX_SPLIT_WEIGHTS + 1]));
    }

    @Test
    void randomInstancesAreUniformProportionalWithinTheirLimitsAndRepeatableFromTheSeed() {
        boolean shared = false;
        boolean ends = false;
        boolean fractional = false;
        for (int seed = 0; seed < 500; seed++) {
            Instance in = Instances.randomUniformProportional(new SplittableRandom(seed), 12, 5, 9);
            Instance again = Instances.randomUniformProportional(new SplittableRandom(seed), 12, 5, 9);
            assertEquals(in.line().layout(), again.line().layout());
            assertEquals(in.jobs(), again.jobs());
            assertTrue(in.uniform() && in.speedup().isProportional());
            int m = in.line().size();
            int io = in.line().ioCount();
            assertTrue(m <= 12 && io <= 5 && in.jobs().size() <= 9);
            assertTrue(in.job(0).maxNodes() <= m);
            for (int k = 0; k < io; k++) {
                int gap = in.line().gap(k);
                ends |= gap == 0 || gap == m;
                shared |= k > 0 && gap == in.line().gap(k - 1);
            }
            for (MalleableJob j : in.jobs()) {
                assertTrue(j.load() > 0 && j.load() <= 20);
                fractional |= j.load() != Math.rint(j.load());
            }
        }
        assertTrue(shared && ends && fractional, "ends, shared gaps and fractional loads all occur");
    }
}
