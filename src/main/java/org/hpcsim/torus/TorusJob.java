package org.hpcsim.torus;

import java.util.List;
import java.util.Objects;

/**
 * A job J = (d, t) of Gupta and Srimani: it needs a d x d subtorus for t time units. Jobs are
 * numbered from 1 in the order of the list that holds them; both algorithms take that order as
 * given, so it must already be the paper's non-increasing order of dimension.
 *
 * @param dimension d, the side of the square subtorus, a power of two
 * @param time t, positive
 */
public record TorusJob(int dimension, Rational time) {
    /** The largest torus side: 2^30, so that m and every dimension fit an {@code int}. */
    private static final int MAX_TORUS = 1 << 30;

    public TorusJob {
        Objects.requireNonNull(time, "time");
    }

    /**
     * Checks an instance as both algorithms need it: m a power of two, every dimension a power of two
     * of at most m, every time positive, dimensions non-increasing. The messages name the job by its
     * number from 1.
     *
     * @throws IllegalArgumentException naming the first violation
     */
    public static void checkInstance(int m, List<TorusJob> jobs) {
        if (m < 1 || m > MAX_TORUS || Integer.bitCount(m) != 1) {
            throw new IllegalArgumentException("the torus side m must be a power of two from 1 to 2^30, got " + m);
        }
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException("no jobs");
        }
        for (int k = 0; k < jobs.size(); k++) {
            TorusJob job = jobs.get(k);
            int d = job.dimension();
            if (d < 1 || Integer.bitCount(d) != 1) {
                throw new IllegalArgumentException("job " + (k + 1) + ": dimension " + d + " is not a power of two");
            }
            if (d > m) {
                throw new IllegalArgumentException("job " + (k + 1) + ": dimension " + d
                        + " is larger than the torus side " + m);
            }
            if (job.time().signum() <= 0) {
                throw new IllegalArgumentException("job " + (k + 1) + ": time must be positive, got " + job.time());
            }
            if (k > 0 && d > jobs.get(k - 1).dimension()) {
                throw new IllegalArgumentException("jobs must come in non-increasing order of dimension: job "
                        + (k + 1) + " (dimension " + d + ") follows job " + k + " (dimension "
                        + jobs.get(k - 1).dimension() + ")");
            }
        }
    }
}
