package org.hpcsim.study;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.time.SimTime;
import org.hpcsim.scheduling.JobOrder;
import org.hpcsim.scheduling.PriorityPolicy;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

class SequentialRunTest {

    @Test
    void aPollingSchedulerStartsJobsOnlyAtMultiplesOfThePeriod() {
        MachineState m = new MachineState(new SimpleTopology(4));
        List<Job> jobs = List.of(job(0, 5, 4, 100, 100), job(1, 10, 2, 30, 30), job(2, 120, 1, 10, 10));
        List<Integer> startOrder = new ArrayList<>();
        Map<Integer, SequentialRun.Outcome> out = SequentialRun.run(jobs, m,
                new SortedFreeListAllocator(m, new RowMajorCurve()), new PriorityPolicy(JobOrder.FIFO),
                SimTime.seconds(60), r -> startOrder.add(r.job().index()));
        assertEquals(new SequentialRun.Outcome(SimTime.seconds(60), SimTime.seconds(160)), out.get(0));
        // Job 1 waits for job 0's nodes (free at 160), then for the next tick: 180.
        assertEquals(new SequentialRun.Outcome(SimTime.seconds(180), SimTime.seconds(210)), out.get(1));
        // Job 2 arrives at 120 behind job 1 (strict order), so it starts with it at 180.
        assertEquals(new SequentialRun.Outcome(SimTime.seconds(180), SimTime.seconds(190)), out.get(2));
        assertEquals(List.of(0, 1, 2), startOrder);
    }

    @Test
    void withoutPollingJobsStartWhenTheyArriveOrNodesFree() {
        MachineState m = new MachineState(new SimpleTopology(4));
        List<Job> jobs = List.of(job(0, 5, 4, 100, 100), job(1, 10, 2, 0, 0), job(2, 10, 2, 30, 30));
        Map<Integer, SequentialRun.Outcome> out = SequentialRun.run(jobs, m,
                new SortedFreeListAllocator(m, new RowMajorCurve()), new PriorityPolicy(JobOrder.FIFO));
        assertEquals(new SequentialRun.Outcome(SimTime.seconds(5), SimTime.seconds(105)), out.get(0));
        assertEquals(new SequentialRun.Outcome(SimTime.seconds(105), SimTime.seconds(105)), out.get(1));
        assertEquals(new SequentialRun.Outcome(SimTime.seconds(105), SimTime.seconds(135)), out.get(2));
    }
}
