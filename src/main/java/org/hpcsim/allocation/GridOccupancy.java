package org.hpcsim.allocation;

import org.hpcsim.topology.GridTopology;

/**
 * Busy-node counts of a grid machine as a 3D summed-area table (a 2D grid is one z-plane), so the
 * busy nodes of any axis-aligned box are counted in O(1). The table is rebuilt in O(N) by
 * {@link #refresh} only when the machine changed since the last rebuild.
 */
final class GridOccupancy implements AvailabilityListener {
    private final MachineState machine;
    private final GridTopology grid;
    private final int nx;
    private final int ny;
    private final int nz;
    /** sums[x + (nx+1) * (y + (ny+1) * z)]: busy nodes with coordinates below (x, y, z). */
    private final int[] sums;
    private boolean stale = true;

    GridOccupancy(MachineState machine, GridTopology grid) {
        this.machine = machine;
        this.grid = grid;
        this.nx = grid.extent(0);
        this.ny = grid.extent(1);
        this.nz = grid.extent(2);
        this.sums = new int[(nx + 1) * (ny + 1) * (nz + 1)];
        machine.addListener(this);
    }

    /** Brings the table up to date with the machine; call before a round of queries. */
    void refresh() {
        if (!stale) {
            return;
        }
        int sy = nx + 1;
        int sz = (nx + 1) * (ny + 1);
        for (int z = 1; z <= nz; z++) {
            for (int y = 1; y <= ny; y++) {
                int row = grid.node(0, y - 1, z - 1);
                int i = sy * y + sz * z;
                int rowBusy = 0;
                for (int x = 1; x <= nx; x++) {
                    i++;
                    if (!machine.isFree(row + x - 1)) {
                        rowBusy++;
                    }
                    // Below (x, y, z) = below (x, y-1, z) + below (x, y, z-1) - their overlap + row (y-1, z-1).
                    sums[i] = rowBusy + sums[i - sy] + sums[i - sz] - sums[i - sy - sz];
                }
            }
        }
        stale = false;
    }

    /** Busy nodes in [x0, x1) x [y0, y1) x [z0, z1), a box inside the grid (no wraparound). */
    int busy(int x0, int x1, int y0, int y1, int z0, int z1) {
        return sum(x1, y1, z1) - sum(x0, y1, z1) - sum(x1, y0, z1) - sum(x1, y1, z0)
                + sum(x0, y0, z1) + sum(x0, y1, z0) + sum(x1, y0, z0) - sum(x0, y0, z0);
    }

    private int sum(int x, int y, int z) {
        return sums[x + (nx + 1) * (y + (ny + 1) * z)];
    }

    @Override
    public void unavailable(int[] nodes) {
        stale = true;
    }

    @Override
    public void available(int[] nodes) {
        stale = true;
    }
}
