package org.hpcsim.allocation;

import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * Mache, Lo and Windisch's MC. Jobs here carry no requested shape, so one is derived from the size:
 * the a x b (x c) box with volume >= k that fits the machine and has the smallest longest side, then
 * the smallest volume, ties to the longer sides in the lower dimensions (x first), e.g. 3x2 for 6
 * nodes on a 2D mesh. Shell 0 is that box placed on each free center (spanning
 * [c - (a-1)/2, c + a/2] along each axis), shell s the box grown by s in every direction (clipped to
 * a mesh, wrapping on a torus); free nodes are taken shell by shell until k, the last shell's
 * nearest the center first (hop distance, then id), and the center with the least sum of shell
 * numbers wins, ties to the lowest center id.
 */
public final class McAllocator implements Allocator {
    private final MachineState machine;
    private final GridTopology grid;
    private final ShellSearch shells;

    /** @throws IllegalArgumentException unless the machine is a mesh or torus */
    public McAllocator(MachineState machine) {
        this.machine = machine;
        this.grid = FreeNodes.grid(machine, "mc");
        this.shells = new ShellSearch(machine, grid);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        return nodes == 0 ? new int[0] : shells.allocate(nodes, shape(grid, nodes));
    }

    /** The derived shape for k nodes (1 <= k <= the machine size): sides along x, y, z. */
    static int[] shape(GridTopology grid, int k) {
        int ex = grid.extent(0);
        int ey = grid.extent(1);
        int ez = grid.extent(2);
        for (int side = 1; ; side++) {
            int[] best = null;
            long bestVolume = Long.MAX_VALUE;
            for (int a = Math.min(side, ex); a >= 1; a--) {
                for (int b = Math.min(side, ey); b >= 1; b--) {
                    long c = (k + (long) a * b - 1) / ((long) a * b);
                    long volume = (long) a * b * c;
                    if (c <= Math.min(side, ez) && volume < bestVolume) {
                        bestVolume = volume;
                        best = new int[] {a, b, (int) c};
                    }
                }
            }
            if (best != null) {
                return best;
            }
        }
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
