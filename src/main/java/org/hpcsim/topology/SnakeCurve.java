package org.hpcsim.topology;

import java.util.Optional;

/**
 * SST's default "snake" order: x runs forward along one row and backward along the next; y
 * likewise alternates direction from one z-plane to the next; z only increases. On {@code mesh:16x8}
 * the ranks run 0..15 along y=0, then x=15..0 along y=1, and so on. A bag of nodes keeps id order.
 */
public final class SnakeCurve implements Curve {
    @Override
    public int[] order(Topology topology) {
        Optional<GridTopology> grid = topology.grid();
        if (grid.isEmpty()) {
            return new RowMajorCurve().order(topology);
        }
        GridTopology g = grid.get();
        int nx = g.extent(0);
        int ny = g.extent(1);
        int nz = g.extent(2);
        int[] order = new int[g.size()];
        int r = 0;
        for (int z = 0; z < nz; z++) {
            boolean yForward = z % 2 == 0;
            for (int j = 0; j < ny; j++) {
                int y = yForward ? j : ny - 1 - j;
                // x direction flips on every row change, counted over the whole walk.
                boolean xForward = (z * ny + j) % 2 == 0;
                for (int i = 0; i < nx; i++) {
                    int x = xForward ? i : nx - 1 - i;
                    order[r++] = g.node(x, y, z);
                }
            }
        }
        return order;
    }
}
