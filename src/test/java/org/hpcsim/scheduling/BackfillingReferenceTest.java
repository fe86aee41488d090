package org.hpcsim.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
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
import org.hpcsim.time.SimTime;
import org.hpcsim.study.SequentialRun;
import org.hpcsim.study.SequentialRun.Outcome;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/**
 * EASY backfilling, which reads its queue through an index of sizes and estimates, and conservative
 * backfilling, which places a job in its profile only when a later one might start now and it could
 * end before the profile's first full instant, against plain
 * reference implementations of the same definitions (docs/models.md) that read the whole queue. Random
 * workloads (in bursts, or all at once), several queue orders, a machine where any free nodes do
 * (sorted free list) and one where the allocator refuses jobs that fit by count (contiguous allocation
 * on a mesh).
 */
class BackfillingReferenceTest {

    private static final JobOrder[] ORDERS = {JobOrder.FIFO, JobOrder.SMALLFIRST, JobOrder.LARGEFIRST,
        JobOrder.SHORTFIRST};

    /** Jobs in bursts (many arrive together), run times up to their estimate or beyond, some zero. */
    private static List<Job> workload(long seed, int count, int maxNodes) {
        return workload(seed, count, maxNodes, false);
    }

    private static List<Job> workload(long seed, int count, int maxNodes, boolean allAtOnce) {
        Random random = new Random(seed);
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < count; i++) {
            if (!allAtOnce && random.nextInt(4) == 0) {
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
                    List<Job> jobs = workload(seed, 300, 32, seed % 4 == 0);
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
    void conservativePlacingOnlyWhatCouldStartNowStartsWhatPlacingTheWholeQueueStarts() {
        agree("conservative", ConservativeBackfillPolicy::new, ReferenceConservative::new);
    }

    @Test
    void conservativeOnALongFloodStartsWhatPlacingTheWholeQueueStarts() {
        // Deep passes: 600 jobs queued at once, so the profile is full early and most jobs are
        // left out of it.
        for (long seed = 1; seed <= 2; seed++) {
            List<Job> jobs = workload(seed, 600, 32, true);
            assertEquals(new TreeMap<>(run(jobs, false, new ReferenceConservative(JobOrder.FIFO))),
                    new TreeMap<>(run(jobs, false, new ConservativeBackfillPolicy(JobOrder.FIFO))), "seed " + seed);
        }
    }

    /** A reference policy's queue: a plain sorted set, read whole. */
    private abstract static class ReferenceQueue implements SchedulingPolicy {
        protected final TreeSet<Job> queue;

        ReferenceQueue(JobOrder order) {
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
    }

    /**
     * Conservative backfilling as docs/models.md defines it: every queued job placed, in queue order,
     * at its earliest fit in a free-node profile rebuilt at every pass, kept here as a plain map.
     */
    private static final class ReferenceConservative extends ReferenceQueue {
        ReferenceConservative(JobOrder order) {
            super(order);
        }

        @Override
        public void schedule(SchedulingContext context) {
            long now = context.now();
            TreeMap<Long, Integer> free = new TreeMap<>();
            free.put(now, context.freeNodes());
            int f = context.freeNodes();
            for (RunningJob r : context.running()) {
                f += context.released(r);
                free.put(Math.max(now, r.estimatedEnd()), f);
            }
            Iterator<Job> it = queue.iterator();
            while (it.hasNext()) {
                Job job = it.next();
                long duration = Math.max(1, job.estimate());
                long start = earliest(free, job.nodes(), duration);
                if (start == SimTime.NEVER) {
                    continue;
                }
                if (start == now && context.tryStart(job)) {
                    it.remove();
                }
                free.putIfAbsent(start, free.floorEntry(start).getValue());
                free.putIfAbsent(start + duration, free.floorEntry(start + duration).getValue());
                for (Map.Entry<Long, Integer> e : free.subMap(start, start + duration).entrySet()) {
                    e.setValue(e.getValue() - job.nodes());
                }
            }
        }

        private static long earliest(TreeMap<Long, Integer> free, int nodes, long duration) {
            List<Map.Entry<Long, Integer>> steps = new ArrayList<>(free.entrySet());
            for (int i = 0; i < steps.size(); i++) {
                long start = steps.get(i).getKey();
                int j = i;
                while (j < steps.size() && steps.get(j).getKey() < start + duration && steps.get(j).getValue() >= nodes) {
                    j++;
                }
                if (j == steps.size() || steps.get(j).getKey() >= start + duration) {
                    return start;
                }
                i = j;
            }
            return SimTime.NEVER;
        }
    }

    /** EASY as docs/models.md defines it, scanning the whole queue at every pass. */
    private static final class ReferenceEasy extends ReferenceQueue {
        ReferenceEasy(JobOrder order) {
            super(order);
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
}
