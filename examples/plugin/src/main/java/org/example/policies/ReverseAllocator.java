package org.example.policies;

import java.util.Arrays;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.topology.Curve;
import org.hpcsim.workload.Job;

/** The mirror image of sorted-free-list: the last free nodes along a curve. O(N) a call. */
final class ReverseAllocator implements Allocator {
    private final MachineState machine;
    /** Node ids in curve order. */
    private final int[] nodeAt;

    ReverseAllocator(MachineState machine, Curve curve) {
        this.machine = machine;
        this.nodeAt = curve.order(machine.topology());
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (nodes > machine.freeCount()) {
            return null;
        }
        int[] chosen = new int[nodes];
        int k = 0;
        for (int rank = nodeAt.length - 1; k < nodes; rank--) {
            if (machine.isFree(nodeAt[rank])) {
                chosen[k++] = nodeAt[rank];
            }
        }
        // Allocators propose node ids in ascending order: the order tasks map to nodes.
        Arrays.sort(chosen);
        return chosen;
    }
}
