package org.hpcsim.topology;

/** The machine's compute nodes and, where defined, the hop distance between them. */
public interface Topology {

    /** Number of compute nodes; node ids are 0..size()-1. */
    int size();

    /** The spec this topology was built from, e.g. {@code mesh:16x8}. */
    String spec();

    /** Whether hop distances are defined (false for a bag of nodes). */
    boolean hasDistances();

    /** Hop distance between two nodes. */
    int distance(int a, int b);

    /** Sum of hop distances over all unordered pairs of the given distinct nodes. */
    long sumPairwiseHops(int[] nodes);

    /** Mean hop distance over the unordered pairs of the given nodes; 0 for fewer than two nodes. */
    default double averagePairwiseHops(int[] nodes) {
        int k = nodes.length;
        if (k < 2) {
            return 0.0;
        }
        return sumPairwiseHops(nodes) / (k * (k - 1) / 2.0);
    }
}
