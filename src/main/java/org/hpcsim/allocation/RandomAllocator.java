package org.hpcsim.allocation;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.hpcsim.workload.Job;

/**
 * Free nodes drawn uniformly at random: the locality-blind baseline that the other allocators are
 * measured against. One {@link SplittableRandom}, seeded once, feeds every call, so the same seed
 * and the same sequence of calls give the same allocations. A call lists the free nodes and runs
 * k steps of a Fisher-Yates shuffle over them: O(N/64 + F + k log k).
 */
public final class RandomAllocator implements Allocator {
    private final MachineState machine;
    private final SplittableRandom random;
    /** Scratch for one call: the free nodes, partly shuffled. */
    private final int[] free;

    public RandomAllocator(MachineState machine, long seed) {
        this.machine = machine;
        this.random = new SplittableRandom(seed);
        this.free = new int[machine.size()];
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        int f = machine.freeCount();
        if (nodes > f) {
            return null;
        }
        int i = 0;
        for (int node = machine.nextFree(0); node >= 0; node = machine.nextFree(node + 1)) {
            free[i++] = node;
        }
        for (int j = 0; j < nodes; j++) {
            int pick = j + random.nextInt(f - j);
            int t = free[pick];
            free[pick] = free[j];
            free[j] = t;
        }
        int[] chosen = Arrays.copyOf(free, nodes);
        Arrays.sort(chosen);
        return chosen;
    }
}
