package org.hpcsim.scheduling;

import org.hpcsim.time.SimTime;
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
 * now, and it places a job only when it might change that (see {@link #schedule}): on a long queue, the
 * jobs behind the last one that could start are never read, and of the jobs before it only those that
 * could end before the profile is next full are placed. The starts are those of placing every job.
 */
public final class ConservativeBackfillPolicy extends QueuedPolicy {
    public ConservativeBackfillPolicy(QueueOrder order) {
        super(order);
    }

    /**
     * One pass. Two facts keep it short on a long queue. Placing a job only takes nodes, so one that
     * does not fit now without the jobs before it placed does not fit with them either: a job before
     * the next that might start now is placed only when that one still might. And no window spans an
     * instant at which the profile has no free node (its first full instant, F): a job that cannot end
     * by F starts after it whatever else is placed there, so it cannot change which jobs start now (the
     * windows of those end by F). Such a job is left out, which leaves the profile too free only after
     * F: before F it is exact, and every later placement that ends by F is exact too. Leaving jobs out
     * never moves F, and placing one only brings it earlier. A job that needs more nodes than are ever
     * free before F, or an estimate longer than F - now, is skipped by the queue's index unread.
     */
    @Override
    public void schedule(SchedulingContext context) {
        tidy();
        long now = context.now();
        Profile profile = new Profile(now, context.freeNodes(), context.running(), context::released);
        // Every job in a slot up to here is placed in the profile or known to start after its first
        // full instant.
        int placed = -1;
        for (int slot = nextMightStartNow(-1, profile); slot >= 0; slot = nextMightStartNow(slot, profile)) {
            Job job = queue.job(slot);
            long duration = Math.max(1, job.estimate());
            if (!profile.fitsNow(job.nodes(), duration)) {
                continue;
            }
            boolean fits = true;
            for (int between = nextBeforeFull(placed, profile); between >= 0 && between < slot;
                    between = nextBeforeFull(between, profile)) {
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

    /**
     * The next slot after {@code slot} whose job might end by the profile's first full instant: every
     * job when the profile is never full.
     */
    private int nextBeforeFull(int slot, Profile profile) {
        long full = profile.firstFull();
        if (full == Long.MAX_VALUE) {
            return queue.next(slot);
        }
        return queue.nextCandidate(slot, profile.maxFreeBefore(full), 0, full - profile.now());
    }

    /** Places the job at its earliest start if it ends by the first full instant (any time if none). */
    private static void place(Job job, Profile profile) {
        long duration = Math.max(1, job.estimate());
        long start = profile.earliestStart(job.nodes(), duration, profile.firstFull());
        if (start != SimTime.NEVER) {
            profile.reserve(start, duration, job.nodes());
        }
    }

    /** Its queue: it keeps nothing else between passes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
        writeQueue(out);
    }
}
