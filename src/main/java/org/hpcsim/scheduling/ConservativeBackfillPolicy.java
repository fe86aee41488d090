package org.hpcsim.scheduling;

import org.hpcsim.workload.Job;

/**
 * Conservative backfilling (Mu'alem and Feitelson). At each pass the free-node profile is rebuilt
 * from the running jobs' estimated ends, and every queued job, in queue order, is placed at the
 * earliest time it fits in the profile for its whole estimate, and reserved there; jobs whose
 * earliest time is now start. A job whose earliest time is now but that the allocator cannot place
 * (fragmentation) keeps its reservation at now, so later jobs cannot take its place. A zero estimate
 * is treated as one microsecond, so the job still needs its nodes for an instant.
 */
public final class ConservativeBackfillPolicy extends QueuedPolicy {
    public ConservativeBackfillPolicy(QueueOrder order) {
        super(order);
    }

    @Override
    public void schedule(SchedulingContext context) {
        tidy();
        long now = context.now();
        Profile profile = new Profile(now, context.freeNodes(), context.running(), context::released);
        for (int slot = queue.headSlot(); slot >= 0; slot = queue.next(slot)) {
            Job job = queue.job(slot);
            long duration = Math.max(1, job.estimate());
            long start = profile.earliestStart(job.nodes(), duration);
            if (start == org.hpcsim.kernel.SimTime.NEVER) {
                continue;
            }
            if (start == now && context.tryStart(job)) {
                queue.remove(slot);
            }
            profile.reserve(start, duration, job.nodes());
        }
    }
}
