package org.hpcsim.allocation;

import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * Krumke et al.'s Gen-Alg: every free node is a candidate center and proposes the k free nodes
 * nearest it (itself first, then ties by lowest id); the proposal with the least total pairwise hops
 * wins, ties to the lowest center id. At most twice the optimum in any metric (triangle
 * inequality); MM searches a superset of these centers, so it is never worse.
 */
public final class GenAlgAllocator implements Allocator {
    private final MachineState machine;
    private final GridTopology grid;
    private final NearestFree nearest;

    /** @throws IllegalArgumentException unless the machine is a mesh or torus */
    public GenAlgAllocator(MachineState machine) {
        this.machine = machine;
        this.grid = FreeNodes.grid(machine, "genalg");
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
        nearest.start(nodes);
        for (int node = machine.nextFree(0); node >= 0; node = machine.nextFree(node + 1)) {
            nearest.offer(grid.x(node), grid.y(node), grid.z(node));
        }
        return nearest.best();
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
