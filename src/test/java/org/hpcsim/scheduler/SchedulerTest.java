package org.hpcsim.scheduler;

import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.protocol.NodeProtocol;
import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.Handled;
import org.hpcsim.scheduling.EasyBackfillPolicy;
import org.hpcsim.scheduling.JobOrder;
import org.hpcsim.scheduling.SchedulerCore;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;
import org.junit.jupiter.api.Test;

/** The scheduler actor on a 4-node machine, driven message by message as an executor would drive it. */
class SchedulerTest {
    private static final int SCHEDULER = 4;
    private static final int RECORDER = 6;

    /** Nodes 0..3 are components 0..3; the jobs' ends, attempts and events go to one sink. */
    private static ComponentTester.Builder ports() {
        return ComponentTester.ports(SCHEDULER, 0)
                .toAll(Scheduler.NODES, ComponentTester.addresses(0, 4))
                .toAll(Scheduler.JOBS, ComponentTester.addresses(RECORDER, 1))
                .toAll(Scheduler.ATTEMPTS, ComponentTester.addresses(RECORDER, 1))
                .toAll(Scheduler.EVENTS, ComponentTester.addresses(RECORDER, 1));
    }
    private static final long S = 1_000_000;
    private final ComponentTester scheduler;

    SchedulerTest() {
        MachineState m = new MachineState(new SimpleTopology(4));
        SchedulerCore core = new SchedulerCore(m, new SortedFreeListAllocator(m, new RowMajorCurve()),
                new EasyBackfillPolicy(JobOrder.FIFO));
        scheduler = ComponentTester.of(SCHEDULER, 1, ports(),
                ports -> new Scheduler(ports, core, null, null, Scheduler.FailurePolicy.DEFAULT));
    }

    private Handled deliver(long time, int round, List<Object> payloads) {
        List<Envelope> envelopes = new java.util.ArrayList<>();
        for (int i = 0; i < payloads.size(); i++) {
            envelopes.add(new Envelope(time, round, 5, i, SCHEDULER, payloads.get(i)));
        }
        return scheduler.run(new KernelCommand.Deliver(time, round, envelopes));
    }

    private Handled endOfInstant(long time, int round) {
        return scheduler.run(new KernelCommand.EndOfInstant(time, round));
    }

    @Test
    void schedulesOnceAtTheEndOfTheInstantAndFreesNodesWhenAllHaveReported() {
        Job wide = job(0, 0, 3, 10, 10);
        Job tooWide = job(1, 0, 5, 10, 10);
        Handled arrivals = deliver(0, 0, List.of(new SchedulerProtocol.JobArrived(wide),
                new SchedulerProtocol.JobArrived(tooWide)));
        assertTrue(arrivals.wantsEndOfInstant());
        assertTrue(arrivals.out().isEmpty(), "nothing starts before the end of the instant");

        Handled pass = endOfInstant(0, 1);
        List<Envelope> out = pass.out();
        assertEquals(RECORDER, out.get(0).target(), "the rejected job is recorded");
        Report.JobEnded rejected = (Report.JobEnded) out.get(0).payload();
        assertEquals(JobStatus.REJECTED, rejected.status());
        assertEquals("needs 5 nodes, the machine has 4", rejected.reason());
        assertEquals(List.of(0, 1, 2), out.subList(1, 4).stream().map(Envelope::target).toList());
        NodeProtocol.StartJob start = (NodeProtocol.StartJob) out.get(1).payload();
        assertEquals(new NodeProtocol.StartJob(0, 10 * S, 10 * S, 0), start);

        // Two of three nodes report: the job still holds its nodes.
        Handled partial = deliver(10 * S, 1, List.of(
                new SchedulerProtocol.NodeReport(0, 0, 10 * S, JobStatus.COMPLETED, null),
                new SchedulerProtocol.NodeReport(0, 1, 10 * S, JobStatus.COMPLETED, null)));
        assertTrue(partial.out().isEmpty());
        Handled last = deliver(12 * S, 0, List.of(
                new SchedulerProtocol.NodeReport(0, 2, 10 * S, JobStatus.COMPLETED, null)));
        assertTrue(last.wantsEndOfInstant());
        Report.JobEnded done = (Report.JobEnded) endOfInstant(12 * S, 1).out().get(0).payload();
        assertEquals(0, done.start());
        assertEquals(10 * S, done.end(), "the end is when the nodes finished, not when the last report arrived");
        assertEquals(JobStatus.COMPLETED, done.status());
    }

    @Test
    void withTheTimeSeriesOnThePassEndsWithTheCountsWhenTheyChanged() {
        MachineState m = new MachineState(new SimpleTopology(4));
        SchedulerCore core = new SchedulerCore(m, new SortedFreeListAllocator(m, new RowMajorCurve()),
                new EasyBackfillPolicy(JobOrder.FIFO));
        ComponentTester actor = ComponentTester.of(SCHEDULER, 1,
                ports().toAll(Scheduler.COUNTS, ComponentTester.addresses(RECORDER, 1)),
                ports -> new Scheduler(ports, core, null, null, Scheduler.FailurePolicy.DEFAULT));
        List<Object> arrivals = List.of(new SchedulerProtocol.JobArrived(job(0, 0, 2, 10, 10)),
                new SchedulerProtocol.JobArrived(job(1, 0, 4, 10, 10)));
        assertEquals(new Report.Counts(2, 0, 0, 1, 1), last(actor, 0, arrivals), "job 0 runs on 2 nodes, job 1 waits");
        assertEquals(new Report.Counts(2, 0, 1, 1, 1), last(actor, 5 * S,
                List.of(new SchedulerProtocol.Drain(new int[] {3}, "scenario"))));
        Object again = last(actor, 6 * S, List.of(new SchedulerProtocol.Drain(new int[] {3}, "scenario")));
        assertTrue(again instanceof Report.EventLogged, "the same counts are not sent again: " + again);
        List<Envelope> out = actor.run(new KernelCommand.WindDown(6 * S, 2, true, 6 * S)).out();
        assertEquals(new Report.Counts(0, 0, 1, 0, 0), out.get(out.size() - 1).payload(),
                "after the stop every job has its final status");
    }

    @Test
    void withNothingListeningToTheCountsNoneAreSent() {
        List<Envelope> envelopes = List.of(new Envelope(0, 0, 5, 0, SCHEDULER,
                new SchedulerProtocol.JobArrived(job(0, 0, 2, 10, 10))));
        scheduler.run(new KernelCommand.Deliver(0, 0, envelopes));
        List<Envelope> out = scheduler.run(new KernelCommand.EndOfInstant(0, 1)).out();
        assertFalse(out.isEmpty(), "the job starts");
        assertTrue(out.stream().noneMatch(e -> e.payload() instanceof Report.Counts), out.toString());
    }

    /** Delivers the messages at (time, 0), runs the end of the instant and returns the last message it sent. */
    private Object last(ComponentTester actor, long time, List<Object> payloads) {
        List<Envelope> envelopes = new java.util.ArrayList<>();
        for (int i = 0; i < payloads.size(); i++) {
            envelopes.add(new Envelope(time, 0, 5, i, SCHEDULER, payloads.get(i)));
        }
        actor.run(new KernelCommand.Deliver(time, 0, envelopes));
        List<Envelope> out = actor.run(new KernelCommand.EndOfInstant(time, 1)).out();
        return out.get(out.size() - 1).payload();
    }

    @Test
    void everyRecordOfTheSchedulerProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(SchedulerProtocol.class, () -> {
            MachineState m = new MachineState(new SimpleTopology(4));
            SchedulerCore core = new SchedulerCore(m, new SortedFreeListAllocator(m, new RowMajorCurve()),
                    new EasyBackfillPolicy(JobOrder.FIFO));
            return ComponentTester.of(SCHEDULER, 1, ports(),
                    ports -> new Scheduler(ports, core, null, null, Scheduler.FailurePolicy.DEFAULT));
        }, SCHEDULER);
    }
}
