package org.hpcsim.scheduling;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.time.SimTime;
import org.hpcsim.study.SequentialRun;
import org.hpcsim.study.SequentialRun.Outcome;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/**
 * The scheduling semantics of the foundation issue, on hand-made cases whose schedules were worked
 * out by hand (see the comments).
 */
class SchedulingPolicyTest {

    /**
     * Ten nodes. J0 (4 nodes, 50 s) and J1 (4 nodes, 100 s) start at 0; J2 (8 nodes) arrives at 1
     * and must wait for J1; J3 (6 nodes, 50 s) arrives at 2; J4 (2 nodes, 90 s) at 3. Run times
     * equal estimates.
     */
    private static final List<Job> CASE = List.of(
            job(0, 0, 4, 50, 50),
            job(1, 0, 4, 100, 100),
            job(2, 1, 8, 100, 100),
            job(3, 2, 6, 50, 50),
            job(4, 3, 2, 90, 90));

    private static Map<Integer, List<Long>> schedule(List<Job> jobs, int nodes, SchedulingPolicy policy) {
        MachineState m = new MachineState(new SimpleTopology(nodes));
        Map<Integer, Outcome> out = SequentialRun.run(jobs, m, new SortedFreeListAllocator(m, new RowMajorCurve()),
                policy);
        Map<Integer, List<Long>> seconds = new TreeMap<>();
        out.forEach((k, v) -> seconds.put(k, List.of(v.start() / SimTime.MICROS_PER_SECOND,
                v.end() / SimTime.MICROS_PER_SECOND)));
        return seconds;
    }

    private static Map<Integer, List<Long>> expect(long... startEnd) {
        Map<Integer, List<Long>> m = new TreeMap<>();
        for (int i = 0; i < startEnd.length; i += 2) {
            m.put(i / 2, List.of(startEnd[i], startEnd[i + 1]));
        }
        return m;
    }

    @Test
    void fcfsStartsFromTheHeadAndNeverSkips() {
        // J3 blocks J4 although J4 would fit at 100.
        assertEquals(expect(0, 50, 0, 100, 100, 200, 200, 250, 200, 290),
                schedule(CASE, 10, new PriorityPolicy(JobOrder.FIFO)));
    }

    @Test
    void easyBackfillsJobsThatEndByTheShadowTimeEvenIfALaterJobIsDelayed() {
        // At 3, J2's shadow time is 100 (J1's end); J4 ends at 93 <= 100, so it backfills, and J3
        // (not protected by EASY) cannot start at 50; it runs after J2.
        assertEquals(expect(0, 50, 0, 100, 100, 200, 200, 250, 3, 93),
                schedule(CASE, 10, new EasyBackfillPolicy(JobOrder.FIFO)));
    }

    @Test
    void conservativeBackfillingProtectsEveryReservation() {
        // J3 is reserved at 50; J4 would take its nodes, so it waits for its own reservation at 100.
        assertEquals(expect(0, 50, 0, 100, 100, 200, 50, 100, 100, 190),
                schedule(CASE, 10, new ConservativeBackfillPolicy(JobOrder.FIFO)));
    }

    @Test
    void priorityOrdersTheQueueWithoutBackfilling() {
        // smallfirst: J4 (2 procs) heads the queue at 3 and starts; then J3 (6) at 93, J2 (8) at 143.
        assertEquals(expect(0, 50, 0, 100, 143, 243, 93, 143, 3, 93),
                schedule(CASE, 10, new PriorityPolicy(JobOrder.SMALLFIRST)));
    }

    @Test
    void easyUsesExtraNodesForJobsThatEndAfterTheShadowTime() {
        // Ten nodes. J0 (6 nodes, 100 s) runs; J1 (8 nodes) waits: shadow 100, extra 10 - 8 = 2.
        // J2 (3 nodes, estimate ends by 100) backfills without using extra; J3 (1 node, 200 s) uses
        // one of the 2 extra nodes; J4 (1 node, estimate 300 s) finds no free node. At 50 J2 ends:
        // the shadow is still 100 and extra = 3 free + 6 of J0 - 8 = 1, so J4 starts on it.
        List<Job> jobs = List.of(job(0, 0, 6, 100, 100), job(1, 0, 8, 50, 50), job(2, 0, 3, 50, 100),
                job(3, 0, 1, 200, 200), job(4, 0, 1, 10, 300));
        assertEquals(expect(0, 100, 100, 150, 0, 50, 0, 200, 50, 60),
                schedule(jobs, 10, new EasyBackfillPolicy(JobOrder.FIFO)));
    }

    @Test
    void easyDoesNotBackfillAJobLongerThanTheShadowWiderThanExtra() {
        // J1 (10 nodes) waits for J0: shadow 100, extra 0. J2 (2 nodes, 200 s) fits now but would
        // delay J1, so it waits until J1 is done.
        List<Job> jobs = List.of(job(0, 0, 5, 100, 100), job(1, 0, 10, 10, 10), job(2, 0, 2, 200, 200));
        assertEquals(expect(0, 100, 100, 110, 110, 310), schedule(jobs, 10, new EasyBackfillPolicy(JobOrder.FIFO)));
    }

    @Test
    void aJobThatOutrunsItsEstimateEndsAtTheEstimate() {
        List<Job> jobs = List.of(job(0, 0, 1, 500, 100));
        assertEquals(expect(0, 100), schedule(jobs, 2, new PriorityPolicy(JobOrder.FIFO)));
    }

    @Test
    void zeroLengthJobsEndAtOnceAndFreeTheirNodesForTheSameInstant() {
        // J0 takes all nodes for 0 s; J1 then starts at the same instant.
        List<Job> jobs = List.of(job(0, 5, 4, 0, 0), job(1, 5, 4, 7, 7));
        assertEquals(expect(5, 5, 5, 12), schedule(jobs, 4, new EasyBackfillPolicy(JobOrder.FIFO)));
    }

    @Test
    void queueOrdersBreakTiesBySubmitTimeThenId() {
        Job a = job(0, 10, 4, 100, 100);
        Job b = job(1, 5, 4, 50, 100);
        Job c = job(2, 5, 8, 50, 300);
        assertEquals(List.of(b, c, a), sorted(JobOrder.FIFO, a, b, c));
        assertEquals(List.of(b, a, c), sorted(JobOrder.SMALLFIRST, a, b, c));
        assertEquals(List.of(c, b, a), sorted(JobOrder.LARGEFIRST, a, b, c));
        assertEquals(List.of(b, a, c), sorted(JobOrder.SHORTFIRST, a, b, c));
        assertEquals(List.of(c, b, a), sorted(JobOrder.LONGFIRST, a, b, c));
        assertEquals(List.of(b, a, c), sorted(JobOrder.CPLANT, a, b, c));
    }

    private static List<Job> sorted(JobOrder order, Job... jobs) {
        return java.util.Arrays.stream(jobs).sorted(order.comparator()).toList();
    }

    @Test
    void profileReservationsCarveTheFreeNodeStepFunction() {
        Profile p = new Profile(0, 4, List.of(new RunningJob(job(9, 0, 6, 100, 100), new int[6], 0, 100)),
                r -> r.nodes().length);
        assertEquals(0, p.earliestStart(4, 10));
        assertEquals(100, p.earliestStart(5, 10));
        p.reserve(100, 50, 8);
        assertEquals(2, p.freeAt(120));
        assertEquals(150, p.earliestStart(5, 10));
        assertEquals(0, p.earliestStart(2, 1000));
    }
}
