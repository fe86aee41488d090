package org.hpcsim.failure;

import java.util.SplittableRandom;

/**
 * Memoryless failures: times to failure exponential with mean {@code mtbf}, repairs exponential
 * with mean {@code mttr} (seconds). Draws by inversion, -mean ln(1 - u), u uniform in [0, 1).
 */
public record ExponentialFailures(double mtbf, double mttr) implements FailureModel {

    public ExponentialFailures {
        if (!(mtbf > 0) || !(mttr > 0) || Double.isInfinite(mtbf) || Double.isInfinite(mttr)) {
            throw new IllegalArgumentException("mtbf and mttr must be positive and finite, got " + mtbf + " and " + mttr);
        }
    }

    @Override
    public String label() {
        return "exponential";
    }

    @Override
    public boolean stochastic() {
        return true;
    }

    @Override
    public double meanTimeToFailure() {
        return mtbf;
    }

    @Override
    public long timeToFailure(SplittableRandom random) {
        return FailureModel.micros(exponential(mtbf, random));
    }

    @Override
    public long timeToRepair(SplittableRandom random) {
        return FailureModel.micros(exponential(mttr, random));
    }

    static double exponential(double mean, SplittableRandom random) {
        return -mean * Math.log1p(-random.nextDouble());
    }
}
