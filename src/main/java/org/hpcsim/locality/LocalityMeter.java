package org.hpcsim.locality;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.Topology;

/**
 * Measures allocations on one machine and curve. Keeps node-sized scratch arrays, so one meter
 * serves one thread; a measurement costs O(k log k + k d) plus, for a new size k, O(X Y) once to
 * find the smallest box.
 */
public final class LocalityMeter {
    private final Topology topology;
    private final GridTopology grid;
    private final int[] rank;
    private final int[] mark;
    private int stamp;
    private final Map<Integer, long[]> smallest = new HashMap<>();

    /**
     * @param topology the machine
     * @param ranks    each node's rank on the curve spans are measured along
     */
    public LocalityMeter(Topology topology, int[] ranks) {
        if (ranks.length != topology.size()) {
            throw new IllegalArgumentException("ranks for " + ranks.length + " nodes, machine has " + topology.size());
        }
        this.topology = topology;
        this.grid = topology.grid().orElse(null);
        this.rank = ranks;
        this.mark = grid == null ? null : new int[topology.size()];
    }

    /** The locality of an allocation of distinct nodes. */
    public Locality measure(int[] nodes) {
        int k = nodes.length;
        if (k == 0) {
            throw new IllegalArgumentException("an allocation has at least one node");
        }
        int[] r = new int[k];
        for (int i = 0; i < k; i++) {
            r[i] = rank[nodes[i]];
        }
        Arrays.sort(r);
        int n = topology.size();
        int linear = r[k - 1] - r[0] + 1;
        int largestHole = n - 1 - r[k - 1] + r[0];
        for (int i = 0; i + 1 < k; i++) {
            largestHole = Math.max(largestHole, r[i + 1] - r[i] - 1);
        }
        int ring = n - largestHole;
        if (grid == null) {
            return new Locality(k, -1, linear, ring, -1, -1, -1, -1, -1, -1, null);
        }
        long volume = 1;
        int dimSum = 0;
        int longest = 0;
        int[] coords = new int[k];
        int[] sides = new int[grid.dimensions()];
        for (int d = 0; d < grid.dimensions(); d++) {
            for (int i = 0; i < k; i++) {
                coords[i] = grid.coordinate(nodes[i], d);
            }
            int side = side(coords, grid.extent(d));
            sides[d] = side;
            volume *= side;
            dimSum += side;
            longest = Math.max(longest, side);
        }
        long[] least = smallest.computeIfAbsent(k, this::smallestBoxAndCube);
        return new Locality(k, grid.sumPairwiseHops(nodes), linear, ring, volume, least[0], dimSum,
                clippedCube(longest), least[1], components(nodes), sides);
    }

    /** Length of the shortest interval (wrapping on a torus) covering the coordinates; sorts them. */
    private int side(int[] coords, int extent) {
        Arrays.sort(coords);
        int k = coords.length;
        if (!grid.wraps()) {
            return coords[k - 1] - coords[0] + 1;
        }
        int largestGap = extent - 1 - coords[k - 1] + coords[0];
        for (int i = 0; i + 1 < k; i++) {
            largestGap = Math.max(largestGap, coords[i + 1] - coords[i] - 1);
        }
        return extent - largestGap;
    }

    private long clippedCube(int side) {
        long v = 1;
        for (int d = 0; d < grid.dimensions(); d++) {
            v *= Math.min(side, grid.extent(d));
        }
        return v;
    }

    /** {smallest box volume >= k fitting the machine, smallest clipped cube volume >= k}. */
    private long[] smallestBoxAndCube(int k) {
        int nx = grid.extent(0);
        int ny = grid.extent(1);
        int nz = grid.extent(2);
        long best = Long.MAX_VALUE;
        for (int a = 1; a <= nx; a++) {
            for (int b = 1; b <= ny; b++) {
                long c = Math.max(1, (k + (long) a * b - 1) / ((long) a * b));
                if (c <= nz) {
                    best = Math.min(best, a * (long) b * c);
                }
            }
        }
        long cube = 0;
        for (int s = 1; cube == 0; s++) {
            long v = clippedCube(s);
            if (v >= k) {
                cube = v;
            }
        }
        return new long[] {best, cube};
    }

    private int components(int[] nodes) {
        stamp += 2;
        if (stamp < 0) {
            Arrays.fill(mark, 0);
            stamp = 2;
        }
        int member = stamp;
        int seen = stamp + 1;
        for (int node : nodes) {
            mark[node] = member;
        }
        int[] queue = new int[nodes.length];
        int found = 0;
        for (int start : nodes) {
            if (mark[start] != member) {
                continue;
            }
            found++;
            int head = 0;
            int tail = 0;
            mark[start] = seen;
            queue[tail++] = start;
            while (head < tail) {
                int v = queue[head++];
                for (int d = 0; d < grid.dimensions(); d++) {
                    tail = visit(v, d, -1, member, seen, queue, tail);
                    tail = visit(v, d, +1, member, seen, queue, tail);
                }
            }
        }
        return found;
    }

    private int visit(int v, int d, int step, int member, int seen, int[] queue, int tail) {
        int extent = grid.extent(d);
        int c = grid.coordinate(v, d) + step;
        if (c < 0 || c >= extent) {
            if (!grid.wraps() || extent < 3) {
                return tail;
            }
            c = Math.floorMod(c, extent);
        }
        int x = d == 0 ? c : grid.x(v);
        int y = d == 1 ? c : grid.y(v);
        int z = d == 2 ? c : grid.z(v);
        int u = grid.node(x, y, z);
        if (mark[u] == member) {
            mark[u] = seen;
            queue[tail++] = u;
        }
        return tail;
    }
}
