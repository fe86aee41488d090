package org.hpcsim.topology;

/** An ordering of a machine's nodes for one-dimensional allocation (a processor ordering curve). */
public interface Curve {

    /** Node ids in curve order: element r is the node of rank r. */
    int[] order(Topology topology);

    /** The rank of each node, the inverse of an order. */
    static int[] ranks(int[] order) {
        int[] rank = new int[order.length];
        for (int r = 0; r < order.length; r++) {
            rank[order[r]] = r;
        }
        return rank;
    }
}
