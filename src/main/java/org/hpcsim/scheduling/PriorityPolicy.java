package org.hpcsim.scheduling;

/**
 * No backfilling: jobs start strictly in queue order, from the head, while the allocator can place
 * them; the first job that cannot start blocks the queue. With the fifo order this is FCFS.
 */
public final class PriorityPolicy extends QueuedPolicy {
    public PriorityPolicy(QueueOrder order) {
        super(order);
    }

    @Override
    public void schedule(SchedulingContext context) {
        tidy();
        startFromHead(context);
    }

    /** Its queue: it keeps nothing else between passes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
        writeQueue(out);
    }
}
