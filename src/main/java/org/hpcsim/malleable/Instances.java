package org.hpcsim.malleable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.topology.LineTopology;

/**
 * Instances for experiments and tests: random uniform proportional instances, and the reduction of
 * Theorem 2 (Bampis et al. 2020) from Partition.
 */
public final class Instances {
    private Instances() {
    }

    /**
     * A random uniform proportional instance with up to 40 compute nodes, 6 I/O nodes and 30 jobs:
     * {@link #randomUniformProportional(SplittableRandom, int, int, int)} with those limits.
     */
    public static Instance randomUniformProportional(SplittableRandom random) {
        return randomUniformProportional(random, 40, 6, 30);
    }

    /**
     * A random uniform proportional instance, drawn from {@code random} only.
     *
     * <p>The line has 1..maxComputeNodes compute nodes and 1..maxIoNodes I/O nodes. Each I/O node's
     * gap is 0 or m^C (an end of the line) with probability 1/4 each and uniform in 0..m^C otherwise,
     * so that ends and I/O nodes sharing a gap, the cases Lemma 6 of the paper deals with, are
     * common. Q is uniform in 1..m^C. There are 1..maxJobs jobs, ids 0.., each on a uniformly drawn
     * I/O node, with a load that is an integer in 1..20 or a fraction in (0, 20], with probability
     * 1/2 each.
     */
    public static Instance randomUniformProportional(SplittableRandom random, int maxComputeNodes, int maxIoNodes,
                                                     int maxJobs) {
        if (maxComputeNodes < 1 || maxIoNodes < 1 || maxJobs < 1) {
            throw new IllegalArgumentException("a random instance needs at least one compute node, I/O node and job");
        }
        int computeNodes = 1 + random.nextInt(maxComputeNodes);
        int[] gaps = new int[1 + random.nextInt(maxIoNodes)];
        for (int k = 0; k < gaps.length; k++) {
            int end = random.nextInt(4);
            gaps[k] = end == 0 ? 0 : end == 1 ? computeNodes : random.nextInt(computeNodes + 1);
        }
        Arrays.sort(gaps);
        LineTopology line = LineTopology.withGaps(computeNodes, gaps);
        int q = 1 + random.nextInt(computeNodes);
        int n = 1 + random.nextInt(maxJobs);
        List<MalleableJob> jobs = new ArrayList<>();
        for (int id = 0; id < n; id++) {
            double load = random.nextBoolean() ? 1 + random.nextInt(20) : 20 * (1 - random.nextDouble());
            jobs.add(MalleableJob.malleable(id, load, q, random.nextInt(gaps.length)));
        }
        return new Instance(line, jobs, Speedup.proportional());
    }

    /**
     * The reduction of Theorem 2 from Partition: weights w_1..w_k and Q give the line {@code IO C_Q
     * IO C_Q IO}; a small job a_i = w_i on the middle I/O node for each weight (ids 0..k-1), and two
     * big jobs of load B Q^2 on the left and the right I/O node (ids k and k + 1), where B = sum(w) /
     * (2Q); every job may use up to Q nodes and the speed-up is proportional. The weights can be
     * split into two halves of equal sum exactly when a schedule of makespan {@link
     * #theorem2Target B (Q + 1)} exists.
     */
    public static Instance theorem2(double[] weights, int q) {
        if (weights.length == 0 || q < 1) {
            throw new IllegalArgumentException("Theorem 2 needs at least one weight and Q >= 1");
        }
        double b = partitionB(weights, q);
        List<MalleableJob> jobs = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) {
            jobs.add(MalleableJob.malleable(i, weights[i], q, 1));
        }
        jobs.add(MalleableJob.malleable(weights.length, b * q * q, q, 0));
        jobs.add(MalleableJob.malleable(weights.length + 1, b * q * q, q, 2));
        return new Instance(LineTopology.withGaps(2 * q, 0, q, 2 * q), jobs, Speedup.proportional());
    }

    /** The makespan B (Q + 1) that {@link #theorem2} instances reach exactly when the weights split evenly. */
    public static double theorem2Target(double[] weights, int q) {
        return partitionB(weights, q) * (q + 1);
    }

    /** The most weights {@link #evenSplit} takes: it tries every subset. */
    public static final int MAX_SPLIT_WEIGHTS = 24;

    /**
     * Partition itself, by trying every subset: the ascending indices of a subset of the weights whose
     * sum is half the total (within 1e-9 of it, relatively), or null when there is none. The subset
     * returned holds index 0; the others are tried in binary counting order (index 1 the lowest bit).
     *
     * @throws IllegalArgumentException for no weight, a weight that is not positive, or more than
     *                                  {@link #MAX_SPLIT_WEIGHTS} weights
     */
    public static int[] evenSplit(double[] weights) {
        if (weights.length == 0 || weights.length > MAX_SPLIT_WEIGHTS) {
            throw new IllegalArgumentException("an even split is searched for 1.." + MAX_SPLIT_WEIGHTS
                    + " weights, not " + weights.length);
        }
        double total = partitionB(weights, 1) * 2;
        int k = weights.length;
        for (long mask = 0; mask < 1L << (k - 1); mask++) {
            double sum = weights[0];
            for (int i = 1; i < k; i++) {
                if ((mask >>> (i - 1) & 1) != 0) {
                    sum += weights[i];
                }
            }
            if (Math.abs(2 * sum - total) <= 1e-9 * total) {
                int[] half = new int[1 + Long.bitCount(mask)];
                int n = 1;
                for (int i = 1; i < k; i++) {
                    if ((mask >>> (i - 1) & 1) != 0) {
                        half[n++] = i;
                    }
                }
                return half;
            }
        }
        return null;
    }

    /** B with 2 B Q = sum(w). */
    private static double partitionB(double[] weights, int q) {
        double sum = 0;
        for (double w : weights) {
            if (!(w > 0)) {
                throw new IllegalArgumentException("Partition weights must be positive: " + w);
            }
            sum += w;
        }
        return sum / (2.0 * q);
    }
}
