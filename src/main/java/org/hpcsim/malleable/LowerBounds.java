package org.hpcsim.malleable;

import org.hpcsim.topology.LineTopology;

/**
 * The lower bounds of Bampis et al. 2020 (Section III.A) on the makespan of a uniform
 * proportional-malleable instance: every job may use 1..Q compute nodes and runs a_j / q_j.
 *
 * <p>The bounds only depend on the aggregated load A_k of each I/O node k, the sum of a_j over the
 * jobs that need it (Proposition 1: aggregating the jobs of one I/O node into one job changes
 * neither bound). A job of I/O node k can only run on the compute nodes of [r_k, d_k] with r_k =
 * max(0, tau_k - Q) and d_k = min(m^C, tau_k + Q) (in the paper's coordinates, compute node c is
 * the unit interval [c, c + 1]), since its range holds at most Q nodes and must touch tau_k.
 *
 * <ul>
 *   <li>LB1 (eq. 1, written as eq. 3): over every interval [r_i, d_j] with r_i &lt; d_j, the sum of
 *       the A_k whose [r_k, d_k] lies inside it, divided by its width: that work can only be done
 *       by those d_j - r_i nodes. Eq. 3 writes i &lt; j, but the single intervals (i = j) are
 *       valid bounds too (eq. 1 with M = [r_i, d_i]), the proof of Proposition 2 uses them (its run
 *       of touching rectangles j..i may be one rectangle), and without them LB1 would be undefined
 *       for an instance with one I/O node. They never exceed LB2 (d_i - r_i &gt;= Q, since Q &lt;=
 *       m^C), so LB is the same either way. Pairs with i &gt; j add nothing new (the interval is
 *       then empty or equal to one with i &lt;= j, when I/O nodes share a gap) but are valid, so
 *       every pair is taken.</li>
 *   <li>LB2 (eq. 2 and 4): max over the I/O nodes of A_k / Q, since a job uses at most Q nodes and
 *       the jobs of one I/O node cannot run at the same time (they would share that node).</li>
 * </ul>
 * Only I/O nodes that have jobs give intervals; an I/O node without jobs could only widen an
 * interval without adding load.
 *
 * @param lb1 LB1, the densest interval
 * @param lb2 LB2, the heaviest I/O node over Q
 */
public record LowerBounds(double lb1, double lb2) {

    /** LB = max(LB1, LB2). */
    public double lb() {
        return Math.max(lb1, lb2);
    }

    /**
     * The bounds of a uniform proportional instance.
     *
     * @throws IllegalArgumentException when the instance is not uniform (no jobs, a rigid job, or two
     *                                  different Q) or its speed-up is not proportional
     */
    public static LowerBounds of(Instance instance) {
        requireUniformProportional(instance);
        LineTopology line = instance.line();
        int q = instance.job(0).maxNodes();
        double[] load = aggregatedLoads(instance);
        int m = line.size();
        double lb2 = 0;
        for (double a : load) {
            lb2 = Math.max(lb2, a / q);
        }
        double lb1 = 0;
        for (int i = 0; i < load.length; i++) {
            if (load[i] == 0) {
                continue;
            }
            int from = release(line.gap(i), q);
            for (int j = 0; j < load.length; j++) {
                int to = deadline(line.gap(j), q, m);
                if (load[j] == 0 || to <= from) {
                    continue;
                }
                double inside = 0;
                for (int k = 0; k < load.length; k++) {
                    int gap = line.gap(k);
                    if (load[k] > 0 && release(gap, q) >= from && deadline(gap, q, m) <= to) {
                        inside += load[k];
                    }
                }
                lb1 = Math.max(lb1, inside / (to - from));
            }
        }
        return new LowerBounds(lb1, lb2);
    }

    /**
     * A_k for every I/O node k (0 for I/O nodes without jobs), summed in the order of the jobs.
     */
    static double[] aggregatedLoads(Instance instance) {
        double[] load = new double[instance.line().ioCount()];
        for (MalleableJob j : instance.jobs()) {
            load[j.io()] += j.load();
        }
        return load;
    }

    /** r = max(0, tau - Q): the leftmost point a rectangle local to tau may reach. */
    static int release(int tau, int q) {
        return Math.max(0, tau - q);
    }

    /** d = min(m^C, tau + Q): the rightmost point a rectangle local to tau may reach. */
    static int deadline(int tau, int q, int computeNodes) {
        return Math.min(computeNodes, tau + q);
    }

    /** Throws unless the instance is uniform and proportional, saying which condition fails. */
    static void requireUniformProportional(Instance instance) {
        if (!instance.speedup().isProportional()) {
            throw new IllegalArgumentException("the lower bounds and the 2-approximation need the proportional "
                    + "speed-up f(q) = 1/q, not " + instance.speedup().spec());
        }
        if (!instance.uniform()) {
            throw new IllegalArgumentException("the lower bounds and the 2-approximation need a uniform instance: "
                    + "at least one job, every job malleable with the same Q");
        }
    }
}
