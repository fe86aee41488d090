package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.thermal.HeatModel;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.workload.Job;

/**
 * Coolest first, in the spirit of MinHR (Moore et al.; Tang et al.'s recirculation-based ranking):
 * nodes are ranked once by how much heat they recirculate, the column sums of D (the total inlet rise
 * a watt at the node causes), ascending, ties to the lower id; a job takes the first k free nodes in
 * that order ({@link RankedFreeNodes}: O(k + N/4096) an allocation). Works on any machine whose node
 * count equals the room's.
 */
public final class CoolestFirstAllocator implements Allocator {
    private final MachineState machine;
    private final int[] order;
    private final RankedFreeNodes free;

    /**
     * @throws IllegalArgumentException when {@code room} is null or its size differs from the machine's
     */
    public CoolestFirstAllocator(MachineState machine, RoomModel room) {
        this.machine = machine;
        HeatModel heat = Mpit.require(room, machine, "coolest-first").heat();
        int n = heat.size();
        double[] sum = new double[n];
        Integer[] byHeat = new Integer[n];
        for (int j = 0; j < n; j++) {
            sum[j] = heat.columnSum(j);
            byHeat[j] = j;
        }
        Arrays.sort(byHeat, (a, b) -> sum[a] != sum[b] ? Double.compare(sum[a], sum[b]) : Integer.compare(a, b));
        this.order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = byHeat[i];
        }
        this.free = new RankedFreeNodes(machine, order);
    }

    /** The node ranking, coolest (least recirculation) first. */
    public int[] order() {
        return order.clone();
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        return free.first(nodes);
    }
}
