package org.hpcsim.malleable;

import java.util.List;
import org.hpcsim.malleable.GeneralizedMalleable.Allocation;
import org.hpcsim.topology.LineTopology;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * The alpha of Bampis et al.'s Lemma 8 and Theorem 9: the largest alpha for which the feasibility LP
 * (R1)-(R3) of one job with Q_j = q has a solution.
 *
 * <p>The job stands on a line of q compute nodes, its I/O node, and q compute nodes, with no other
 * I/O node, so every allocation (q' nodes, k of them left of the I/O node) for q' in 1..q and k in
 * 0..q' exists ({@link GeneralizedMalleable#allocations}, load a_j = 1, which cancels). With L_i(x)
 * = sum_{l containing i} x_l p_l the LP is
 *
 * <pre>
 *   (R1) p_l >= alpha L_i(x)   for every allocation l and every <b>compute</b> node i of l
 *   (R2) sum_l x_l = 1
 *   (R3) x >= 0
 * </pre>
 *
 * <p>Interpretation: i ranges over the allocation's compute nodes, not over its I/O node. The I/O node
 * lies in every allocation, so there L_i(x) = sum_l x_l p_l, and (R1) at the I/O node alone would give
 * p_l >= alpha sum_l' x_l' p_l' for every l, capping alpha at 1 for every f: Lemma 8 would then claim
 * that rounding never raises a job's load anywhere, which is false: with x = 1/2 on the two allocations
 * of q nodes entirely on one side, every compute node carries p(q)/2 and every allocation has p_l >= 2 L_i
 * on all its compute nodes.
 *
 * <p>Since (R1) for all l containing i says alpha L_i(x) <= m_i = min_{l containing i} p_l, the
 * largest alpha is also 1 / beta* for the single LP: minimize beta subject to L_i(x) <= beta m_i for
 * every compute node, (R2) and (R3) ({@link #alphaByLp}); {@link #alpha} finds it by binary search
 * on (R1)-(R3) as the paper does, and the tests check that both agree.
 *
 * <p>For a non-increasing f both give 2 for every q: every allocation contains one of the two compute
 * nodes beside the I/O node and the full-width allocations contain either, so L_left + L_right >=
 * sum_l x_l p_l >= p(q) = m_left = m_right and alpha <= 2; x = 1/2 on the two allocations of q nodes
 * entirely on one side loads every compute node with p(q)/2 = m_i/2, so alpha = 2. Rigid jobs (one
 * node count, one run time) give 2 by the same argument.
 *
 * <p>Note that (R1) bounds, for the best allocation, the <em>smallest</em> p_l / L_i over its nodes,
 * whereas the rounding minimizes the <em>largest</em>: alpha is not an upper bound on the rounding's
 * ratio (see {@link GeneralizedMalleable}).
 */
public final class AlphaBound {
    static {
        // ojAlgo prints a hardware-profile notice on standard output unless told not to.
        System.getProperties().putIfAbsent("shut.up.ojAlgo", "true");
    }

    /** The binary search stops when the bracket is this narrow. */
    public static final double TOLERANCE = 1e-6;

    private AlphaBound() {
    }

    /**
     * alpha for a malleable job with Q_j = q under f, by binary search on (R1)-(R3).
     *
     * <p>Bracket: alpha = 1 is feasible (x = 1 on one allocation of q nodes loads its nodes with
     * p(q), and no allocation is faster). The upper end starts at 2 and doubles while feasible (by the
     * argument in the class comment it stops at 4 at most); then the bracket is halved, keeping a
     * feasible lower end, until it is narrower than {@value #TOLERANCE}. Returns the lower end: a
     * feasible alpha within the tolerance of the largest.
     *
     * @throws IllegalArgumentException when q < 1
     */
    public static double alpha(Speedup f, int q) {
        return search(family(f, q, false));
    }

    /** alpha for a malleable job with Q_j = q under f, as 1 / beta* of the single LP (class comment). */
    public static double alphaByLp(Speedup f, int q) {
        return direct(family(f, q, false));
    }

    /** alpha for a rigid job of q nodes (allocations of q nodes only), by binary search on (R1)-(R3). */
    public static double rigidAlpha(int q) {
        return search(family(Speedup.proportional(), q, true));
    }

    /** alpha for a rigid job of q nodes, as 1 / beta* of the single LP. */
    public static double rigidAlphaByLp(int q) {
        return direct(family(Speedup.proportional(), q, true));
    }

    /** The allocations of the job on its line C_q IO C_q (f is not used for a rigid job). */
    private static List<Allocation> family(Speedup f, int q, boolean rigid) {
        if (q < 1) {
            throw new IllegalArgumentException("alpha needs Q_j >= 1: " + q);
        }
        LineTopology line = LineTopology.withGaps(2 * q, q);
        return GeneralizedMalleable.allocations(line, new MalleableJob(0, 1, q, 0, rigid), f);
    }

    private static double search(List<Allocation> family) {
        double lo = 1;
        double hi = 2;
        while (feasible(family, hi)) {
            lo = hi;
            hi *= 2;
        }
        while (hi - lo > TOLERANCE) {
            double mid = (lo + hi) / 2;
            if (feasible(family, mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether (R1)-(R3) have a solution for this alpha; (R1) taken literally, one row per (l, i). */
    private static boolean feasible(List<Allocation> family, double alpha) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] x = variables(model, family);
        for (Allocation l : family) {
            for (int i = l.first(); i < l.first() + l.count(); i++) {
                Expression row = model.addExpression().upper(l.time());
                for (int k = 0; k < family.size(); k++) {
                    if (contains(family.get(k), i)) {
                        row.set(x[k], alpha * family.get(k).time());
                    }
                }
            }
        }
        Optimisation.State state = model.minimise().getState();
        if (!state.isFeasible() && state != Optimisation.State.INFEASIBLE) {
            throw new IllegalStateException("the feasibility LP for alpha = " + alpha + " was not solved: " + state);
        }
        return state.isFeasible();
    }

    /** 1 / beta*: minimize beta subject to L_i(x) <= beta m_i on every compute node, (R2), (R3). */
    private static double direct(List<Allocation> family) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] x = variables(model, family);
        Variable beta = model.addVariable("beta").lower(0).weight(1);
        int nodes = 0;
        for (Allocation l : family) {
            nodes = Math.max(nodes, l.first() + l.count());
        }
        for (int i = 0; i < nodes; i++) {
            double least = Double.POSITIVE_INFINITY;
            Expression row = model.addExpression().upper(0);
            for (int k = 0; k < family.size(); k++) {
                if (contains(family.get(k), i)) {
                    row.set(x[k], family.get(k).time());
                    least = Math.min(least, family.get(k).time());
                }
            }
            row.set(beta, -least);
        }
        Optimisation.Result result = model.minimise();
        if (!result.getState().isOptimal()) {
            throw new IllegalStateException("the LP for alpha was not solved: " + result.getState());
        }
        return 1 / result.doubleValue(family.size());
    }

    /** x_l >= 0 for every allocation, with (R2). */
    private static Variable[] variables(ExpressionsBasedModel model, List<Allocation> family) {
        Variable[] x = new Variable[family.size()];
        Expression sum = model.addExpression("R2").level(1);
        for (int k = 0; k < x.length; k++) {
            x[k] = model.addVariable("x" + k).lower(0);
            sum.set(x[k], 1);
        }
        return x;
    }

    private static boolean contains(Allocation l, int node) {
        return l.first() <= node && node < l.first() + l.count();
    }
}
