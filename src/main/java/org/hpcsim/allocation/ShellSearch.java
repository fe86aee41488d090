package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;

/**
 * The shell search shared by MC and MC1x1. Around a free center node, shell 0 is a box of a given
 * shape and shell s is that box grown by s in every direction (clipped to a mesh, wrapping on a
 * torus); a center's cost is the sum of the shell numbers of the k free nodes taken shell by shell,
 * and the cheapest center wins, ties to the lowest center id. The nodes of the last, partly taken
 * shell are those nearest the center in hop distance, then lowest id, so the allocation clusters
 * around the center; or, where asked ({@code nearestInLastShell} false), simply its lowest ids, as
 * MC's cost alone does not tell them apart. A box of side a along an axis spans [c - (a-1)/2, c + a/2]:
 * for an even side the extra coordinate lies on the upper side.
 *
 * <p>Free nodes are counted per box from a prefix-sum table built once per call, so a center costs
 * O(shells) box counts whatever the density, and stops once it cannot beat the best so far; only
 * the winner's nodes are enumerated.
 */
final class ShellSearch {
    private final MachineState machine;
    private final GridTopology grid;
    private final int[] extent;
    private final boolean wraps;
    /** prefix[(z*(Y+1) + y)*(X+1) + x] = free nodes with coordinates below (x, y, z). */
    private final int[] prefix;
    private final int[][] lo = new int[3][2];
    private final int[][] hi = new int[3][2];

    /** Whether the last shell gives its nodes nearest the center first (else lowest ids first). */
    private final boolean nearestInLastShell;

    ShellSearch(MachineState machine, GridTopology grid) {
        this(machine, grid, true);
    }

    ShellSearch(MachineState machine, GridTopology grid, boolean nearestInLastShell) {
        this.nearestInLastShell = nearestInLastShell;
        this.machine = machine;
        this.grid = grid;
        this.extent = new int[] {grid.extent(0), grid.extent(1), grid.extent(2)};
        this.wraps = grid.wraps();
        this.prefix = new int[(extent[0] + 1) * (extent[1] + 1) * (extent[2] + 1)];
    }

    /**
     * The k free nodes (1 <= k <= the free count) of the cheapest center, ascending, for a shell-0
     * box of {@code shape[d]} nodes along axis d (each at most the extent).
     */
    int[] allocate(int k, int[] shape) {
        buildPrefix();
        long bestCost = Long.MAX_VALUE;
        int bestCenter = -1;
        int bestShell = 0;
        for (int c = machine.nextFree(0); c >= 0; c = machine.nextFree(c + 1)) {
            long cost = 0;
            int taken = 0;
            int inside = 0;
            int s = 0;
            while (true) {
                int count = countBox(c, shape, s);
                int take = Math.min(count - inside, k - taken);
                cost += (long) s * take;
                taken += take;
                // The nodes still to take lie in shell s + 1 or beyond.
                if (taken == k || cost + (long) (k - taken) * (s + 1) >= bestCost) {
                    break;
                }
                inside = count;
                s++;
            }
            if (taken == k && cost < bestCost) {
                bestCost = cost;
                bestCenter = c;
                bestShell = s;
            }
        }
        return nodesOf(bestCenter, shape, bestShell, k);
    }

    /**
     * The allocation each given free center would get, in order: its k free nodes (1 <= k <= the free
     * count) taken shell by shell, the last shell's nearest the center first, ascending; the same
     * nodes {@link #allocate} returns when that center wins.
     */
    int[][] allocateAround(int[] centers, int k, int[] shape) {
        buildPrefix();
        int[][] out = new int[centers.length][];
        for (int i = 0; i < centers.length; i++) {
            int c = centers[i];
            if (!machine.isFree(c)) {
                throw new IllegalArgumentException("shell center " + c + " is not free");
            }
            int s = 0;
            while (countBox(c, shape, s) < k) {
                s++;
            }
            out[i] = nodesOf(c, shape, s, k);
        }
        return out;
    }

    private void buildPrefix() {
        int sx = extent[0] + 1;
        int sy = extent[1] + 1;
        for (int z = 0; z < extent[2]; z++) {
            for (int y = 0; y < extent[1]; y++) {
                for (int x = 0; x < extent[0]; x++) {
                    int free = machine.isFree(grid.node(x, y, z)) ? 1 : 0;
                    int at = ((z + 1) * sy + y + 1) * sx + x + 1;
                    prefix[at] = free + prefix[at - 1] + prefix[at - sx] + prefix[at - sx * sy]
                            - prefix[at - sx - 1] - prefix[at - sx * sy - 1] - prefix[at - sx * sy - sx]
                            + prefix[at - sx * sy - sx - 1];
                }
            }
        }
    }

    /** Free nodes in the shell-s box around center node c. */
    private int countBox(int c, int[] shape, int s) {
        int nx = intervals(grid.x(c), shape[0], s, 0);
        int ny = intervals(grid.y(c), shape[1], s, 1);
        int nz = intervals(grid.z(c), shape[2], s, 2);
        int count = 0;
        for (int i = 0; i < nx; i++) {
            for (int j = 0; j < ny; j++) {
                for (int l = 0; l < nz; l++) {
                    count += countRange(lo[0][i], hi[0][i], lo[1][j], hi[1][j], lo[2][l], hi[2][l]);
                }
            }
        }
        return count;
    }

    /**
     * Stores the box's extent along axis d as one or two half-open coordinate ranges
     * {@code [lo, hi)} inside the machine (two where it wraps around a torus); returns how many.
     */
    private int intervals(int c, int side, int s, int d) {
        int e = extent[d];
        int from = c - (side - 1) / 2 - s;
        int length = side + 2 * s;
        if (!wraps) {
            lo[d][0] = Math.max(0, from);
            hi[d][0] = Math.min(e, from + length);
            return 1;
        }
        if (length >= e) {
            lo[d][0] = 0;
            hi[d][0] = e;
            return 1;
        }
        from = Math.floorMod(from, e);
        lo[d][0] = from;
        if (from + length <= e) {
            hi[d][0] = from + length;
            return 1;
        }
        hi[d][0] = e;
        lo[d][1] = 0;
        hi[d][1] = from + length - e;
        return 2;
    }

    private int countRange(int x0, int x1, int y0, int y1, int z0, int z1) {
        int sx = extent[0] + 1;
        int sy = extent[1] + 1;
        return at(x1, y1, z1, sx, sy) - at(x0, y1, z1, sx, sy) - at(x1, y0, z1, sx, sy) - at(x1, y1, z0, sx, sy)
                + at(x0, y0, z1, sx, sy) + at(x0, y1, z0, sx, sy) + at(x1, y0, z0, sx, sy) - at(x0, y0, z0, sx, sy);
    }

    private int at(int x, int y, int z, int sx, int sy) {
        return prefix[(z * sy + y) * sx + x];
    }

    /**
     * The winner's nodes: every free node inside the box of shell {@code last - 1}, then the free
     * nodes of shell {@code last} nearest the center (hop distance, then id), or lowest ids first, up
     * to k.
     */
    private int[] nodesOf(int center, int[] shape, int last, int k) {
        int[] chosen = new int[k];
        int taken = 0;
        long[] edge = new long[16];
        int edges = 0;
        int[][] outer = new int[3][];
        boolean[][] inner = new boolean[3][];
        int[] centerAt = {grid.x(center), grid.y(center), grid.z(center)};
        for (int d = 0; d < 3; d++) {
            int n = intervals(centerAt[d], shape[d], last, d);
            int size = 0;
            for (int i = 0; i < n; i++) {
                size += hi[d][i] - lo[d][i];
            }
            outer[d] = new int[size];
            size = 0;
            for (int i = 0; i < n; i++) {
                for (int v = lo[d][i]; v < hi[d][i]; v++) {
                    outer[d][size++] = v;
                }
            }
            inner[d] = new boolean[extent[d]];
            if (last > 0) {
                n = intervals(centerAt[d], shape[d], last - 1, d);
                for (int i = 0; i < n; i++) {
                    Arrays.fill(inner[d], lo[d][i], hi[d][i], true);
                }
            }
        }
        for (int z : outer[2]) {
            for (int y : outer[1]) {
                for (int x : outer[0]) {
                    int node = grid.node(x, y, z);
                    if (!machine.isFree(node)) {
                        continue;
                    }
                    if (inner[0][x] && inner[1][y] && inner[2][z]) {
                        chosen[taken++] = node;
                    } else {
                        if (edges == edge.length) {
                            edge = Arrays.copyOf(edge, 2 * edges);
                        }
                        edge[edges++] = (nearestInLastShell ? (long) grid.distance(center, node) << 32 : 0L) | node;
                    }
                }
            }
        }
        Arrays.sort(edge, 0, edges);
        for (int i = 0; taken < k; i++) {
            chosen[taken++] = (int) edge[i];
        }
        Arrays.sort(chosen);
        return chosen;
    }
}
