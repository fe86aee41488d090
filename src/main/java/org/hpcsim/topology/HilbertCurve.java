package org.hpcsim.topology;

import java.util.Optional;

/**
 * The Hilbert curve in 2D or 3D (Leung et al.'s ordering for Cplant), on a grid of any size: the
 * curve of the enclosing 2^m-cube is walked and the cells outside the grid are skipped. On a
 * power-of-two square or cube consecutive ranks are always neighbours; on other sizes the walk
 * jumps where it leaves the grid and comes back, which keeps Hilbert's locality inside every
 * aligned 2^j-block that lies within the grid. (Generalized Hilbert curves for arbitrary
 * rectangles exist, but skipping keeps the exact Hilbert ranks on the part a power-of-two machine
 * would share.) Indices are decoded with Skilling's transpose algorithm ("Programming the Hilbert
 * curve", 2004), which is the same code in any dimension. A bag of nodes keeps id order.
 */
public final class HilbertCurve implements Curve {

    @Override
    public int[] order(Topology topology) {
        Optional<GridTopology> grid = topology.grid();
        if (grid.isEmpty()) {
            return new RowMajorCurve().order(topology);
        }
        GridTopology g = grid.get();
        int n = g.dimensions();
        int largest = Math.max(g.extent(0), Math.max(g.extent(1), g.extent(2)));
        int bits = Math.max(1, 32 - Integer.numberOfLeadingZeros(largest - 1));
        long cells = 1L << (bits * n);
        int[] order = new int[g.size()];
        int[] axes = new int[n];
        int r = 0;
        for (long h = 0; h < cells && r < order.length; h++) {
            decode(h, bits, axes);
            int x = axes[0];
            int y = axes[1];
            int z = n == 3 ? axes[2] : 0;
            if (x < g.extent(0) && y < g.extent(1) && z < g.extent(2)) {
                order[r++] = g.node(x, y, z);
            }
        }
        return order;
    }

    /** Hilbert index h (bits per axis given) to axis coordinates, written into {@code axes}. */
    static void decode(long h, int bits, int[] axes) {
        int n = axes.length;
        java.util.Arrays.fill(axes, 0);
        // The transposed form: the index's bits, most significant first, dealt round-robin to the axes.
        int total = bits * n;
        for (int j = 0; j < total; j++) {
            int bit = (int) ((h >>> (total - 1 - j)) & 1);
            axes[j % n] |= bit << (bits - 1 - j / n);
        }
        int t = axes[n - 1] >> 1;
        for (int i = n - 1; i > 0; i--) {
            axes[i] ^= axes[i - 1];
        }
        axes[0] ^= t;
        int top = 2 << (bits - 1);
        for (int q = 2; q != top; q <<= 1) {
            int p = q - 1;
            for (int i = n - 1; i >= 0; i--) {
                if ((axes[i] & q) != 0) {
                    axes[0] ^= p;
                } else {
                    int swap = (axes[0] ^ axes[i]) & p;
                    axes[0] ^= swap;
                    axes[i] ^= swap;
                }
            }
        }
    }
}
