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

    /** The summary after samples of {@code coolingWatts[i]} at {@code times[i]} and the last job's end at {@code end}. */
    private ThermalLog.Summary summary(long[] times, double[] coolingWatts, long end) {
        ThermalLog log = ThermalLog.open(dir.resolve("thermal.csv"), null, dir.resolve("inlet.csv"), ROOM);
        ComponentTester sink = ComponentTester.of(LOG, 1, ComponentTester.ports(LOG, 0), ports -> log);
        for (int i = 0; i < times.length; i++) {
            sink.run(new KernelCommand.DeliverOne(times[i], 1, new Envelope(times[i], 1, 0, i, LOG,
                    new Report.ThermalSample(1000, coolingWatts[i], 18, 25, 25, 0, false, null, null, 1, new int[0]))));
            sink.run(new KernelCommand.EndOfInstant(times[i], 2));
        }
        return log.summary(end, Double.NaN);
    }

    @Test
    void theCoolingEnergyIsEachSamplesPowerUntilTheNextAndTheLastOneUntilTheEnd() {
        // 100 W for 10 s, 300 W for 5 s, then 50 W from 15 s to the last job's end at 20 s: 2,750 J.
        ThermalLog.Summary s = summary(new long[] {0, 10 * S, 15 * S}, new double[] {100, 300, 50}, 20 * S);
        assertEquals(2750 / 3.6e6, s.coolingEnergyKwh(), 1e-15);
        assertEquals(137.5, s.meanCoolingPower(), 1e-12);
        assertEquals(3, s.samples());
        // A last job ending at the last sample, or before it: the span ends at the last sample.
        assertEquals(2500 / 3.6e6, summary(new long[] {0, 10 * S, 15 * S}, new double[] {100, 300, 50}, 15 * S)
                .coolingEnergyKwh(), 1e-15);
        assertEquals(2500 / 3.6e6, summary(new long[] {0, 10 * S, 15 * S}, new double[] {100, 300, 50}, 12 * S)
                .coolingEnergyKwh(), 1e-15);
        // One sample and no length: its power is the mean; no sample: nothing drawn.
        assertEquals(70, summary(new long[] {4 * S}, new double[] {70}, 4 * S).meanCoolingPower());
        ThermalLog.Summary none = summary(new long[0], new double[0], 9 * S);
        assertEquals(0, none.coolingEnergyKwh());
        assertEquals(0, none.meanCoolingPower());
        assertEquals(0, none.samples());
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
