package org.hpcsim.topology;

import java.util.Arrays;
import java.util.Optional;

/**
 * A 2D or 3D grid of nodes, node id = x + X*y + X*Y*z (a 2D grid has Z = 1). Meshes and tori differ
 * only in the per-dimension distance.
 */
public abstract sealed class GridTopology implements Topology permits MeshTopology, TorusTopology {
    private final int[] dims;
    private final int dimensions;
    private final int size;

    protected GridTopology(int... dims) {
        if (dims.length < 2 || dims.length > 3) {
            throw new IllegalArgumentException("a grid has 2 or 3 dimensions");
        }
        long n = 1;
        for (int d : dims) {
            if (d < 1) {
                throw new IllegalArgumentException("grid dimensions must be >= 1");
            }
            n *= d;
        }
        if (n > 1 << 28) {
            throw new IllegalArgumentException("grid too large: " + n + " nodes");
        }
        this.dimensions = dims.length;
        this.dims = new int[] {dims[0], dims[1], dims.length == 3 ? dims[2] : 1};
        this.size = (int) n;
    }

    @Override
    public final int size() {
        return size;
    }

    /** 2 or 3. */
    public final int dimensions() {
        return dimensions;
    }

    /** Extent of dimension d (0 = x, 1 = y, 2 = z; z is 1 on a 2D grid). */
    public final int extent(int d) {
        return dims[d];
    }

    public final int x(int node) {
        return node % dims[0];
    }

    public final int y(int node) {
        return (node / dims[0]) % dims[1];
    }

    public final int z(int node) {
        return node / (dims[0] * dims[1]);
    }

    public final int coordinate(int node, int d) {
        return switch (d) {
            case 0 -> x(node);
            case 1 -> y(node);
            default -> z(node);
        };
    }

    public final int node(int x, int y, int z) {
        return x + dims[0] * (y + dims[1] * z);
    }

    /** Whether every dimension wraps around (torus). */
    public abstract boolean wraps();

    /** Distance between two coordinates along dimension d. */
    public final int axisDistance(int a, int b, int d) {
        int diff = Math.abs(a - b);
        return wraps() ? Math.min(diff, dims[d] - diff) : diff;
    }

    /** This grid. */
    @Override
    public final Optional<GridTopology> grid() {
        return Optional.of(this);
    }

    /** This grid: its neighbours are joined by links. */
    @Override
    public final Optional<GridTopology> networkGrid() {
        return Optional.of(this);
    }

    /** Empty: a grid is not a line. */
    @Override
    public final Optional<LineTopology> line() {
        return Optional.empty();
    }

    @Override
    public final boolean hasDistances() {
        return true;
    }

    @Override
    public final int distance(int a, int b) {
        return axisDistance(x(a), x(b), 0) + axisDistance(y(a), y(b), 1) + axisDistance(z(a), z(b), 2);
    }

    /**
     * The deterministic dimension-order route from {@code a} to {@code b}: every node passed,
     * both ends included (length = distance + 1). It corrects x, then y, then z; on a torus each
     * dimension goes the shorter way around, the positive direction when both ways are equally long.
     */
    public final int[] route(int a, int b) {
        int[] path = new int[distance(a, b) + 1];
        int[] at = {x(a), y(a), z(a)};
        int[] to = {x(b), y(b), z(b)};
        int i = 0;
        path[i++] = a;
        for (int d = 0; d < 3; d++) {
            int n = dims[d];
            int step;
            int hops;
            if (wraps()) {
                int forward = Math.floorMod(to[d] - at[d], n);
                step = forward <= n - forward ? 1 : -1;
                hops = Math.min(forward, n - forward);
            } else {
                step = to[d] >= at[d] ? 1 : -1;
                hops = Math.abs(to[d] - at[d]);
            }
            for (int h = 0; h < hops; h++) {
                at[d] = Math.floorMod(at[d] + step, n);
                path[i++] = node(at[0], at[1], at[2]);
            }
        }
        return path;
    }

    /**
     * Sums per dimension, from a histogram of the coordinates: O(k + X) per dimension on a mesh,
     * O(k + distinct^2) on a torus, instead of O(k^2) pairs.
     */
    @Override
    public final long sumPairwiseHops(int[] nodes) {
        return sumPairwiseHops(nodes, new long[Math.max(dims[0], Math.max(dims[1], dims[2]))]);
    }

    /**
     * {@link #sumPairwiseHops(int[])} with a caller's scratch array of at least the largest extent,
     * all zero, which is left all zero: for callers that score many sets.
     */
    public final long sumPairwiseHops(int[] nodes, long[] scratch) {
        long total = 0;
        for (int d = 0; d < 3; d++) {
            int extent = dims[d];
            if (extent == 1) {
                continue;
            }
            for (int node : nodes) {
                scratch[coordinate(node, d)]++;
            }
            total += wraps() ? ringPairs(scratch, extent) : linePairs(scratch, extent);
            Arrays.fill(scratch, 0, extent, 0);
        }
        return total;
    }

    private static long linePairs(long[] count, int extent) {
        long total = 0;
        long before = 0;
        long sumBefore = 0;
        for (int v = 0; v < extent; v++) {
            long c = count[v];
            if (c == 0) {
                continue;
            }
            total += c * (v * before - sumBefore);
            before += c;
            sumBefore += c * v;
        }
        return total;
    }

    private static long ringPairs(long[] count, int n) {
        int distinct = 0;
        int[] values = new int[n];
        for (int v = 0; v < n; v++) {
            if (count[v] > 0) {
                values[distinct++] = v;
            }
        }
        long total = 0;
        for (int i = 0; i < distinct; i++) {
            for (int j = i + 1; j < distinct; j++) {
                int diff = values[j] - values[i];
                total += count[values[i]] * count[values[j]] * Math.min(diff, n - diff);
            }
        }
        return total;
    }

    protected final String dimsSpec() {
        StringBuilder sb = new StringBuilder().append(dims[0]).append('x').append(dims[1]);
        if (dimensions == 3) {
            sb.append('x').append(dims[2]);
        }
        return sb.toString();
    }
}
