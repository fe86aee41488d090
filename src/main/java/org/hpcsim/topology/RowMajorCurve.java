package org.hpcsim.topology;

/** Node-id order: x fastest, then y, then z. */
public final class RowMajorCurve implements Curve {
    @Override
    public int[] order(Topology topology) {
        int[] order = new int[topology.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        return order;
    }
}
