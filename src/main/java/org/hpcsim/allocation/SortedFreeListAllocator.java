package org.hpcsim.allocation;

import java.util.Arrays;
import java.util.BitSet;
import org.hpcsim.topology.Curve;
import org.hpcsim.workload.Job;

/**
 * Cplant's baseline: the first free nodes along the machine's ordering curve (Leung et al.'s
 * "sorted free list"). Keeps the free nodes indexed by curve rank, so an allocation of k nodes
 * costs O(k + N/64) whatever the curve.
 */
public final class SortedFreeListAllocator implements Allocator, AvailabilityListener {
    private final MachineState machine;
    private final int[] nodeAt;
    private final int[] rank;
    private final BitSet freeByRank;

    public SortedFreeListAllocator(MachineState machine, Curve curve) {
        this.machine = machine;
        this.nodeAt = curve.order(machine.topology());
        this.rank = Curve.ranks(nodeAt);
        this.freeByRank = new BitSet(nodeAt.length);
        for (int r = 0; r < nodeAt.length; r++) {
            if (machine.isFree(nodeAt[r])) {
                freeByRank.set(r);
            }
        }
        machine.addListener(this);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (nodes > machine.freeCount()) {
            return null;
        }
        int[] chosen = new int[nodes];
        int r = -1;
        for (int i = 0; i < nodes; i++) {
            r = freeByRank.nextSetBit(r + 1);
            chosen[i] = nodeAt[r];
        }
        Arrays.sort(chosen);
        return chosen;
    }

    @Override
    public void unavailable(int[] nodes) {
        for (int node : nodes) {
            freeByRank.clear(rank[node]);
        }
    }

    @Override
    public void available(int[] nodes) {
        for (int node : nodes) {
            freeByRank.set(rank[node]);
        }
    }
}
