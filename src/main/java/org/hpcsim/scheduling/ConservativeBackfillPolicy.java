package org.hpcsim.scheduling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.hpcsim.kernel.SimTime;
import org.hpcsim.workload.Job;

/**
 * Conservative backfilling (Mu'alem and Feitelson; as SST's StatefulScheduler and Batsim's batsched
 * keep it): every job gets a reservation when it arrives, the earliest time at which its nodes stay
 * free for its whole estimate given the running jobs' estimated ends and every reservation already
 * made (first fit), so a later job never delays an earlier one. The free-node profile is kept from
 * pass to pass. When a job's nodes come back before its estimated end, the schedule is compressed:
 * each queued job in queue order gives up its reservation and takes the earliest one now possible,
 * which is never later. Jobs whose reservation is now start; the scheduler is woken at the earliest
 * reservation, so each starts at its time even if nothing else happens then.
 *
 * <p>Choices where the definitions are silent (documented in docs/models.md):
 * <ul>
 * <li>jobs that arrive at the same instant are placed in queue order;</li>
 * <li>a job whose reservation is now but that the allocator cannot place (fragmentation, or nodes of
 *     an overdue job: a running job past its estimated end counts as ending now) keeps its nodes
 *     reserved now, so later jobs cannot take its place, and is placed again at the next pass;</li>
 * <li>when nodes fail, drain or come back, the profile is rebuilt from the running jobs and every
 *     queued job is placed again in queue order (a reservation may then move later: the machine
 *     shrank);</li>
 * <li>a zero estimate reserves its nodes for one microsecond.</li>
 * </ul>
 *
 * <p>Cost: a pass places the new arrivals and starts the jobs due now; only a compression visits the
 * whole queue, and it skips in constant time a job that cannot move (no time before its reservation
 * has enough free nodes).
 */
public final class ConservativeBackfillPolicy extends QueuedPolicy {
    private static final long UNPLACED = Long.MIN_VALUE;

    private final Comparator<Job> order;
    /** Reservation start by job index, or {@link #UNPLACED}. */
    private long[] reservedAt = new long[64];
    /** Queued jobs holding a reservation, by its start, then queue order. */
    private final TreeSet<Job> byStart;
    /** Queued jobs without a reservation (arrivals since the last pass). */
    private final List<Job> unplaced = new ArrayList<>();
    /** Jobs that ended since the last pass, and how many of their nodes came back. */
    private final List<RunningJob> ended = new ArrayList<>();
    private final List<Integer> returned = new ArrayList<>();
    private Profile profile;
    private boolean rebuild = true;
    /** The time of the last pass asked for. */
    private long wake = SimTime.NEVER;

    public ConservativeBackfillPolicy(QueueOrder order) {
        super(order);
        this.order = order.comparator();
        this.byStart = new TreeSet<>(Comparator.<Job>comparingLong(j -> reservedAt[j.index()]).thenComparing(this.order));
    }

    @Override
    public void enqueue(Job job) {
        super.enqueue(job);
        if (job.index() >= reservedAt.length) {
            reservedAt = Arrays.copyOf(reservedAt, Math.max(job.index() + 1, reservedAt.length * 2));
        }
        reservedAt[job.index()] = UNPLACED;
        unplaced.add(job);
    }

    @Override
    public void ended(RunningJob job, int nodes) {
        ended.add(job);
        returned.add(nodes);
    }

    @Override
    public void capacityChanged() {
        rebuild = true;
    }

    @Override
    public void schedule(SchedulingContext context) {
        tidy();
        long now = context.now();
        boolean compress = false;
        if (rebuild || profile == null) {
            profile = new Profile(now, context.freeNodes(), context.running(), context::released);
            for (Job job : byStart) {
                reservedAt[job.index()] = UNPLACED;
            }
            byStart.clear();
            compress = true;
            rebuild = false;
        } else {
            profile.advance(now);
            for (int k = 0; k < ended.size(); k++) {
                RunningJob r = ended.get(k);
                if (r.estimatedEnd() > now) {
                    // Its nodes were to come back at its estimated end: they are back now.
                    profile.add(now, r.estimatedEnd(), returned.get(k));
                    compress = true;
                }
            }
            // A job due at an earlier pass that could not start is placed again from now on.
            while (!byStart.isEmpty() && reservedAt[byStart.first().index()] < now) {
                Job job = byStart.pollFirst();
                long at = reservedAt[job.index()];
                profile.release(at, duration(job), job.nodes());
                reservedAt[job.index()] = UNPLACED;
                unplaced.add(job);
            }
        }
        ended.clear();
        returned.clear();
        if (compress) {
            compress();
        } else if (!unplaced.isEmpty()) {
            unplaced.sort(order);
            for (Job job : unplaced) {
                place(job);
            }
        }
        unplaced.clear();
        // A job that holds its nodes for less than it reserved (a zero estimate) gives the rest back
        // at once: the schedule is compressed again, so no reservation is left at a time no pass comes.
        while (startDue(context, now)) {
            compress();
        }
        wakeAtNextReservation(context, now);
    }

    /**
     * Asks for a pass at the earliest reservation after now. Without it a reservation could fall due
     * when nothing else happens (its time was another job's estimated end, and that job moved
     * earlier) and the job would wait for the next event, later than it was promised.
     */
    private void wakeAtNextReservation(SchedulingContext context, long now) {
        for (Job job : byStart) {
            long at = reservedAt[job.index()];
            if (at > now) {
                if (at != wake) {
                    context.callAt(at);
                    wake = at;
                }
                return;
            }
        }
    }

    /** Every queued job in queue order gives up its reservation and takes the earliest one possible. */
    private void compress() {
        for (int slot = queue.headSlot(); slot >= 0; slot = queue.next(slot)) {
            Job job = queue.job(slot);
            long at = reservedAt[job.index()];
            if (at == UNPLACED) {
                place(job);
            } else if (profile.firstAtLeast(job.nodes()) < at) {
                // Some time before its reservation has enough free nodes: it may move.
                long earlier = profile.moveEarlier(at, duration(job), job.nodes());
                if (earlier < at) {
                    byStart.remove(job);
                    reservedAt[job.index()] = earlier;
                    byStart.add(job);
                }
            }
        }
    }

    /** Reserves the earliest start for the job, if its nodes ever come free. */
    private void place(Job job) {
        long duration = duration(job);
        long start = profile.earliestStart(job.nodes(), duration);
        if (start == SimTime.NEVER) {
            return; // waits for a repair, which rebuilds the schedule
        }
        profile.reserve(start, duration, job.nodes());
        reservedAt[job.index()] = start;
        byStart.add(job);
    }

    /**
     * Starts, in queue order, the jobs whose reservation is now; returns whether one of them holds
     * its nodes for less than it reserved.
     */
    private boolean startDue(SchedulingContext context, long now) {
        boolean gaveBack = false;
        List<Job> due = new ArrayList<>();
        for (Job job : byStart) {
            if (reservedAt[job.index()] > now) {
                break;
            }
            due.add(job);
        }
        for (Job job : due) {
            if (!context.tryStart(job)) {
                continue;
            }
            byStart.remove(job);
            queue.remove(queue.slotOf(job));
            reservedAt[job.index()] = UNPLACED;
            RunningJob r = context.runningJob(job.index());
            long duration = duration(job);
            if (r.estimatedEnd() != now + duration || r.nodes().length != job.nodes()) {
                // It runs with another shape or length than reserved (a zero estimate, a malleable
                // job's shape, I/O time).
                profile.release(now, duration, job.nodes());
                profile.add(now, r.estimatedEnd(), -r.nodes().length);
                if (r.estimatedEnd() > now + duration || r.nodes().length > job.nodes()) {
                    rebuild = true; // it takes more than reserved: later reservations may not hold
                } else {
                    gaveBack = true;
                }
            }
        }
        return gaveBack;
    }

    /** The queued job's reservation start, or {@link SimTime#NEVER} if it has none (for tests). */
    long reservation(Job job) {
        long at = reservedAt[job.index()];
        return at == UNPLACED ? SimTime.NEVER : at;
    }

    private static long duration(Job job) {
        return Math.max(1, job.estimate());
    }
}
