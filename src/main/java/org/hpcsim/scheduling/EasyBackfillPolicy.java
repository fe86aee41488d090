package org.hpcsim.scheduling;

import org.hpcsim.workload.Job;

/**
 * EASY backfilling (Lifka; as in SST's EASYScheduler). A pass starts jobs from the head while they
 * fit. For the first that does not, the shadow time is the earliest time at which, by running jobs'
 * estimated ends, enough nodes are free for it; {@code extra} = nodes free at the shadow time
 * (counting every running job whose estimated end is at or before it) minus the head's need. The
 * rest of the queue is then scanned in order: a job that fits now starts if it ends (by estimate) no
 * later than the shadow time, or else if it needs no more than {@code extra} nodes, which then
 * shrinks by its size. A running job past its estimated end (its nodes have not been reported
 * free yet) counts as ending now. A running job's failed or drained nodes do not come back at its
 * end; a head that cannot fit until a repair gets no shadow time (it blocks nothing).
 */
public final class EasyBackfillPolicy extends QueuedPolicy {
    public EasyBackfillPolicy(QueueOrder order) {
        super(order);
    }

    @Override
    public void schedule(SchedulingContext context) {
        tidy();
        if (startFromHead(context)) {
            return;
        }
        long now = context.now();
        Job head = queue.first();
        int need = head.nodes();
        // A head that never fits by the running jobs' ends alone (failed or drained nodes) waits for
        // a repair and reserves nothing: shadow = never.
        Reservation reservation = Reservation.forHead(context, need, now);
        long shadow = reservation.shadow();
        int extra = reservation.extra();
        // Only jobs that fit now and either end by the shadow time or fit in extra can start: the
        // queue finds them without reading the others.
        long longest = shadow - now;
        for (int slot = queue.nextCandidate(queue.headSlot(), context.freeNodes(), extra, longest); slot >= 0;
                slot = queue.nextCandidate(slot, context.freeNodes(), extra, longest)) {
            Job job = queue.job(slot);
            if (job.estimate() <= longest) {
                if (context.tryStart(job)) {
                    queue.remove(slot);
                }
            } else if (context.tryStart(job)) {
                queue.remove(slot);
                extra -= job.nodes();
            }
        }
    }

    /** Its queue: it keeps nothing else between passes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
        writeQueue(out);
    }
}
