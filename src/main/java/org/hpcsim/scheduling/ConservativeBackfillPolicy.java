package org.hpcsim.scheduling;

import org.hpcsim.kernel.SimTime;
import org.hpcsim.workload.Job;

/**
 * Conservative backfilling (Mu'alem and Feitelson). At each pass the free-node profile is rebuilt
 * from the running jobs' estimated ends, and every queued job, in queue order, is placed at the
 * earliest time it fits in the profile for its whole estimate, and reserved there; jobs whose
 * earliest time is now start. A job whose earliest time is now but that the allocator cannot place
 * (fragmentation) keeps its reservation at now, so later jobs cannot take its place. A zero estimate
 * is treated as one microsecond, so the job still needs its nodes for an instant.
 *
 * <p>Since reservations are not kept between passes, a pass only needs them to decide which jobs start
 * now, and it places a job only when a later one might still start now (see {@link #schedule}): on a
 * long queue, the jobs behind the last one that could start are never read. The starts are those of
 * placing every job.
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
        // Every job in a slot up to here is placed in the profile. A job is placed only when a later
        // one might start now: placing the jobs between only takes nodes, so one that does not fit
        // now in the profile without them does not fit with them either, and the jobs after the last
        // that might start cannot change this pass (reservations are not kept between passes).
        int placed = -1;
        for (int slot = nextMightStartNow(-1, profile); slot >= 0; slot = nextMightStartNow(slot, profile)) {
            Job job = queue.job(slot);
            long duration = Math.max(1, job.estimate());
            if (!profile.fitsNow(job.nodes(), duration)) {
                continue;
            }
            boolean fits = true;
            for (int between = queue.next(placed); between >= 0 && between < slot; between = queue.next(between)) {
                place(queue.job(between), profile);
                placed = between;
                if (!profile.fitsNow(job.nodes(), duration)) {
                    fits = false;
                    break;
                }
            }
            if (!fits) {
                continue;
            }
            placed = slot;
            long start = profile.earliestStart(job.nodes(), duration);
            if (start == SimTime.NEVER) {
                continue;
            }
            if (start == now && context.tryStart(job)) {
                queue.remove(slot);
            }
            profile.reserve(start, duration, job.nodes());
        }
    }

    /** The next slot whose job fits the nodes free now and ends before they are next taken, or -1. */
    private int nextMightStartNow(int slot, Profile profile) {
        int free = profile.freeNow();
        return free == 0 ? -1 : queue.nextCandidate(slot, free, 0, profile.freeFor(1));
    }

    private static void place(Job job, Profile profile) {
        long duration = Math.max(1, job.estimate());
        long start = profile.earliestStart(job.nodes(), duration);
        if (start != SimTime.NEVER) {
            profile.reserve(start, duration, job.nodes());
        }
    }
}
