package org.hpcsim.scheduling;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/** The core's records of running jobs and of their out-of-service nodes, against a plain map. */
class SchedulerCoreBookkeepingTest {

    private static SchedulerCore core(int nodes) {
        MachineState m = new MachineState(new SimpleTopology(nodes));
        return new SchedulerCore(m, new SortedFreeListAllocator(m, new RowMajorCurve()), new PriorityPolicy(JobOrder.FIFO));
    }

    @Test
    void runningJobsAndTheirUnusableNodesFollowAReferenceMapThroughRandomStartsFailuresAndEnds() {
        SplittableRandom r = new SplittableRandom(3);
        SchedulerCore core = core(64);
        Map<Integer, RunningJob> running = new HashMap<>();
        Map<Integer, Integer> unusable = new HashMap<>();
        int next = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = r.nextInt(10);
            if (op < 4) {
                // Indexes well beyond the first thousand, as in a long trace.
                Job j = job(next++, 0, 1 + r.nextInt(8), 10, 10);
                core.submit(j);
                for (RunningJob s : core.schedule(step)) {
                    running.put(s.job().index(), s);
                }
            } else if (op < 7 && !running.isEmpty()) {
                int index = pick(r, running);
                RunningJob ended = core.finish(index);
                assertSame(running.remove(index), ended);
                unusable.remove(index);
            } else {
                int node = r.nextInt(64);
                int owner = core.machine().owner(node);
                boolean wasUsable = core.usable(node);
                boolean changed = r.nextBoolean() ? core.fail(node) : core.repair(node);
                if (changed && owner >= 0 && wasUsable != core.usable(node)) {
                    unusable.merge(owner, core.usable(node) ? -1 : 1, Integer::sum);
                }
            }
            assertEquals(running.size(), core.runningCount(), "step " + step);
            for (Map.Entry<Integer, RunningJob> e : running.entrySet()) {
                assertSame(e.getValue(), core.runningJob(e.getKey()));
                assertEquals(e.getValue().nodes().length - unusable.getOrDefault(e.getKey(), 0),
                        core.released(e.getValue()), "job " + e.getKey() + " at step " + step);
            }
        }
        assertTrue(next > 5000, "indexes grew past the first arrays: " + next);
        assertNull(core.runningJob(next + 10));
        assertNull(core.runningJob(-1));
        int beyond = next + 10;
        assertThrows(IllegalStateException.class, () -> core.finish(beyond));
    }

    private static int pick(SplittableRandom r, Map<Integer, RunningJob> running) {
        List<Integer> keys = new ArrayList<>(running.keySet());
        java.util.Collections.sort(keys);
        return keys.get(r.nextInt(keys.size()));
    }

    /** A policy that starts the queued jobs on the nodes a test names, as an external scheduler does. */
    private static final class Explicit implements SchedulingPolicy {
        final Deque<Job> queue = new ArrayDeque<>();
        Consumer<SchedulingContext> pass;

        @Override
        public void enqueue(Job job) {
            queue.add(job);
        }

        @Override
        public void schedule(SchedulingContext context) {
            pass.accept(context);
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

    @Test
    void anExplicitStartNamesTheFirstBadNodeInTheOrderGivenAndForgetsTheNodesOfEarlierCalls() {
        MachineState m = new MachineState(new SimpleTopology(8));
        Explicit policy = new Explicit();
        SchedulerCore core = new SchedulerCore(m, new SortedFreeListAllocator(m, new RowMajorCurve()), policy);
        Job a = job(0, 0, 3, 10, 10);
        Job b = job(1, 0, 3, 10, 10);
        core.submit(a);
        core.submit(b);
        List<String> errors = new ArrayList<>();
        policy.pass = c -> {
            for (int[] nodes : new int[][] {{5, 2, 5}, {2, 9, 2}, {6, 4, 1}}) {
                try {
                    c.start(b, nodes);
                } catch (IllegalArgumentException e) {
                    errors.add(e.getMessage());
                }
            }
            // The same nodes again in a new call are not "given twice".
            c.start(a, new int[] {5, 2, 3});
        };
        List<RunningJob> started = core.schedule(0);
        assertEquals(List.of("node 5 is given twice", "node 9 does not exist (nodes are 0 to 7)"), errors);
        assertEquals(2, started.size());
        assertArrayEquals(new int[] {1, 4, 6}, started.get(0).nodes());
        assertArrayEquals(new int[] {2, 3, 5}, started.get(1).nodes());
        policy.pass = c -> c.start(b, new int[] {0, 7, 3});
        IllegalArgumentException busy = assertThrows(IllegalArgumentException.class, () -> core.schedule(1));
        assertEquals("node 3 is busy (running job 1)", busy.getMessage());
    }
}
