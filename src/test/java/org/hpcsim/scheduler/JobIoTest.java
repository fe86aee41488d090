package org.hpcsim.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.network.LinkMap;
import org.hpcsim.protocol.NodeProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.testing.Jobs;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

class JobIoTest {
    /** Places: C0 C1 C2 IO0(3) C3(4) C4(5) C5(6) IO1(7) C6(8) C7(9). */
    private static final LineTopology LINE = LineTopology.parse("C3 IO C3 IO C2");
    private static final long GB = 1_000_000_000L;

    private static IoAssignment io(IoOptions.Assign assign, long read, long write) {
        return IoAssignment.of(LINE, new IoOptions(assign, null, read, write, GB));
    }

    @Test
    void aJobsPhasesTakeItsBytesOverTheBandwidthAloneRoundedUp() {
        JobIo io = JobIo.of(io(IoOptions.Assign.ROUND_ROBIN, 2 * GB, GB / 2 + 1), Jobs.job(0, 0, 2, 60, 60),
                new int[] {0, 1});
        assertEquals(2_000_000, io.readAlone());
        assertEquals(500_001, io.writeAlone(), "a part of a microsecond counts whole");
        assertEquals(2_500_001, io.aloneTime());
        assertTrue(io.any());
    }

    @Test
    void roundRobinGivesJobKTheIoNodeKModTheirCount() {
        IoAssignment assignment = io(IoOptions.Assign.ROUND_ROBIN, GB, GB);
        assertEquals(0, JobIo.of(assignment, Jobs.job(4, 0, 1, 60, 60), new int[] {7}).ioNode());
        assertEquals(1, JobIo.of(assignment, Jobs.job(5, 0, 1, 60, 60), new int[] {0}).ioNode(),
                "its own I/O node, however far");
    }

    @Test
    void nearestGivesTheIoNodeNearestTheJobsNodes() {
        IoAssignment assignment = io(IoOptions.Assign.NEAREST, GB, 0);
        assertEquals(0, JobIo.of(assignment, Jobs.job(1, 0, 2, 60, 60), new int[] {0, 1}).ioNode());
        assertEquals(1, JobIo.of(assignment, Jobs.job(1, 0, 2, 60, 60), new int[] {6, 7}).ioNode());
    }

    @Test
    void aJobMovingNoDataOrAMachineWithoutIoNodesHasNoIo() {
        Job job = Jobs.job(0, 0, 1, 60, 60);
        assertSame(JobIo.NONE, JobIo.of(io(IoOptions.Assign.ROUND_ROBIN, 0, 0), job, new int[] {0}));
        assertSame(JobIo.NONE, JobIo.of(null, job, new int[] {0}));
        assertFalse(JobIo.NONE.any());
        assertEquals(0, JobIo.NONE.aloneTime(), "nothing added to the run");
    }

    @Test
    void theLeadsFlowCarriesTheIoStreamsOnlyWhenTheJobMovesData() {
        NetworkOptions options = new NetworkOptions(NetworkOptions.Model.LINKS, 0.3, NetworkOptions.Tau.ONE, 0,
                "all-to-all", false, 1);
        NetworkPlanner network = new NetworkPlanner(options, LINE, new LinkMap(new MeshTopology(LINE.length(), 1)),
                Path.of("."), 1, true);
        NodeProtocol.Flow flow = new NodeProtocol.Flow(new int[] {0, 1, 2}, new int[] {0, 1}, new long[] {2, 2}, 0.3,
                1);
        assertSame(flow, JobIo.NONE.flow(flow, network, new int[] {0, 1, 2}));
        NodeProtocol.Flow withIo = new JobIo(0, 5, 7).flow(flow, network, new int[] {0, 1, 2});
        assertArrayEquals(flow.links(), withIo.links());
        assertArrayEquals(flow.weights(), withIo.weights());
        assertArrayEquals(new int[] {0, 1, 2, 9}, withIo.io().links(), "the line's links to I/O node 0 and itself");
        assertEquals(5, withIo.io().read());
        assertEquals(7, withIo.io().write());
        assertNull(flow.io());
    }

    @Test
    void theEndedRecordHasTheMeasuredTimesUnderALinksPlanElseTheTimesAlone() {
        IoAssignment assignment = io(IoOptions.Assign.ROUND_ROBIN, 2 * GB, 3 * GB);
        Job job = Jobs.job(1, 0, 1, 60, 60);
        JobIo io = JobIo.of(assignment, job, new int[] {0});
        SchedulerProtocol.Contention measured = new SchedulerProtocol.Contention(1, 1, 1, 4_000_000, 9_000_000);
        NodeProtocol.Flow flow = new NodeProtocol.Flow(new int[] {0}, new int[0], new long[0], 0.3, 1);
        NetworkPlanner.Plan links = new NetworkPlanner.Plan(60, flow, 1, 0, 0, 60, new int[0], false);
        NetworkPlanner.Plan distance = new NetworkPlanner.Plan(60, null, 1, 0, 0, 60, new int[0], false);

        assertEquals(new Report.IoEnded(job, 1, 2 * GB, 3 * GB, 4_000_000, 9_000_000),
                io.ended(assignment, job, links, measured));
        Report.IoEnded alone = new Report.IoEnded(job, 1, 2 * GB, 3 * GB, 2_000_000, 3_000_000);
        assertEquals(alone, io.ended(assignment, job, distance, measured), "no flow: nothing measured the phases");
        assertEquals(alone, io.ended(assignment, job, links, null), "no contention reported");
        assertEquals(alone, io.ended(assignment, job, null, null), "no network model");
    }
}
