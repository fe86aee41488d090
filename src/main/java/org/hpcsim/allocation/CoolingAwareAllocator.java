package org.hpcsim.allocation;

import org.hpcsim.thermal.RoomModel;
import org.hpcsim.workload.Job;

/**
 * Cooling-aware allocation, MPIT (Minimize Peak Inlet Temperature; Tang et al., as Meng et al. use
 * it in 4.1 and 5.3): the k free nodes that keep the room's peak inlet temperature lowest, with the
 * busy nodes fixed, by the LP relaxation of Meng et al.'s Eq. 14-15 solved exactly by row generation
 * and rounded to the k largest fractional values (see {@link Mpit}). Works on any machine whose node
 * count equals the room's.
 */
public final class CoolingAwareAllocator implements Allocator {
    private final MachineState machine;
    private final Mpit mpit;

    /**
     * @throws IllegalArgumentException when {@code room} is null or its size differs from the machine's
     */
    public CoolingAwareAllocator(MachineState machine, RoomModel room) {
        this.machine = machine;
        this.mpit = new Mpit(machine, room, "cooling-aware");
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
        return mpit.allocate(nodes);
    }

    /**
     * The LP relaxation at the current state for a job of {@code nodes} (1 to the free count):
     * its peak inlet temperature (degrees C, a lower bound on any allocation's), and the rows and
     * solves the row generation took.
     */
    public Relaxation relax(int nodes) {
        if (nodes < 1 || nodes > machine.freeCount()) {
            throw new IllegalArgumentException("the relaxation needs 1 to " + machine.freeCount() + " nodes, got " + nodes);
        }
        Mpit.Relaxation r = mpit.relax(nodes, mpit.current());
        return new Relaxation(r.peak(), r.rows(), r.solves(), Mpit.round(r, nodes));
    }

    /**
     * MPIT's LP relaxation for one job.
     *
     * @param peak    the LP's peak inlet temperature, degrees C
     * @param rows    temperature rows the LP ended with (of the room's node count)
     * @param solves  LPs solved by the row generation
     * @param rounded the rounded allocation
     */
    public record Relaxation(double peak, int rows, int solves, int[] rounded) {
    }
}
