package org.hpcsim.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.ContiguousAllocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.kernel.SimTime;
import org.hpcsim.study.SequentialRun;
import org.hpcsim.study.SequentialRun.Outcome;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/**
 * The backfilling policies, which keep indexed queues and (conservative) a profile between passes,
 * against plain reference implementations of the same definitions written from docs/models.md: every
 * queue scanned, every profile worked out from scratch. Random workloads, several queue orders, a
 * machine where any free nodes do (sorted free list) and one where the allocator refuses jobs that fit
 * by count (contiguous allocation on a mesh).
 */
class BackfillingReferenceTest {

    private static final JobOrder[] ORDERS = {JobOrder.FIFO, JobOrder.SMALLFIRST, JobOrder.LARGEFIRST,
        JobOrder.SHORTFIRST};

    /** Jobs in bursts (many arrive together), run times up to their estimate or beyond, some zero. */
    private static List<Job> workload(long seed, int count, int maxNodes) {
        Random random = new Random(seed);
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < count; i++) {
            if (random.nextInt(4) == 0) {
                t += random.nextInt(400);
            }
            int nodes = random.nextInt(3) == 0 ? 1 + random.nextInt(maxNodes) : 1 + random.nextInt(Math.max(1, maxNodes / 4));
            long estimate = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(2000);
            long run = random.nextInt(5) == 0 ? estimate : (long) (estimate * random.nextDouble());
            if (random.nextInt(20) == 0) {
                run = estimate + 100; // outruns its estimate: killed at it
            }
            jobs.add(new Job(i, i + 1, i + 1, SimTime.seconds(t), SimTime.seconds(t), SimTime.seconds(run),
                    SimTime.seconds(estimate), nodes, nodes, null, null, null));
        }
        return jobs;
    }

    private static Map<Integer, Outcome> run(List<Job> jobs, boolean mesh, SchedulingPolicy policy) {
        MachineState m = new MachineState(mesh ? new MeshTopology(8, 4) : new SimpleTopology(32));
        Allocator a = mesh ? new ContiguousAllocator(m) : new SortedFreeListAllocator(m, new RowMajorCurve());
        return SequentialRun.run(jobs, m, a, policy);
    }

    private static void agree(String name, Function<JobOrder, SchedulingPolicy> policy,
                              Function<JobOrder, SchedulingPolicy> reference) {
        for (long seed = 1; seed <= 12; seed++) {
            for (JobOrder order : ORDERS) {
                for (boolean mesh : new boolean[] {false, true}) {
                    List<Job> jobs = workload(seed, 300, 32);
                    Map<Integer, Outcome> expected = new TreeMap<>(run(jobs, mesh, reference.apply(order)));
                    Map<Integer, Outcome> actual = new TreeMap<>(run(jobs, mesh, policy.apply(order)));
                    assertEquals(expected, actual, name + ", seed " + seed + ", " + order.key() + (mesh ? ", mesh" : ""));
                }
            }
        }
    }

    @Test
    void easyWithItsIndexedQueueStartsWhatAScanOfTheWholeQueueStarts() {
        agree("easy", EasyBackfillPolicy::new, ReferenceEasy::new);
    }

    @Test
    void conservativeWithItsKeptProfileSchedulesAsAProfileWorkedOutFromScratch() {
        agree("conservative", ConservativeBackfillPolicy::new, ReferenceConservative::new);
    }

    @Test
    void conservativeNeverStartsAJobLaterThanItsFirstReservation() {
        for (long seed = 1; seed <= 12; seed++) {
            List<Job> jobs = workload(seed, 300, 32);
            Promises policy = new Promises(new ConservativeBackfillPolicy(JobOrder.FIFO));
            Map<Integer, Outcome> out = run(jobs, false, policy);
            assertEquals(jobs.size(), policy.first.size());

            for (Job job : jobs) {
                long promised = policy.first.get(job.index());
                assertTrue(out.get(job.index()).start() <= promised,
                        "seed " + seed + ": job " + job.id() + " started at " + out.get(job.index()).start()
                                + ", after its first reservation " + promised);
            }
        }
    }

    /** Remembers the reservation each job got at the first pass after its arrival. */
    private static final class Promises implements SchedulingPolicy {
        final ConservativeBackfillPolicy policy;
        final Map<Integer, Long> first = new HashMap<>();
        final List<Job> arrived = new ArrayList<>();

        Promises(ConservativeBackfillPolicy policy) {
            this.policy = policy;
        }

        @Override
        public void enqueue(Job job) {
            policy.enqueue(job);
            arrived.add(job);
        }

        @Override
        public void schedule(SchedulingContext context) {
            policy.schedule(context);
            for (Job job : arrived) {
                RunningJob r = context.runningJob(job.index());
                first.put(job.index(), r != null && r.start() == context.now() ? context.now() : policy.reservation(job));
            }
            arrived.clear();
        }

        @Override
        public void ended(RunningJob job, int returned) {
            policy.ended(job, returned);
        }

        @Override
        public int queueLength() {
            return policy.queueLength();
        }

        @Override
        public List<Job> queued() {
            return policy.queued();
        }
    }

    /** EASY as docs/models.md defines it, scanning the whole queue at every pass. */
    private static final class ReferenceEasy implements SchedulingPolicy {
        private final TreeSet<Job> queue;

        ReferenceEasy(JobOrder order) {
            queue = new TreeSet<>(order.comparator());
        }

        @Override
        public void enqueue(Job job) {
            queue.add(job);
        }

        @Override
        public int queueLength() {
            return queue.size();
        }

        @Override
        public List<Job> queued() {
            return List.copyOf(queue);
        }

        @Override
        public void schedule(SchedulingContext context) {
            while (!queue.isEmpty() && context.tryStart(queue.first())) {
                queue.pollFirst();
            }
            if (queue.isEmpty()) {
                return;
            }
            long now = context.now();
            int need = queue.first().nodes();
            long shadow = Long.MAX_VALUE;
            int available = context.freeNodes();
            if (available >= need) {
                shadow = now;
            } else {
                for (RunningJob r : context.running()) {
                    available += context.released(r);
                    if (available >= need) {
                        shadow = Math.max(now, r.estimatedEnd());
                        break;
                    }
                }
            }
            int extra = context.freeNodes() - need;
            for (RunningJob r : context.running()) {
                if (Math.max(now, r.estimatedEnd()) <= shadow) {
                    extra += context.released(r);
                }
            }
            Iterator<Job> it = queue.iterator();
            it.next();
            while (it.hasNext()) {
                Job job = it.next();
                if (job.nodes() > context.freeNodes()) {
                    continue;
                }
                if (now + job.estimate() <= shadow) {
                    if (context.tryStart(job)) {
                        it.remove();
                    }
                } else if (job.nodes() <= extra && context.tryStart(job)) {
                    it.remove();
                    extra -= job.nodes();
                }
            }
        }
    }

    /**
     * Conservative backfilling as docs/models.md defines it, with the free-node profile worked out
     * from the running jobs and every reservation whenever it is read.
     */
    private static final class ReferenceConservative implements SchedulingPolicy {
        private final TreeSet<Job> queue;
        private final Map<Integer, Long> reservation = new HashMap<>();
        private final Map<Integer, Job> queuedByIndex = new HashMap<>();
        private boolean endedEarly;
        private boolean first = true;
        private long wake = SimTime.NEVER;
        private final List<RunningJob> endedJobs = new ArrayList<>();

        ReferenceConservative(JobOrder order) {
            queue = new TreeSet<>(order.comparator());
        }

        @Override
        public void enqueue(Job job) {
            queue.add(job);
            queuedByIndex.put(job.index(), job);
        }

        @Override
        public int queueLength() {
            return queue.size();
        }

        @Override
        public List<Job> queued() {
            return List.copyOf(queue);
        }

        @Override
        public void ended(RunningJob job, int returned) {
            endedJobs.add(job);
        }

        @Override
        public void schedule(SchedulingContext context) {
            long now = context.now();
            for (RunningJob r : endedJobs) {
                endedEarly |= r.estimatedEnd() > now;
            }
            endedJobs.clear();
            boolean compress = first || endedEarly;
            first = false;
            endedEarly = false;
            for (Job job : queue) {
                Long at = reservation.get(job.index());
                if (at != null && at < now) {
                    reservation.remove(job.index()); // due before and not started: placed again
                }
            }
            for (Job job : queue) {
                if (compress) {
                    reservation.remove(job.index());
                    place(context, job);
                } else if (!reservation.containsKey(job.index())) {
                    place(context, job);
                }
            }
            // A zero-estimate job holds its nodes for no time: the rest of its reservation is given
            // back and the schedule compressed again.
            while (startDue(context)) {
                for (Job job : queue) {
                    reservation.remove(job.index());
                    place(context, job);
                }
            }
            // Woken at the earliest reservation after now (asked for once per time in a row).
            long next = reservation.values().stream().filter(at -> at > context.now()).min(Long::compare)
                    .orElse(SimTime.NEVER);
            if (next != SimTime.NEVER && next != wake) {
                context.callAt(next);
                wake = next;
            }
        }

        /** Starts the jobs reserved now, in queue order; returns whether one had a zero estimate. */
        private boolean startDue(SchedulingContext context) {
            boolean zero = false;
            for (Iterator<Job> it = queue.iterator(); it.hasNext(); ) {
                Job job = it.next();
                Long at = reservation.get(job.index());
                if (at != null && at == context.now() && context.tryStart(job)) {
                    it.remove();
                    reservation.remove(job.index());
                    zero |= job.estimate() == 0;
                }
            }
            return zero;
        }

        private void place(SchedulingContext context, Job job) {
            // The profile: free nodes from each breakpoint on, from the running jobs and every reservation.
            long now = context.now();
            TreeMap<Long, Integer> change = new TreeMap<>();
            change.put(now, context.freeNodes());
            for (RunningJob r : context.running()) {
                change.merge(Math.max(now, r.estimatedEnd()), context.released(r), Integer::sum);
            }
            for (Map.Entry<Integer, Long> e : reservation.entrySet()) {
                Job other = queuedByIndex.get(e.getKey());
                change.merge(e.getValue(), -other.nodes(), Integer::sum);
                change.merge(e.getValue() + Math.max(1, other.estimate()), other.nodes(), Integer::sum);
            }
            List<Long> times = new ArrayList<>(change.keySet());
            int[] free = new int[times.size()];
            int level = 0;
            for (int i = 0; i < free.length; i++) {
                level += change.get(times.get(i));
                free[i] = level;
            }
            long d = Math.max(1, job.estimate());
            for (int i = 0; i < free.length; i++) {
                boolean fits = true;
                for (int k = i; k < free.length && times.get(k) < times.get(i) + d; k++) {
                    fits &= free[k] >= job.nodes();
                }
                if (fits) {
                    reservation.put(job.index(), times.get(i));
                    return;
                }
            }
        }
    }
}
