package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * MM+Inc (Bender et al. 2008, section 5): MM's allocation, then local improvement until a local
 * minimum. Each step makes the best swap of an allocated node for a free, unallocated one (the one
 * lowering the total pairwise hops most; ties to the lowest allocated id, then the lowest free id),
 * and stops when no swap lowers it strictly. Best rather than first improvement, so that a step
 * depends on the scan order only through that tie rule. Never worse than MM.
 */
public final class MmIncAllocator implements Allocator {
    private final MachineState machine;
    private final GridTopology grid;
    private final MmAllocator mm;

    /** @throws IllegalArgumentException unless the machine is a mesh or torus */
    public MmIncAllocator(MachineState machine) {
        this.machine = machine;
        this.grid = FreeNodes.grid(machine, "mm-inc");
        this.mm = new MmAllocator(machine);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        int[] start = mm.allocate(job, nodes);
        if (start == null || nodes < 2 || nodes == machine.freeCount()) {
            return start;
        }
        FreeNodes free = new FreeNodes(machine, grid);
        int[] chosen = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            chosen[i] = free.indexOf(start[i]);
        }
        improve(free, chosen);
        return free.ids(chosen);
    }

    /**
     * Swaps to a local minimum. With sum[v] the hops from free node v to the chosen set, swapping
     * chosen u for unchosen v changes the total by sum[v] - sum[u] - d(u, v): O(k F) per swap.
     *
     * @param chosen ascending free-node indices, replaced in place (kept ascending)
     */
    private static void improve(FreeNodes free, int[] chosen) {
        int n = free.count;
        boolean[] in = new boolean[n];
        long[] sum = new long[n];
        for (int u : chosen) {
            in[u] = true;
            for (int v = 0; v < n; v++) {
                sum[v] += free.distance(u, v);
            }
        }
        while (true) {
            long bestDelta = 0;
            int out = -1;
            int into = -1;
            for (int i = 0; i < chosen.length; i++) {
                int u = chosen[i];
                long base = sum[u];
                for (int v = 0; v < n; v++) {
                    if (!in[v]) {
                        long delta = sum[v] - base - free.distance(u, v);
                        if (delta < bestDelta) {
                            bestDelta = delta;
                            out = i;
                            into = v;
                        }
                    }
                }
            }
            if (out < 0) {
                return;
            }
            int u = chosen[out];
            in[u] = false;
            in[into] = true;
            chosen[out] = into;
            Arrays.sort(chosen);
            for (int v = 0; v < n; v++) {
                sum[v] += free.distance(into, v) - free.distance(u, v);
            }
        }
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
