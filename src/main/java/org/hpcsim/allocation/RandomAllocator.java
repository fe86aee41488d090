package org.hpcsim.allocation;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.hpcsim.workload.Job;

/**
 * Free nodes drawn uniformly at random: the locality-blind baseline that the other allocators are
 * measured against. One {@link SplittableRandom}, seeded once, feeds every call, so the same seed
 * and the same sequence of calls and machine changes give the same allocations.
 *
 * <p>The free nodes are kept in a dense array (in no particular order) that machine changes update
 * in O(1) per node, and a call runs k steps of a Fisher-Yates shuffle over it in place: any order
 * of the free nodes gives every k-subset the same chance. A call costs O(k log k), the sort of the
 * answer included, whatever the machine size.
 */
public final class RandomAllocator implements Allocator, AvailabilityListener {
    private final SplittableRandom random;
    /** free[0..count) are the free nodes; position[node] is a free node's index there, else -1. */
    private final int[] free;
    private final int[] position;
    private int count;

    public RandomAllocator(MachineState machine, long seed) {
        this.random = new SplittableRandom(seed);
        this.free = new int[machine.size()];
        this.position = new int[machine.size()];
        Arrays.fill(position, -1);
        for (int node = machine.nextFree(0); node >= 0; node = machine.nextFree(node + 1)) {
            position[node] = count;
            free[count++] = node;
        }
        machine.addListener(this);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (nodes > count) {
            return null;
        }
        for (int j = 0; j < nodes; j++) {
            swap(j, j + random.nextInt(count - j));
        }
        int[] chosen = Arrays.copyOf(free, nodes);
        Arrays.sort(chosen);
        return chosen;
    }

    private void swap(int i, int j) {
        int a = free[i];
        int b = free[j];
        free[i] = b;
        free[j] = a;
        position[b] = i;
        position[a] = j;
    }

    @Override
    public void unavailable(int[] nodes) {
        for (int node : nodes) {
            int i = position[node];
            swap(i, --count);
            position[node] = -1;
        }
    }

    @Override
    public void available(int[] nodes) {
        for (int node : nodes) {
            position[node] = count;
            free[count++] = node;
        }
    }
}
