package org.hpcsim.node;

import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.protocol.NodeProtocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.BiFunction;

import org.hpcsim.failure.ExponentialFailures;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.Handled;
import org.hpcsim.workload.JobStatus;
import org.junit.jupiter.api.Test;

/** A compute node, driven synchronously as an executor would drive it. */
class ComputeNodeTest {
    private static final int NODE = 3;
    private static final int SCHEDULER = 10;
    /** Links 0..9 are components 100..109. */
    private static final int FIRST_LINK = 100;

    /** Node {@code NODE} of 8, whose links are components 100 on. */
    private static ComponentTester.Builder ports() {
        return ComponentTester.ports(NODE, NODE)
                .to(ComputeNode.SCHEDULER, ComponentTester.address(SCHEDULER, 5))
                .toAll(ComputeNode.LINKS, ComponentTester.addresses(FIRST_LINK, 10))
                .toAll(ComputeNode.PEERS, ComponentTester.addresses(0, 8));
    }
    private final ComponentTester node = ComponentTester.of(NODE, 1, ports(),
            ports -> new ComputeNode(ports, 0, null));

    private Handled deliver(long time, int round, Object payload) {
        return node.run(new KernelCommand.DeliverOne(time, round, new Envelope(time, round, SCHEDULER, 0, NODE,
                payload)));
    }

    @Test
    void runsTheJobForItsRunTimeThenReportsAfterTheReportLatency() {
        Handled started = deliver(100, 2, new NodeProtocol.StartJob(7, 50, 80, 0));
        assertNull(started.error());
        assertFalse(started.wantsEndOfInstant());
        Envelope wake = started.out().get(0);
        assertEquals(new Envelope(150, 0, NODE, 0, NODE, new NodeProtocol.RunEnds(7, 1)), wake);

        Handled ended = deliver(150, 0, wake.payload());
        Envelope report = ended.out().get(0);
        assertEquals(SCHEDULER, report.target());
        assertEquals(155, report.time());
        assertEquals(0, report.round());
        assertEquals(new SchedulerProtocol.NodeReport(7, NODE, 150, JobStatus.COMPLETED, null), report.payload());
    }

    @Test
    void aJobThatOutrunsItsLimitIsKilledAtTheLimit() {
        Envelope wake = deliver(0, 1, new NodeProtocol.StartJob(4, 100, 80, 0)).out().get(0);
        assertEquals(80, wake.time());
        Object report = deliver(80, 0, wake.payload()).out().get(0).payload();
        assertEquals(new SchedulerProtocol.NodeReport(4, NODE, 80, JobStatus.KILLED, null), report);
    }

    @Test
    void aSecondJobOnABusyNodeIsAFailureReportedToTheKernel() {
        deliver(0, 1, new NodeProtocol.StartJob(1, 100, 100, 0));
        Handled h = deliver(10, 1, new NodeProtocol.StartJob(2, 100, 100, 0));
        assertEquals(NODE, h.error().componentId());
    }

    @Test
    void aLeadNodeJoinsItsLinksFollowsItsStretchAndEndsTheJobForItsOtherNodes() {
        NodeProtocol.Flow flow = new NodeProtocol.Flow(new int[] {NODE, 4}, new int[] {2, 9},
                new long[] {6, 3}, 1.0, 1.0);
        Handled started = deliver(0, 1, new NodeProtocol.StartJob(7, 50, 1000, flow, false, 0));
        List<Envelope> out = started.out();
        assertEquals(new LinkProtocol.Join(7, 6, ComponentTester.<NodeProtocol>address(NODE), 0, 1), out.get(0).payload());
        assertEquals(102, out.get(0).target());
        assertEquals(109, out.get(1).target());
        assertEquals(new NodeProtocol.PredictedEnd(7, 2), out.get(2).payload());
        assertEquals(50, out.get(2).time(), "alone: c = 1, tau = 1, sigma = 1");

        // Link 9 carries 9 of which 3 are the job's: once both links have answered, the job watches it...
        assertTrue(deliver(10, 3, new NodeProtocol.LinkShare(7, 2, 0, 1, 6, 6)).out().isEmpty(), "link 9 has not answered");
        out = deliver(10, 3, new NodeProtocol.LinkShare(7, 9, 1, 1, 9, 3)).out();
        assertEquals(new LinkProtocol.Watch(7, true), out.get(0).payload());
        assertEquals(109, out.get(0).target());
        assertTrue(deliver(10, 5, new NodeProtocol.LinkShare(7, 9, 1, 0, 9, 3)).out().isEmpty(),
                "a share from an earlier epoch (links the job has left) is not the answer");
        // ... and the answer settles sigma at 3 from t = 10 on; 40 of work left.
        out = deliver(10, 5, new NodeProtocol.LinkShare(7, 9, 1, 1, 9, 3)).out();
        assertEquals(new NodeProtocol.PredictedEnd(7, 3), out.get(0).payload());
        assertEquals(130, out.get(0).time());
        assertEquals(NODE, out.get(0).target());

        assertTrue(deliver(50, 0, new NodeProtocol.PredictedEnd(7, 2)).out().isEmpty(), "a stale prediction");
        out = deliver(130, 0, new NodeProtocol.PredictedEnd(7, 3)).out();
        assertEquals(new LinkProtocol.Leave(7), out.get(0).payload());
        assertEquals(new LinkProtocol.Leave(7), out.get(1).payload());
        assertEquals(new NodeProtocol.JobOver(7, JobStatus.COMPLETED), out.get(2).payload());
        assertEquals(4, out.get(2).target());
        SchedulerProtocol.NodeReport report = (SchedulerProtocol.NodeReport) out.get(3).payload();
        assertEquals(JobStatus.COMPLETED, report.status());
        assertEquals(new SchedulerProtocol.Contention((10 + 3 * 120) / 130.0, 3.0, 9, 0, 0), report.contention());
    }

    @Test
    void aLeadThatFailsReportsTheWorkDoneAndTheContentionSeenSoFar() {
        NodeProtocol.Flow flow = new NodeProtocol.Flow(new int[] {NODE, 4}, new int[] {2, 9},
                new long[] {6, 3}, 1.0, 1.0);
        deliver(0, 1, new NodeProtocol.StartJob(7, 50, 1000, flow, false, 0));
        deliver(10, 3, new NodeProtocol.LinkShare(7, 2, 0, 1, 6, 6));
        deliver(10, 3, new NodeProtocol.LinkShare(7, 9, 1, 1, 9, 3));
        deliver(10, 5, new NodeProtocol.LinkShare(7, 9, 1, 1, 9, 3));
        // Sigma 1 for 10, then 3 for 20: 10 + 20 / 3 of work done.
        List<Envelope> out = deliver(30, 0, new NodeProtocol.Fail("scenario")).out();
        SchedulerProtocol.NodeFailed failed = out.stream().map(Envelope::payload)
                .filter(SchedulerProtocol.NodeFailed.class::isInstance).map(SchedulerProtocol.NodeFailed.class::cast)
                .findFirst().orElseThrow();
        assertEquals(7, failed.jobIndex());
        assertEquals(10 + 20 / 3.0, failed.workDone(), 1e-9);
        assertEquals(new SchedulerProtocol.Contention((10 + 3 * 20) / 30.0, 3.0, 9, 0, 0), failed.contention());
    }

    @Test
    void aFollowerNodeReportsWhenTheLeadSaysTheJobIsOver() {
        assertTrue(deliver(0, 1, new NodeProtocol.StartJob(7, 50, 1000, null, true, 0)).out().isEmpty());
        Envelope report = deliver(80, 1, new NodeProtocol.JobOver(7, JobStatus.KILLED)).out().get(0);
        assertEquals(new SchedulerProtocol.NodeReport(7, NODE, 80, JobStatus.KILLED, null), report.payload());
        assertEquals(85, report.time());
    }

    /** The only message the delivery sent: to the scheduler, after the report latency. */
    private static Object reportOf(Handled h, long now) {
        assertNull(h.error());
        assertEquals(1, h.out().size(), "one report, nothing else: " + h.out());
        Envelope e = h.out().get(0);
        assertEquals(SCHEDULER, e.target());
        assertEquals(now + 5, e.time());
        assertEquals(0, e.round());
        return e.payload();
    }

    @Test
    void aFailureWhileRunningReportsTheJobAfterTheReportLatencyAndItsStaleEndIsIgnored() {
        Envelope wake = deliver(0, 1, new NodeProtocol.StartJob(7, 50, 80, 0)).out().get(0);
        Object report = reportOf(deliver(20, 0, new NodeProtocol.Fail("scenario")), 20);
        // Without the links model the node does not follow the job's work: NaN.
        assertEquals(new SchedulerProtocol.NodeFailed(NODE, 20, 7, Double.NaN, null, "scenario", false), report);
        // The job's end was already due: it must not be reported a second time.
        Handled stale = deliver(50, 0, wake.payload());
        assertNull(stale.error());
        assertTrue(stale.out().isEmpty());
    }

    @Test
    void aFailureWhileIdleReportsNoJob() {
        Object report = reportOf(deliver(30, 0, new NodeProtocol.Fail("scenario")), 30);
        assertEquals(new SchedulerProtocol.NodeFailed(NODE, 30, -1, Double.NaN, null, "scenario", false), report);
    }

    @Test
    void aSecondFailureOfADownNodeIsReportedAsAlreadyDown() {
        deliver(0, 1, new NodeProtocol.StartJob(7, 50, 80, 0));
        deliver(10, 0, new NodeProtocol.Fail("scenario"));
        Object report = reportOf(deliver(12, 0, new NodeProtocol.Fail("console")), 12);
        // The scheduler logs it as a no-op; the job was reported with the first failure.
        assertEquals(new SchedulerProtocol.NodeFailed(NODE, 12, -1, Double.NaN, null, "console", true), report);
    }

    @Test
    void aJobStartedOnADownNodeIsAnsweredWithAFailureForThatJobAndNeverRuns() {
        deliver(10, 0, new NodeProtocol.Fail("scenario"));
        // The scheduler placed job 4 before it heard of the failure (report latency).
        Object report = reportOf(deliver(12, 1, new NodeProtocol.StartJob(4, 50, 80, 0)), 12);
        assertEquals(new SchedulerProtocol.NodeFailed(NODE, 12, 4, Double.NaN, null, "scenario", false), report);

        // Once repaired it takes jobs again (no "busy" error: the refused job never occupied it).
        deliver(20, 0, new NodeProtocol.Repair("scenario"));
        Handled h = deliver(30, 1, new NodeProtocol.StartJob(5, 50, 80, 0));
        assertNull(h.error());
        assertEquals(80, h.out().get(0).time());
    }

    @Test
    void abortingTheRunningJobAnswersNodeAbortedAndAbortingAnotherJobIsIgnored() {
        Envelope wake = deliver(0, 1, new NodeProtocol.StartJob(7, 50, 80, 0)).out().get(0);
        Handled other = deliver(10, 1, new NodeProtocol.Abort(6));
        assertNull(other.error());
        assertTrue(other.out().isEmpty(), "job 6 is not on this node");

        Object report = reportOf(deliver(20, 1, new NodeProtocol.Abort(7)), 20);
        assertEquals(new SchedulerProtocol.NodeAborted(7, NODE, 20, Double.NaN, null), report);
        assertTrue(deliver(50, 0, wake.payload()).out().isEmpty(), "every job is reported once");
        // The node is idle again.
        assertNull(deliver(60, 1, new NodeProtocol.StartJob(8, 5, 5, 0)).error());
    }

    @Test
    void aRepairReportsWhetherTheNodeWasDown() {
        Object up = reportOf(deliver(5, 0, new NodeProtocol.Repair("scenario")), 5);
        assertEquals(new SchedulerProtocol.NodeRepaired(NODE, 5, "scenario", false), up);
        deliver(10, 0, new NodeProtocol.Fail("scenario"));
        Object repaired = reportOf(deliver(40, 0, new NodeProtocol.Repair("scenario")), 40);
        assertEquals(new SchedulerProtocol.NodeRepaired(NODE, 40, "scenario", true), repaired);
    }

    @Test
    void underAStochasticModelANodeSchedulesItsOwnFailuresAndRepairs() {
        ComponentTester failing = ComponentTester.of(NODE, 1, ports(),
                ports -> new ComputeNode(ports, 0, new ExponentialFailures(1000, 10)));
        BiFunction<Long, Object, Handled> at = (time, payload) -> {
            return failing.run(new KernelCommand.DeliverOne(time, 0, new Envelope(time, 0, -1, 0, NODE, payload)));
        };

        Envelope due = at.apply(100L, new NodeProtocol.StartFailures()).out().get(0);
        assertEquals(NODE, due.target());
        assertEquals(new NodeProtocol.FailureDue(1, false), due.payload());
        assertTrue(due.time() > 100 && due.round() == 0, "a failure later, not now: " + due);

        // The drawn failure comes: the scheduler hears of it, named after the model, and a repair is drawn.
        List<Envelope> out = at.apply(due.time(), due.payload()).out();
        assertEquals(new SchedulerProtocol.NodeFailed(NODE, due.time(), -1, Double.NaN, null, "exponential", false),
                out.get(0).payload());
        Envelope repair = out.get(1);
        assertEquals(new NodeProtocol.FailureDue(2, true), repair.payload());
        assertTrue(repair.time() > due.time());

        // A scripted repair first makes the drawn one stale, and draws the next failure.
        out = at.apply(due.time() + 1, new NodeProtocol.Repair("scenario")).out();
        assertEquals(new SchedulerProtocol.NodeRepaired(NODE, due.time() + 1, "scenario", true), out.get(0).payload());
        assertEquals(new NodeProtocol.FailureDue(3, false), out.get(1).payload());
        assertTrue(at.apply(repair.time(), repair.payload()).out().isEmpty(), "a stale draw is ignored");
    }

    @Test
    void everyRecordOfTheNodeProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(NodeProtocol.class,
                () -> ComponentTester.of(NODE, 1, ports(), ports -> new ComputeNode(ports, 0, null)), NODE);
    }
}
