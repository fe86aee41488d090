package org.hpcsim.thermal;

import java.nio.DoubleBuffer;

/**
 * The room's node powers P and inlet rises R = D P (T_in = T_sup + R), kept up to date one node at a
 * time: a power change at node j moves R by D[:, j] times the change, one column of D (O(N) with a
 * {@link DenseHeatModel}), never a whole D P. Starts with every node at 0 W.
 *
 * <p>Rounding: each update adds a rounding error of about 1e-16 of |R| to R, so after m updates R is
 * within roughly m x 1e-16 relative of a fresh D P. The IT power is not kept that way: it is summed
 * again from P (in node order) when asked after a change, an O(N) pass no dearer than one update, so it
 * is exactly the sum of the current powers and does not drift.
 *
 * <p>Mutable and not thread-safe: one owner (the thermal actor) at a time.
 */
public final class InletTemperatures {
    private final HeatModel heat;
    private final double[] power;
    private final double[] rise;
    private double itPower;
    private boolean itPowerStale;

    public InletTemperatures(HeatModel heat) {
        this.heat = heat;
        this.power = new double[heat.size()];
        this.rise = new double[heat.size()];
    }

    public HeatModel heat() {
        return heat;
    }

    /** Number of nodes. */
    public int size() {
        return power.length;
    }

    /** Sets node j's power draw in watts (finite, >= 0) and moves every inlet rise accordingly. */
    public void setPower(int node, double watts) {
        check(node, watts);
        double delta = watts - power[node];
        if (delta != 0) {
            heat.addColumn(node, delta, rise);
            power[node] = watts;
            itPowerStale = true;
        }
    }

    /**
     * Sets the power draws {@code watts[q]} of {@code nodes[q]}, q = 0..count-1, in that order (a node may
     * appear more than once: its last value holds), and moves the inlet rises by all the changes at
     * once through {@link HeatModel#addColumns} (a dense D adds the columns one by one, exactly as as
     * many {@link #setPower} calls would).
     */
    public void setPowers(int[] nodes, double[] watts, int count) {
        int[] changed = new int[count];
        double[] deltas = new double[count];
        int m = 0;
        for (int q = 0; q < count; q++) {
            int node = nodes[q];
            check(node, watts[q]);
            double delta = watts[q] - power[node];
            if (delta != 0) {
                changed[m] = node;
                deltas[m++] = delta;
                power[node] = watts[q];
                itPowerStale = true;
            }
        }
        if (m > 0) {
            heat.addColumns(changed, deltas, m, rise);
        }
    }

    private static void check(int node, double watts) {
        if (!(watts >= 0) || Double.isInfinite(watts)) {
            throw new IllegalArgumentException("node " + node + " power must be finite and >= 0 W, got " + watts);
        }
    }

    /** Node i's power draw, W. */
    public double power(int node) {
        return power[node];
    }

    /** Node i's inlet rise over the supply temperature, K: (D P)_i. */
    public double rise(int node) {
        return rise[node];
    }

    /** Total power of all nodes, W (P_c in Meng et al.'s Eq. 9). */
    public double itPower() {
        if (itPowerStale) {
            double sum = 0;
            for (double p : power) {
                sum += p;
            }
            itPower = sum;
            itPowerStale = false;
        }
        return itPower;
    }

    /** The largest inlet rise over the given nodes; negative infinity for none. */
    public double maxRise(int[] nodes) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i : nodes) {
            max = Math.max(max, rise[i]);
        }
        return max;
    }

    /** The largest inlet rise in the room: max(D P). */
    public double maxRise() {
        double max = Double.NEGATIVE_INFINITY;
        for (double r : rise) {
            max = Math.max(max, r);
        }
        return max;
    }

    /**
     * Every node's inlet rise, as a read-only view that follows later updates (no copy); copy it before
     * it leaves the owner's thread.
     */
    public DoubleBuffer rises() {
        return DoubleBuffer.wrap(rise).asReadOnlyBuffer();
    }
}
