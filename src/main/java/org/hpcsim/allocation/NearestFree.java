package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;

/**
 * The k free nodes nearest a grid point in hop distance, ties by lowest node id, and the cheapest
 * such cluster over a sequence of centers: the inner step of MM and Gen-Alg. A query walks the
 * distance rings around the point (L1 on a mesh, wrap-around L1 on a torus) instead of sorting all
 * nodes, so it costs about the number of grid points within the k-th free node's distance. On
 * machines of at most {@value #TABLE_LIMIT} nodes each center's nodes in (distance, id) order are
 * computed once and scanned instead, which is the same answer at a fraction of the cost.
 */
final class NearestFree {
    private final MachineState machine;
    private final GridTopology grid;
    private final int[] extent;
    private final boolean wraps;
    /** Per axis, the one or two coordinates at the current axis distance from the point. */
    private final int[][] coords = new int[3][2];
    private int[] ring = new int[64];
    /** Machines up to this size keep, per center, all nodes in (distance, id) order: 4 MB at most. */
    static final int TABLE_LIMIT = 1024;
    private final int[][] byDistance;
    private final long[] scratch;

    private int size;
    private int[] candidate;
    private int[] best;
    private long bestCost;

    NearestFree(MachineState machine, GridTopology grid) {
        this.machine = machine;
        this.grid = grid;
        this.extent = new int[] {grid.extent(0), grid.extent(1), grid.extent(2)};
        this.wraps = grid.wraps();
        this.byDistance = grid.size() <= TABLE_LIMIT ? new int[grid.size()][] : null;
        this.scratch = new long[Math.max(extent[0], Math.max(extent[1], extent[2]))];
    }

    /** Every node in (distance from center, id) order, computed on first use. */
    private int[] byDistance(int center) {
        int[] order = byDistance[center];
        if (order == null) {
            int n = grid.size();
            long[] keyed = new long[n];
            for (int v = 0; v < n; v++) {
                keyed[v] = (long) grid.distance(center, v) << 32 | v;
            }
            Arrays.sort(keyed);
            order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = (int) keyed[i];
            }
            byDistance[center] = order;
        }
        return order;
    }

    /**
     * Writes to {@code out[0..k)} the k free nodes nearest grid point (x, y, z), ties at the k-th
     * node's distance broken by lowest id: ring by ring outwards, in no particular order within a
     * ring. Needs 1 <= k <= the free count.
     */
    void nearest(int x, int y, int z, int k, int[] out) {
        if (byDistance != null) {
            int[] order = byDistance(grid.node(x, y, z));
            int taken = 0;
            for (int i = 0; taken < k; i++) {
                int node = order[i];
                if (machine.isFree(node)) {
                    out[taken++] = node;
                }
            }
            return;
        }
        int reachX = reach(x, 0);
        int reachY = reach(y, 1);
        int reachZ = reach(z, 2);
        int taken = 0;
        for (int r = 0; taken < k && r <= reachX + reachY + reachZ; r++) {
            int n = 0;
            for (int ax = Math.max(0, r - reachY - reachZ); ax <= Math.min(r, reachX); ax++) {
                int nx = coordinates(x, ax, 0);
                for (int ay = Math.max(0, r - ax - reachZ); ay <= Math.min(r - ax, reachY); ay++) {
                    int ny = coordinates(y, ay, 1);
                    int nz = coordinates(z, r - ax - ay, 2);
                    for (int i = 0; i < nx; i++) {
                        for (int j = 0; j < ny; j++) {
                            for (int l = 0; l < nz; l++) {
                                int node = grid.node(coords[0][i], coords[1][j], coords[2][l]);
                                if (machine.isFree(node)) {
                                    if (n == ring.length) {
                                        ring = Arrays.copyOf(ring, 2 * n);
                                    }
                                    ring[n++] = node;
                                }
                            }
                        }
                    }
                }
            }
            if (taken + n > k) {
                Arrays.sort(ring, 0, n);
                n = k - taken;
            }
            System.arraycopy(ring, 0, out, taken, n);
            taken += n;
        }
    }

    /** The largest axis distance from coordinate c along axis d. */
    private int reach(int c, int d) {
        return wraps ? extent[d] / 2 : Math.max(c, extent[d] - 1 - c);
    }

    /** Stores the coordinates at axis distance a from c along axis d; returns how many (0 to 2). */
    private int coordinates(int c, int a, int d) {
        int e = extent[d];
        int[] out = coords[d];
        if (a == 0) {
            out[0] = c;
            return 1;
        }
        if (wraps) {
            out[0] = (c + a) % e;
            out[1] = (c - a + e) % e;
            return out[0] == out[1] ? 1 : 2;
        }
        int n = 0;
        if (c - a >= 0) {
            out[n++] = c - a;
        }
        if (c + a < e) {
            out[n++] = c + a;
        }
        return n;
    }

    /** Starts a search for the cheapest cluster of k nodes (1 <= k <= the free count). */
    void start(int k) {
        size = k;
        candidate = new int[k];
        best = new int[k];
        bestCost = Long.MAX_VALUE;
    }

    /**
     * Scores the k free nodes nearest (x, y, z) by their total pairwise hops and keeps them if they
     * are strictly cheaper than every earlier offer, so among equals the first center wins.
     */
    void offer(int x, int y, int z) {
        nearest(x, y, z, size, candidate);
        long cost = grid.sumPairwiseHops(candidate, scratch);
        if (cost < bestCost) {
            bestCost = cost;
            int[] t = best;
            best = candidate;
            candidate = t;
        }
    }

    /** The cheapest cluster offered since {@link #start}, ascending ids. */
    int[] best() {
        int[] nodes = best.clone();
        Arrays.sort(nodes);
        return nodes;
    }
}
