package org.hpcsim.scheduling;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.time.SimTime;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/**
 * Failed and drained nodes in the scheduler's core, driven directly (no actors): which nodes the
 * allocator may see, what a running job gives back when it ends, and how the backfilling policies
 * treat a head job that cannot fit until a repair.
 */
class SchedulerCoreFailureTest {

    /** Every node the allocator ever proposed, to prove an unusable node is never offered. */
    private final BitSet proposed = new BitSet();

    private SchedulerCore core(int nodes, SchedulingPolicy policy) {
        MachineState m = new MachineState(new SimpleTopology(nodes));
        Allocator inner = new SortedFreeListAllocator(m, new RowMajorCurve());
        Allocator recording = (job, n) -> {
            int[] chosen = inner.allocate(job, n);
            if (chosen != null) {
                for (int node : chosen) {
                    proposed.set(node);
                }
            }
            return chosen;
        };
        return new SchedulerCore(m, recording, policy);
    }

    private static SchedulerCore submitAll(SchedulerCore core, Job... jobs) {
        for (Job j : jobs) {
            assertEquals(null, core.submit(j), "job " + j.index() + " is queued");
        }
        return core;
    }

    private static List<Integer> indices(List<RunningJob> started) {
        List<Integer> out = new ArrayList<>();
        for (RunningJob r : started) {
            out.add(r.job().index());
        }
        return out;
    }

    private static long s(long seconds) {
        return SimTime.seconds(seconds);
    }

    @Test
    void anIdleFailedNodeIsNeverAllocatedAndRepairMakesItAllocatable() {
        SchedulerCore core = core(4, new PriorityPolicy(JobOrder.FIFO));
        assertTrue(core.fail(0));
        assertFalse(core.fail(0), "a second failure of a down node changes nothing");
        assertEquals(MachineState.UNAVAILABLE, core.machine().owner(0));
        assertEquals(3, core.freeNodes());
        assertEquals(1, core.downCount());

        submitAll(core, job(0, 0, 1, 10, 10), job(1, 0, 1, 10, 10), job(2, 0, 1, 10, 10), job(3, 0, 1, 10, 10));
        assertEquals(List.of(0, 1, 2), indices(core.schedule(0)));
        assertFalse(proposed.get(0), "the allocator never sees the failed node free");
        assertEquals(1, core.queueLength(), "four one-node jobs, three usable nodes");

        assertTrue(core.repair(0));
        assertFalse(core.repair(0), "repairing a node that is up changes nothing");
        assertEquals(-1, core.machine().owner(0));
        List<RunningJob> started = core.schedule(s(1));
        assertEquals(List.of(3), indices(started));
        assertArrayEquals(new int[] {0}, started.get(0).nodes());
    }

    @Test
    void aDrainedIdleNodeIsNeverAllocatedAndResumeFreesIt() {
        SchedulerCore core = core(3, new EasyBackfillPolicy(JobOrder.FIFO));
        assertTrue(core.drain(1));
        assertFalse(core.drain(1));
        assertTrue(core.isDrained(1));
        assertFalse(core.usable(1));
        assertEquals(MachineState.UNAVAILABLE, core.machine().owner(1));

        submitAll(core, job(0, 0, 2, 10, 10), job(1, 0, 1, 10, 10));
        RunningJob first = core.schedule(0).get(0);
        assertArrayEquals(new int[] {0, 2}, first.nodes(), "the two usable nodes, skipping the drained one");
        assertFalse(proposed.get(1));
        assertEquals(1, core.queueLength());

        assertTrue(core.resume(1));
        assertFalse(core.resume(1));
        assertEquals(0, core.drainedCount());
        List<RunningJob> started = core.schedule(s(1));
        assertArrayEquals(new int[] {1}, started.get(0).nodes());
    }

    @Test
    void aRunningJobsFailedOrDrainedNodesStayUnavailableWhenItFinishesAndAreNotCountedAsReleased() {
        SchedulerCore core = submitAll(core(4, new PriorityPolicy(JobOrder.FIFO)), job(0, 0, 4, 100, 100));
        RunningJob r = core.schedule(0).get(0);
        assertEquals(4, core.released(r));

        core.fail(1);
        // The job keeps the node until it ends; the policies must not count it as coming back.
        assertEquals(0, core.machine().owner(1));
        assertEquals(3, core.released(r));
        core.drain(2);
        assertEquals(2, core.released(r));

        core.finish(0);
        assertEquals(2, core.freeNodes());
        assertTrue(core.machine().isFree(0) && core.machine().isFree(3));
        assertEquals(MachineState.UNAVAILABLE, core.machine().owner(1));
        assertEquals(MachineState.UNAVAILABLE, core.machine().owner(2));

        core.repair(1);
        core.resume(2);
        assertEquals(4, core.freeNodes());
    }

    @Test
    void aNodeRepairedWhileItsJobRunsIsReleasedWithTheJob() {
        SchedulerCore core = submitAll(core(2, new PriorityPolicy(JobOrder.FIFO)), job(0, 0, 2, 100, 100));
        RunningJob r = core.schedule(0).get(0);
        core.fail(0);
        assertEquals(1, core.released(r));
        core.repair(0);
        assertEquals(2, core.released(r), "usable again before the end: it comes back with the job");
        core.finish(0);
        assertEquals(2, core.freeNodes());
        assertEquals(-1, core.machine().owner(0));
    }

    @Test
    void aFailedAndDrainedNodeStaysUnavailableAfterItsRepairUntilResumed() {
        SchedulerCore core = core(3, new PriorityPolicy(JobOrder.FIFO));
        core.fail(0);
        core.drain(0);
        assertEquals(2, core.freeNodes(), "two reasons, one unavailable node");
        assertTrue(core.repair(0));
        assertFalse(core.usable(0), "still drained");
        assertEquals(MachineState.UNAVAILABLE, core.machine().owner(0));
        assertEquals(2, core.freeNodes());
        assertTrue(core.resume(0));
        assertEquals(3, core.freeNodes());

        // The same on a running job's node: counted once, and repair alone does not bring it back.
        submitAll(core, job(0, 0, 3, 100, 100));
        RunningJob r = core.schedule(0).get(0);
        core.fail(2);
        core.drain(2);
        assertEquals(2, core.released(r));
        core.repair(2);
        assertEquals(2, core.released(r));
        core.finish(0);
        assertEquals(MachineState.UNAVAILABLE, core.machine().owner(2));
        assertEquals(2, core.freeNodes());
    }

    /**
     * Four nodes: job 0 (2 nodes, estimate 100 s) runs on nodes 0 and 1. Head job 1 needs all 4;
     * job 2 (1 node, estimate 10000 s) would delay it. Returns which jobs start at 10 s, with node
     * 2 failed or not.
     */
    private List<Integer> wideHeadCase(SchedulingPolicy policy, boolean failNode2) {
        SchedulerCore core = submitAll(core(4, policy), job(0, 0, 2, 100, 100));
        assertEquals(List.of(0), indices(core.schedule(0)));
        if (failNode2) {
            core.fail(2);
        }
        submitAll(core, job(1, 5, 4, 50, 50), job(2, 6, 1, 10_000, 10_000));
        return indices(core.schedule(s(10)));
    }

    @Test
    void easyReservesNothingForAHeadWiderThanTheUsableNodes() {
        // Without the failure the head's shadow time is 100 s with no extra nodes, so the long job
        // must wait; with node 2 down the head cannot fit until a repair, and blocking the queue
        // for it would idle the machine.
        assertEquals(List.of(), wideHeadCase(new EasyBackfillPolicy(JobOrder.FIFO), false));
        assertEquals(List.of(2), wideHeadCase(new EasyBackfillPolicy(JobOrder.FIFO), true));
    }

    @Test
    void conservativeSkipsAHeadThatNeverFitsAndStartsTheJobsThatDo() {
        // The profile never reaches 4 free nodes (node 2 does not come back), so the head gets no
        // reservation (it used to be an IllegalStateException) and the long job starts now.
        assertEquals(List.of(), wideHeadCase(new ConservativeBackfillPolicy(JobOrder.FIFO), false));
        assertEquals(List.of(2), wideHeadCase(new ConservativeBackfillPolicy(JobOrder.FIFO), true));
    }

    @Test
    void aRequeuedJobGoesBackToItsPlaceByArrival() {
        // Four nodes. Job 0 (2 nodes, 100 s) runs; job 1 (4 nodes) heads the queue with shadow 100;
        // job 2 (2 nodes, 50 s) backfills; job 3 (1 node) finds nothing free and waits.
        SchedulerCore core = core(4, new EasyBackfillPolicy(JobOrder.FIFO));
        Job j0 = job(0, 0, 2, 100, 100);
        Job j1 = job(1, 1, 4, 50, 50);
        Job j2 = job(2, 2, 2, 50, 50);
        Job j3 = job(3, 3, 1, 10, 10);
        submitAll(core, j0);
        core.schedule(0);
        submitAll(core, j1);
        core.schedule(s(1));
        submitAll(core, j2);
        assertEquals(List.of(2), indices(core.schedule(s(2))));
        submitAll(core, j3);
        core.schedule(s(3));
        assertEquals(List.of(j1, j3), core.queued());

        // One of job 2's nodes fails; it ends and goes back to the queue under its original arrival.
        int failed = core.runningJob(2).nodes()[0];
        core.fail(failed);
        core.finish(2);
        core.requeue(j2);
        assertEquals(List.of(j1, j2, j3), core.queued());
        assertEquals(MachineState.UNAVAILABLE, core.machine().owner(failed));
    }
}
