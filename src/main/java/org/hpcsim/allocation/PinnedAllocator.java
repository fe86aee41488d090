package org.hpcsim.allocation;

import java.util.Map;
import org.hpcsim.workload.Job;

/**
 * Hand placement, as in the Cplant experiments: a job with a pin gets exactly its pinned nodes, and
 * waits until all of them are free; every other job goes to the wrapped allocator.
 */
public final class PinnedAllocator implements Allocator {
    private final MachineState machine;
    private final Allocator others;
    private final Map<Long, int[]> pins;

    /**
     * @param pins job id -> node ids (ascending, distinct, within the machine), see {@link Pins}
     */
    public PinnedAllocator(MachineState machine, Allocator others, Map<Long, int[]> pins) {
        this.machine = machine;
        this.others = others;
        this.pins = Map.copyOf(pins);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        int[] pin = job == null ? null : pins.get(job.id());
        if (pin == null) {
            return others.allocate(job, nodes);
        }
        if (pin.length != nodes) {
            throw new IllegalStateException("job " + job.id() + " is pinned to " + pin.length + " nodes but needs "
                    + nodes);
        }
        for (int node : pin) {
            if (!machine.isFree(node)) {
                return null;
            }
        }
        return pin.clone();
    }

    @Override
    public void started(Job job, int[] nodes) {
        others.started(job, nodes);
    }

    @Override
    public void ended(Job job, int[] nodes) {
        others.ended(job, nodes);
    }
}
