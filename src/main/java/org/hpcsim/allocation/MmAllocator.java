package org.hpcsim.allocation;

import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * Manhattan Median (MM, Bender et al. 2008): every crossing of the axis-parallel lines through free
 * nodes (each combination of an x, a y and a z that some free node uses; the crossing itself need
 * not be free) is a candidate center; each center proposes its k nearest free nodes (ties by lowest
 * id) and the proposal with the least total pairwise hops wins, ties to the lowest center id. A
 * (2 - 1/(2d))-approximation on a d-dimensional mesh: an optimal set's median is such a crossing.
 */
public final class MmAllocator implements Allocator {
    private final MachineState machine;
    private final GridTopology grid;
    private final NearestFree nearest;

    /** @throws IllegalArgumentException unless the machine is a mesh or torus */
    public MmAllocator(MachineState machine) {
        this.machine = machine;
        this.grid = FreeNodes.grid(machine, "mm");
        this.nearest = new NearestFree(machine, grid);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        if (nodes == 0) {
            return new int[0];
        }
        boolean[][] used = {new boolean[grid.extent(0)], new boolean[grid.extent(1)], new boolean[grid.extent(2)]};
        for (int node = machine.nextFree(0); node >= 0; node = machine.nextFree(node + 1)) {
            used[0][grid.x(node)] = true;
            used[1][grid.y(node)] = true;
            used[2][grid.z(node)] = true;
        }
        nearest.start(nodes);
        for (int z = 0; z < used[2].length; z++) {
            if (!used[2][z]) {
                continue;
            }
            for (int y = 0; y < used[1].length; y++) {
                if (!used[1][y]) {
                    continue;
                }
                for (int x = 0; x < used[0].length; x++) {
                    if (used[0][x]) {
                        nearest.offer(x, y, z);
                    }
                }
            }
        }
        return nearest.best();
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
