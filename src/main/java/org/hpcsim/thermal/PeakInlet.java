package org.hpcsim.thermal;

import java.util.function.IntPredicate;

/**
 * Predicted inlet temperatures for a set of busy nodes (Meng et al., Eq. 15): T_in = T_sup + D P with
 * P_j = P_idle for an idle node and P_idle + P_util for a busy one, P_util at the power model's default
 * communication share. The peak is the maximum over all nodes of the room. Stateless apart from the
 * room; safe to share.
 */
public final class PeakInlet {
    private final RoomModel room;

    public PeakInlet(RoomModel room) {
        this.room = room;
    }

    public RoomModel room() {
        return room;
    }

    /** Every node's inlet temperature, degrees C, when the nodes {@code busy} accepts run jobs. */
    public double[] inlets(IntPredicate busy) {
        HeatModel heat = room.heat();
        int n = heat.size();
        double idle = room.power().idle();
        double running = idle + room.power().utilization();
        double[] p = new double[n];
        for (int j = 0; j < n; j++) {
            p[j] = busy.test(j) ? running : idle;
        }
        double[] t = new double[n];
        heat.multiply(p, t);
        for (int i = 0; i < n; i++) {
            t[i] += room.supply();
        }
        return t;
    }

    /** The inlets after the nodes {@code added} (idle in {@code inlets}) start running a job. */
    public double[] with(double[] inlets, int[] added) {
        double[] t = inlets.clone();
        double util = room.power().utilization();
        for (int j : added) {
            room.heat().addColumn(j, util, t);
        }
        return t;
    }

    /** The peak inlet temperature after the nodes {@code added} (idle in {@code inlets}) start running. */
    public double peakWith(double[] inlets, int[] added) {
        return max(with(inlets, added));
    }

    /** The peak inlet temperature with the nodes {@code busy} accepts running, plus {@code added}. */
    public double peak(IntPredicate busy, int[] added) {
        return peakWith(inlets(busy), added);
    }

    /** The largest entry. */
    public static double max(double[] t) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : t) {
            m = Math.max(m, v);
        }
        return m;
    }
}
