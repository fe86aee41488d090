package org.hpcsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class DelayFactorTest {
    /** A generator that fails when asked for anything. */
    private static final RandomGenerator NO_DRAWS = () -> {
        throw new AssertionError("no random number may be drawn");
    };

    @Test
    void withoutNoiseTauIsTheFittedLineAndDrawsNothing() {
        assertEquals(0.9875, DelayFactor.tau(0, 0, NO_DRAWS));
        assertEquals(0.9875 + 0.0962, DelayFactor.tau(1, 0, NO_DRAWS));
        assertEquals(0.9875 + 0.0962 * 3.25, DelayFactor.tau(3.25, 0, NO_DRAWS));
    }

    @Test
    void noiseAddsUpToNoiseTimesHopsEitherWay() {
        SplittableRandom r = new SplittableRandom(1);
        double cc = 4.0;
        double line = 0.9875 + 0.0962 * cc;
        double low = Double.MAX_VALUE;
        double high = -Double.MAX_VALUE;
        for (int i = 0; i < 10_000; i++) {
            double tau = DelayFactor.tau(cc, 0.05, r);
            assertTrue(tau >= line - 0.05 * cc && tau < line + 0.05 * cc, "tau " + tau);
            low = Math.min(low, tau);
            high = Math.max(high, tau);
        }
        assertTrue(low < line - 0.19 && high > line + 0.19, low + " .. " + high);
    }

    @Test
    void noiseIsTheGivenGeneratorsUniformDraw() {
        double u = new SplittableRandom(9).nextDouble(-1.0, 1.0);
        assertEquals(0.9875 + 0.0962 * 2 + 0.1 * 2 * u, DelayFactor.tau(2, 0.1, new SplittableRandom(9)));
    }

    @Test
    void negativeOrNonFiniteInputsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> DelayFactor.tau(-1, 0, NO_DRAWS));
        assertThrows(IllegalArgumentException.class, () -> DelayFactor.tau(Double.NaN, 0, NO_DRAWS));
        assertThrows(IllegalArgumentException.class, () -> DelayFactor.tau(1, -0.1, NO_DRAWS));
        assertThrows(IllegalArgumentException.class, () -> DelayFactor.tau(1, Double.POSITIVE_INFINITY, NO_DRAWS));
    }
}
