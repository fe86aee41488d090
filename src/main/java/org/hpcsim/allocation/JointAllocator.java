package org.hpcsim.allocation;

import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * Meng et al.'s joint communication and cooling allocation (4.3, 5.3): MPIT (the cooling-aware
 * allocation, LP relaxation and rounding, see {@link Mpit}) picks k nodes; each becomes a candidate
 * shell center for MC1x1, which takes the free nodes around it shell by shell (L-infinity rings on
 * the mesh or torus, the last partial shell's nodes nearest the center in L1, then lowest id). Of
 * these k candidate allocations the one with the lowest predicted peak inlet temperature wins
 * (computed exactly with D for the busy nodes plus the candidate); peaks within {@value #PEAK_TIE} K
 * tie, and ties go to the lower communication cost (total pairwise hops), then the lower center
 * id. Mesh and torus machines only, whose node count equals the room's.
 */
public final class JointAllocator implements Allocator {
    /** Peaks closer than this (kelvin) count as equal, so that rounding noise does not decide. */
    public static final double PEAK_TIE = 1e-9;
    private static final int[] UNIT = {1, 1, 1};

    private final MachineState machine;
    private final GridTopology grid;
    private final ShellSearch shells;
    private final Mpit mpit;

    /**
     * @throws IllegalArgumentException unless the machine is a mesh or torus and {@code room} a thermal
     *                                  model of the same node count
     */
    public JointAllocator(MachineState machine, RoomModel room) {
        this.machine = machine;
        this.grid = FreeNodes.grid(machine, "joint");
        this.shells = new ShellSearch(machine, grid);
        this.mpit = new Mpit(machine, room, "joint");
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        if (nodes == 0) {
            return new int[0];
        }
        if (nodes == machine.freeCount()) {
            return mpit.free();
        }
        double[] now = mpit.current();
        int[] centers = Mpit.round(mpit.relax(nodes, now), nodes);
        int[][] candidates = shells.allocateAround(centers, nodes, UNIT);
        int[] best = null;
        double bestPeak = Double.POSITIVE_INFINITY;
        long bestHops = Long.MAX_VALUE;
        // Centers ascend, so on a full tie the first (lowest id) stays.
        for (int[] candidate : candidates) {
            double peak = mpit.inlets().peakWith(now, candidate);
            long hops = grid.sumPairwiseHops(candidate);
            if (peak < bestPeak - PEAK_TIE || (peak <= bestPeak + PEAK_TIE && hops < bestHops)) {
                best = candidate;
                bestPeak = peak;
                bestHops = hops;
            }
        }
        return best;
    }
}
