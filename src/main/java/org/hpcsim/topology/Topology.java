package org.hpcsim.topology;

import java.util.Optional;

/**
 * The machine's compute nodes and, where defined, the hop distance between them. Sealed: what the
 * rest of the simulator needs from each kind of machine is asked through the methods below, so that
 * a new kind has to say it here rather than in every caller.
 */
public sealed interface Topology permits GridTopology, LineTopology, SimpleTopology {

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

    /**
     * The mesh or torus whose coordinates the nodes have, which space-filling curves, bounding boxes,
     * room layouts and grid allocators are measured on; empty for a line or a bag of nodes.
     */
    Optional<GridTopology> grid();

    /**
     * The grid the network's links join and routes run over: a mesh or torus itself; for a line, the
     * L x 1 mesh of all its L nodes, compute and I/O (a new one at each call); empty for a bag of nodes.
     */
    Optional<GridTopology> networkGrid();

    /** The line of compute and I/O nodes, when the machine is one. */
    Optional<LineTopology> line();
}
