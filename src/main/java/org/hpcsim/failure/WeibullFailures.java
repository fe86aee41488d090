package org.hpcsim.failure;

import java.util.SplittableRandom;
import org.apache.commons.math3.special.Gamma;

/**
 * Weibull times to failure, shape k and scale lambda (seconds): shape below 1 gives the decreasing
 * hazard measured on HPC systems (Schroeder and Gibson found 0.7 to 0.8 for time between failures),
 * 1 is exponential. Repairs are exponential with mean {@code mttr}. Draws by inversion,
 * lambda (-ln(1 - u))^(1/k).
 */
public record WeibullFailures(double shape, double scale, double mttr) implements FailureModel {

    public WeibullFailures {
        for (double v : new double[] {shape, scale, mttr}) {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("shape, scale and mttr must be positive and finite, got " + shape
                        + ", " + scale + " and " + mttr);
            }
        }
    }

    @Override
    public String label() {
        return "weibull";
    }

    @Override
    public boolean stochastic() {
        return true;
    }

    /** lambda Gamma(1 + 1/k). */
    @Override
    public double meanTimeToFailure() {
        return scale * Gamma.gamma(1 + 1 / shape);
    }

    @Override
    public long timeToFailure(SplittableRandom random) {
        return FailureModel.micros(scale * Math.pow(-Math.log1p(-random.nextDouble()), 1 / shape));
    }

    @Override
    public long timeToRepair(SplittableRandom random) {
        return FailureModel.micros(ExponentialFailures.exponential(mttr, random));
    }
}
