package org.hpcsim.allocation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.hpcsim.thermal.HeatModel;
import org.hpcsim.thermal.PeakInlet;
import org.hpcsim.thermal.RoomModel;

/**
 * MPIT's LP relaxation (Tang et al., as Meng et al. 4.1 and 5.3 use it) and its rounding, shared by
 * the cooling-aware and joint allocators.
 *
 * <p>With the busy nodes fixed at x = 1, node i's inlet is {@code base_i + sum_{free j} a_ij x_j},
 * base_i = T_sup + (D P_idle)_i + P_util sum_{busy j} D_ij and a_ij = P_util D_ij. The LP has x_j in
 * [0, 1] for the F free nodes and the peak z: minimize z subject to
 * {@code base_i + sum_j a_ij x_j <= z} for every node i of the room and {@code sum_j x_j = k}.
 *
 * <p>Row generation (exact): the LP starts with the {@value #FIRST_ROWS} hottest rows at the current
 * busy set and the {@value #FIRST_ROWS} hottest when the job is spread evenly (x_j = k / F); after
 * each solve every row of the room is evaluated at the solution, and the (at most
 * {@value #ADDED_ROWS}) most violated rows not yet in the LP are added, until no row exceeds z by
 * more than {@value #TOLERANCE} K. The LP value is then the optimum over all rows: the rows left out
 * are satisfied by a solution that is optimal for a relaxation with fewer rows.
 *
 * <p>Rounding: the 0/1 vector with sum k nearest to x (in any Lp norm) sets the k largest x_j to 1,
 * which is also what SST's implementation of MPIT does (EnergyAllocClasses.cc, roundallocarray); this is our
 * reading of Tang et al.'s discretization. Values within 1e-7 count as equal (solver noise), and
 * ties go to the lower node id. Deterministic: the LP is built in a fixed order and solved by
 * Apache Commons Math's simplex, single-threaded. Not ojAlgo's: on these degenerate LPs (D has
 * many zero entries, so many vertices tie) its dual simplex cycled, stalling a NASA run for over ten
 * minutes in one allocation; Commons Math's Bland's rule cannot cycle.
 */
final class Mpit {
    /** Rows evaluated above z by more than this (kelvin) are added to the LP. */
    static final double TOLERANCE = 1e-7;
    static final int FIRST_ROWS = 16;
    static final int ADDED_ROWS = 32;
    /** x values are compared after rounding to this step, so that solver noise does not break ties. */
    private static final double STEP = 1e-7;

    /** The LP's answer: x per free node (ascending ids), its peak over all rows, and the LP's size. */
    record Relaxation(int[] free, double[] x, double peak, int rows, int solves) {
    }

    private final MachineState machine;
    private final RoomModel room;
    private final PeakInlet inlets;

    Mpit(MachineState machine, RoomModel room, String policy) {
        this.machine = machine;
        this.room = require(room, machine, policy);
        this.inlets = new PeakInlet(room);
    }

    /**
     * The room, checked against the machine.
     *
     * @throws IllegalArgumentException when there is no thermal model or its size differs from the machine's
     */
    static RoomModel require(RoomModel room, MachineState machine, String policy) {
        if (room == null) {
            throw new IllegalArgumentException("allocator '" + policy + "' needs the thermal model: set"
                    + " thermal.enabled = true and give a heat-distribution (D) matrix");
        }
        if (room.heat().size() != machine.size()) {
            throw new IllegalArgumentException("allocator '" + policy + "': the heat-distribution matrix has "
                    + room.heat().size() + " nodes but the machine has " + machine.size());
        }
        return room;
    }

    PeakInlet inlets() {
        return inlets;
    }

    /** Inlet temperatures now (the machine's busy nodes running, the rest idle). */
    double[] current() {
        return inlets.inlets(node -> !machine.isFree(node));
    }

    /** The free node ids, ascending. */
    int[] free() {
        int[] free = new int[machine.freeCount()];
        int f = 0;
        for (int node = machine.nextFree(0); node >= 0; node = machine.nextFree(node + 1)) {
            free[f++] = node;
        }
        return free;
    }

    /** MPIT for 1 <= k < free count: the LP relaxation, then the k largest x. */
    int[] allocate(int k) {
        return round(relax(k, current()), k);
    }

    /** The k free nodes of largest x, ascending; ties to the lower id. */
    static int[] round(Relaxation r, int k) {
        int f = r.free().length;
        long[] keys = new long[f];
        for (int j = 0; j < f; j++) {
            long level = Math.round(Math.min(1, Math.max(0, r.x()[j])) / STEP);
            // Larger x first, then lower id: sort ascending on (-level, id).
            keys[j] = (-level) << 32 | r.free()[j];
        }
        Arrays.sort(keys);
        int[] chosen = new int[k];
        for (int j = 0; j < k; j++) {
            chosen[j] = (int) keys[j];
        }
        Arrays.sort(chosen);
        return chosen;
    }

    /** Solves the LP relaxation exactly by row generation, for 1 <= k <= the free count. */
    Relaxation relax(int k, double[] base) {
        HeatModel heat = room.heat();
        double util = room.power().utilization();
        int n = heat.size();
        int[] free = free();
        int f = free.length;
        // z = low + w with w >= 0; low bounds z from below even if D had negative entries. Column by
        // column (each free node's column once: a series model computes a whole column per entry), each
        // node's sum still taken in free-node order.
        double[] lowest = base.clone();
        double[] column = new double[n];
        for (int j = 0; j < f; j++) {
            column(heat, free[j], column);
            for (int i = 0; i < n; i++) {
                lowest[i] += Math.min(0, util * column[i]);
            }
        }
        double low = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            low = Math.max(low, lowest[i]);
        }
        boolean[] in = new boolean[n];
        int[] rows = new int[n];
        int count = 0;
        for (int i : hottest(base, FIRST_ROWS, in)) {
            in[i] = true;
            rows[count++] = i;
        }
        double[] spread = new double[f];
        Arrays.fill(spread, (double) k / f);
        for (int i : hottest(evaluate(base, free, spread), FIRST_ROWS, in)) {
            in[i] = true;
            rows[count++] = i;
        }
        int solves = 0;
        while (true) {
            double[] x = solve(k, base, free, rows, count, low);
            solves++;
            double z = low + x[f];
            double[] t = evaluate(base, free, x);
            double[] over = new double[n];
            for (int i = 0; i < n; i++) {
                over[i] = t[i] - z - TOLERANCE;
            }
            int[] add = violated(over, ADDED_ROWS, in);
            if (add.length == 0) {
                return new Relaxation(free, Arrays.copyOf(x, f), PeakInlet.max(t), count, solves);
            }
            for (int i : add) {
                in[i] = true;
                rows[count++] = i;
            }
        }
    }

    /** Column j of D into {@code out}: the same numbers as {@link HeatModel#entry} gives one by one. */
    private static void column(HeatModel heat, int j, double[] out) {
        java.util.Arrays.fill(out, 0);
        heat.addColumn(j, 1.0, out);
    }

    /** Inlets for the fractional allocation x over the free nodes. */
    private double[] evaluate(double[] base, int[] free, double[] x) {
        double[] t = base.clone();
        double util = room.power().utilization();
        for (int j = 0; j < free.length; j++) {
            if (x[j] != 0) {
                room.heat().addColumn(free[j], util * x[j], t);
            }
        }
        return t;
    }

    /** Up to m rows not yet in the LP with the largest values, ties to the lower id. */
    private static int[] hottest(double[] t, int m, boolean[] in) {
        Integer[] order = new Integer[t.length];
        for (int i = 0; i < t.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> a.equals(b) ? 0 : t[a] != t[b] ? Double.compare(t[b], t[a]) : Integer.compare(a, b));
        int[] out = new int[m];
        int c = 0;
        for (int i = 0; i < order.length && c < m; i++) {
            if (!in[order[i]]) {
                out[c++] = order[i];
            }
        }
        return Arrays.copyOf(out, c);
    }

    /** Up to m rows not in the LP with a positive excess, largest first (ties to the lower id). */
    private static int[] violated(double[] over, int m, boolean[] in) {
        int[] top = hottest(over, m, in);
        int c = 0;
        while (c < top.length && over[top[c]] > 0) {
            c++;
        }
        return Arrays.copyOf(top, c);
    }

    /**
     * One LP over the given rows: x_0..x_{f-1}, then w = z - low. Solved by Apache Commons Math's
     * simplex, whose Bland's rule cannot cycle on these degenerate LPs (many zero entries in D).
     */
    private double[] solve(int k, double[] base, int[] free, int[] rows, int count, double low) {
        HeatModel heat = room.heat();
        double util = room.power().utilization();
        int f = free.length;
        List<LinearConstraint> constraints = new ArrayList<>();
        double[] ones = new double[f + 1];
        for (int j = 0; j < f; j++) {
            ones[j] = 1;
            double[] bound = new double[f + 1];
            bound[j] = 1;
            constraints.add(new LinearConstraint(bound,
                    Relationship.LEQ, 1));
        }
        constraints.add(new LinearConstraint(ones,
                Relationship.EQ, k));
        double[][] row = new double[count][f + 1];
        double[] column = new double[heat.size()];
        for (int j = 0; j < f; j++) {
            column(heat, free[j], column);
            for (int r = 0; r < count; r++) {
                row[r][j] = util * column[rows[r]];
            }
        }
        for (int r = 0; r < count; r++) {
            row[r][f] = -1;
            constraints.add(new LinearConstraint(row[r],
                    Relationship.LEQ, low - base[rows[r]]));
        }
        double[] objective = new double[f + 1];
        objective[f] = 1;
        PointValuePair p = new SimplexSolver()
                .optimize(new MaxIter(Integer.MAX_VALUE),
                        new LinearObjectiveFunction(objective, 0),
                        new LinearConstraintSet(constraints),
                        GoalType.MINIMIZE,
                        new NonNegativeConstraint(true));
        return p.getPoint();
    }
}
