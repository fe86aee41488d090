package org.hpcsim.report;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Dispatch;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.time.SimTime;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.RoomLogProtocol;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.workload.JobStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** inlet.csv from the thermal actor's totals: the means over the summary's span, the room positions. */
class ThermalLogTest {
    private static final long S = SimTime.MICROS_PER_SECOND;
    private static final RoomLayout ROOM = new RoomLayout(2, 1, 2, 10, 2);
    private static final int LOG = 9;

    @TempDir
    Path dir;

    private List<String> inlets(Report.InletTotals totals, long end) throws IOException {
        ThermalLog log = ThermalLog.open(dir.resolve("thermal.csv"), null, dir.resolve("inlet.csv"), ROOM);
        ComponentTester sink = ComponentTester.of(LOG, 1, ComponentTester.ports(LOG, 0), ports -> log);
        if (totals != null) {
            deliver(sink, totals);
        }
        // The last job to end, and one rejected (no end of its own).
        deliver(sink, new Report.JobEnded(job(0, 0, 1, 10, 10), 0, end, new int[] {0}, JobStatus.COMPLETED, "", null));
        deliver(sink, new Report.JobEnded(job(1, 0, 9, 10, 10), -1, -1, null, JobStatus.REJECTED, "too wide", null));
        sink.run(new KernelCommand.SimulationEnd(end));
        return Files.readAllLines(dir.resolve("inlet.csv"));
    }

    private static void deliver(ComponentTester sink, Object payload) {
        sink.run(new KernelCommand.DeliverOne(1, 1, new Envelope(1, 1, 0, 0, LOG, payload)));
    }

    @Test
    void everyRecordOfTheRoomLogProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(RoomLogProtocol.class, () -> ComponentTester.of(LOG, 1,
                ComponentTester.ports(LOG, 0), ports -> ThermalLog.open(dir.resolve("thermal.csv"), null,
                        dir.resolve("inlet.csv"), ROOM)), LOG);
    }

    @Test
    void theLastSampleHoldsUntilTheLastJobsEnd() throws IOException {
        // Sampled at 0 and 10 s: node 0 at 27 C, then 28 C; the last job ends at 20 s.
        Report.InletTotals t = new Report.InletTotals(0, 10 * S, new double[] {270, 250, 300, 100},
                new double[] {28, 24.5, 30, 10}, new double[] {28, 25, 30, 10});
        assertEquals(List.of("node,row,rack,slot,mean_inlet_c,max_inlet_c",
                "0,0,0,0,27.500000,28.000000",
                "1,0,0,1,24.750000,25.000000",
                "2,1,0,0,30.000000,30.000000",
                "3,1,0,1,10.000000,10.000000"), inlets(t, 20 * S));
        // A last sample after the last job's end (a unit's warming air) ends the span instead.
        assertEquals("0,0,0,0,27.000000,28.000000", inlets(t, 5 * S).get(1));
    }

    @Test
    void aRunOfNoLengthShowsTheOnlySampleAndAnUnsampledRoomNothing() throws IOException {
        Report.InletTotals t = new Report.InletTotals(3 * S, 3 * S, new double[4], new double[] {20, 21, 22, 23},
                new double[] {20, 21, 22, 23});
        assertEquals("3,1,0,1,23.000000,23.000000", inlets(t, 3 * S).get(4));
        assertEquals(List.of("node,row,rack,slot,mean_inlet_c,max_inlet_c", "0,0,0,0,,", "1,0,0,1,,", "2,1,0,0,,",
                "3,1,0,1,,"), inlets(null, 0));
    }
}
