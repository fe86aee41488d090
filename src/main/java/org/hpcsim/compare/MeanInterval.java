package org.hpcsim.compare;

import java.math.BigDecimal;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * The mean of a metric over runs that differ only in their seed, and the half-width of its 95 %
 * confidence interval from Student's t distribution with n - 1 degrees of freedom:
 * t(0.975, n - 1) s / sqrt(n), s the sample standard deviation. Seeds are few (often 2 to 10), where
 * the normal quantile 1.96 would understate the interval by up to a factor of 6.5.
 *
 * @param n         the runs with a value
 * @param mean      their mean
 * @param halfWidth the interval's half-width; 0 for one run
 */
record MeanInterval(int n, double mean, double halfWidth) {
    static final double CONFIDENCE = 0.95;

    /** Of the values (at least one), in the order given. */
    static MeanInterval of(List<BigDecimal> values) {
        SummaryStatistics s = new SummaryStatistics();
        for (BigDecimal v : values) {
            s.addValue(v.doubleValue());
        }
        int n = values.size();
        if (n < 2) {
            return new MeanInterval(n, s.getMean(), 0);
        }
        return new MeanInterval(n, s.getMean(), tQuantile(n - 1) * s.getStandardDeviation() / Math.sqrt(n));
    }

    /** The two-sided 95 % quantile of Student's t with {@code df} degrees of freedom (12.71 for 1). */
    static double tQuantile(int df) {
        // No random generator: the distribution is only evaluated, never sampled.
        return new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }

    /** "mean ± half-width", both rounded to significant digits. */
    String text() {
        return SignificantDigits.format(BigDecimal.valueOf(mean)) + " ± " + SignificantDigits.format(BigDecimal.valueOf(halfWidth));
    }
}
