package org.hpcsim.allocation;

import org.hpcsim.topology.Curve;
import org.hpcsim.workload.Job;

/**
 * Cplant's baseline: the first free nodes along the machine's ordering curve (Leung et al.'s
 * "sorted free list"). Keeps the free nodes indexed by curve rank ({@link RankedFreeNodes}), so an
 * allocation of k nodes costs O(k + N/4096) whatever the curve.
 */
public final class SortedFreeListAllocator implements Allocator {
    private final RankedFreeNodes free;

    public SortedFreeListAllocator(MachineState machine, Curve curve) {
        this.free = new RankedFreeNodes(machine, curve.order(machine.topology()));
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        return free.first(nodes);
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
