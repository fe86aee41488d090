package org.hpcsim.failure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.hpcsim.registry.Registry;
import org.hpcsim.registry.StandardPolicies;
import org.junit.jupiter.api.Test;

/**
 * The failure models as plain policies: their draws (checked statistically against the closed-form
 * means, with a fixed seed so the checks are deterministic), their flags, and their registry specs.
 */
class FailureModelTest {
    /** Draws per statistical check: the standard error of a mean is sd / sqrt(N) = sd / 447. */
    private static final int N = 200_000;
    /** Tolerance in standard errors: a correct sampler misses by this much with probability ~6e-5. */
    private static final double SE = 4;

    private final Registry registry = StandardPolicies.registry();

    /** Sample mean in seconds of N draws of {@code draw} (microseconds). */
    private static double meanSeconds(ToLongFunction<SplittableRandom> draw, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double sum = 0;
        for (int i = 0; i < N; i++) {
            sum += draw.applyAsLong(random) / 1e6;
        }
        return sum / N;
    }

    /**
     * Gamma(x) for x >= 1 by the composite Simpson rule on Gamma(x) = int_0^inf 2 u^(2x-1) e^(-u^2) du
     * (t = u^2 makes the integrand smooth at 0); the integrand is below 1e-40 past u = 10.
     */
    private static double gamma(double x) {
        int steps = 20_000;
        double h = 10.0 / steps;
        double sum = 0;
        for (int i = 0; i <= steps; i++) {
            double u = i * h;
            double f = 2 * Math.pow(u, 2 * x - 1) * Math.exp(-u * u);
            sum += (i == 0 || i == steps ? 1 : i % 2 == 1 ? 4 : 2) * f;
        }
        return sum * h / 3;
    }

    @Test
    void theNumericGammaMatchesKnownValues() {
        // The Weibull checks rest on this helper: Gamma(1.5) = sqrt(pi)/2, Gamma(2) = 1, Gamma(4) = 6.
        assertEquals(Math.sqrt(Math.PI) / 2, gamma(1.5), 1e-9);
        assertEquals(1.0, gamma(2), 1e-9);
        assertEquals(6.0, gamma(4), 1e-8);
    }

    @Test
    void exponentialDrawsHaveMeansMtbfAndMttr() {
        ExponentialFailures model = new ExponentialFailures(1000, 40);
        // An exponential's standard deviation equals its mean, so the standard error is mean / sqrt(N).
        assertEquals(1000, meanSeconds(model::timeToFailure, 11), SE * 1000 / Math.sqrt(N));
        assertEquals(40, meanSeconds(model::timeToRepair, 12), SE * 40 / Math.sqrt(N));
    }

    @Test
    void weibullDrawsHaveMeanScaleTimesGammaOfOnePlusOneOverShape() {
        double scale = 500;
        for (double k : new double[] {0.7, 2}) {
            WeibullFailures model = new WeibullFailures(k, scale, 30);
            double mean = scale * gamma(1 + 1 / k);
            double sd = scale * Math.sqrt(gamma(1 + 2 / k) - Math.pow(gamma(1 + 1 / k), 2));
            assertEquals(mean, meanSeconds(model::timeToFailure, 21), SE * sd / Math.sqrt(N), "shape " + k);
            // Repairs stay exponential whatever the shape.
            assertEquals(30, meanSeconds(model::timeToRepair, 22), SE * 30 / Math.sqrt(N), "shape " + k);
        }
        // k = 2 gives the Rayleigh mean scale * sqrt(pi) / 2: the helper and the closed form agree.
        assertEquals(scale * Math.sqrt(Math.PI) / 2, scale * gamma(1.5), 1e-6);
    }

    @Test
    void drawsAreAtLeastOneMicrosecondSoAComponentCannotFailTwiceInOneInstant() {
        // Means of a nanosecond round every draw to 0 us; the models must clamp them to 1 us.
        FailureModel[] tiny = {new ExponentialFailures(1e-9, 1e-9), new WeibullFailures(0.7, 1e-9, 1e-9)};
        SplittableRandom random = new SplittableRandom(3);
        for (FailureModel m : tiny) {
            for (int i = 0; i < 1000; i++) {
                assertEquals(1, m.timeToFailure(random), m.label());
                assertEquals(1, m.timeToRepair(random), m.label());
            }
        }
        FailureModel normal = new WeibullFailures(0.7, 10, 1);
        for (int i = 0; i < 10_000; i++) {
            assertTrue(normal.timeToFailure(random) >= 1);
            assertTrue(normal.timeToRepair(random) >= 1);
        }
        assertEquals(1, FailureModel.micros(0));
        assertEquals(1, FailureModel.micros(-5));
        assertEquals(2_500_000, FailureModel.micros(2.5));
    }

    @Test
    void theSameSeedGivesTheSameSequenceOfDraws() {
        // Each node draws from its own stream: results must depend on the seed only.
        for (FailureModel m : new FailureModel[] {new ExponentialFailures(100, 5), new WeibullFailures(0.7, 100, 5)}) {
            SplittableRandom a = new SplittableRandom(99);
            SplittableRandom b = new SplittableRandom(99);
            SplittableRandom other = new SplittableRandom(100);
            boolean differs = false;
            for (int i = 0; i < 100; i++) {
                long fa = m.timeToFailure(a);
                long ra = m.timeToRepair(a);
                assertEquals(fa, m.timeToFailure(b), m.label() + " draw " + i);
                assertEquals(ra, m.timeToRepair(b), m.label() + " draw " + i);
                differs |= fa != m.timeToFailure(other);
                m.timeToRepair(other);
            }
            assertTrue(differs, "another seed gives other draws");
        }
    }

    @Test
    void noneForbidsScriptedFailuresTraceAllowsThemAndNeitherFailsOnItsOwn() {
        FailureModel none = registry.failureModel("none");
        FailureModel trace = registry.failureModel("trace");
        assertEquals("none", none.label());
        assertEquals("trace", trace.label());
        assertFalse(none.allowsScriptedFailures());
        assertTrue(trace.allowsScriptedFailures());
        assertFalse(none.stochastic());
        assertFalse(trace.stochastic());
        // A non-stochastic model must never be asked for a draw; asking is a programming error.
        assertThrows(UnsupportedOperationException.class, () -> trace.timeToFailure(new SplittableRandom(1)));
        assertThrows(UnsupportedOperationException.class, () -> none.timeToRepair(new SplittableRandom(1)));
    }

    @Test
    void stochasticModelsFailOnTheirOwnAndAllowScriptedFailuresToo() {
        for (String spec : new String[] {"exponential", "weibull"}) {
            FailureModel m = registry.failureModel(spec);
            assertTrue(m.stochastic(), spec);
            assertTrue(m.allowsScriptedFailures(), spec);
            assertEquals(spec, m.label());
        }
    }

    @Test
    void registrySpecsGiveDurationsInSecondsAndFillDefaults() {
        ExponentialFailures e = assertInstanceOf(ExponentialFailures.class,
                registry.failureModel("exponential[500h,4h]"));
        assertEquals(1.8e6, e.mtbf());
        assertEquals(14_400, e.mttr());
        // Defaults: mtbf 1000h, mttr 4h; shape 0.7, scale 1000h.
        assertEquals(new ExponentialFailures(3.6e6, 14_400), registry.failureModel("exponential"));
        assertEquals(new ExponentialFailures(90 * 60, 14_400), registry.failureModel("exponential[90m]"));
        assertEquals(new WeibullFailures(0.7, 3.6e6, 14_400), registry.failureModel("weibull"));
        assertEquals(new WeibullFailures(0.8, 86_400, 14_400), registry.failureModel("weibull[0.8,1d]"));
        assertEquals(new WeibullFailures(2, 3600, 30), registry.failureModel("weibull[2,3600,30s]"));
    }

    @Test
    void badArgumentsAreRefusedNamingTheModel() {
        for (String bad : new String[] {"exponential[0h,4h]", "exponential[1h,0]", "exponential[x]",
                "weibull[-1]", "weibull[0]", "weibull[0.7,abc]", "exponential[1h,2h,3h]"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> registry.failureModel(bad), bad);
            String name = bad.substring(0, bad.indexOf('['));
            assertTrue(e.getMessage().contains("failure model '" + name), bad + ": " + e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> registry.failureModel("gamma[1h]"));
        assertTrue(e.getMessage().contains("unknown failure model 'gamma'"), e.getMessage());
        assertTrue(e.getMessage().contains("none, trace, exponential, weibull"), e.getMessage());
    }

    @Test
    void modelsRefuseNonPositiveOrInfiniteParametersWhenBuiltDirectly() {
        assertThrows(IllegalArgumentException.class, () -> new ExponentialFailures(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ExponentialFailures(1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new ExponentialFailures(Double.POSITIVE_INFINITY, 1));
        assertThrows(IllegalArgumentException.class, () -> new WeibullFailures(-0.5, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new WeibullFailures(1, 1, Double.POSITIVE_INFINITY));
    }
}
