package org.hpcsim.report;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Dispatch;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.time.SimTime;
import org.hpcsim.protocol.JobsProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.topology.Machines;
import org.hpcsim.workload.JobStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobsLogTest {
    private static final int SINK = 6;
    private static final long S = SimTime.MICROS_PER_SECOND;

    @TempDir
    Path dir;

    private ComponentTester sink(CompletableFuture<RunMetrics> metrics) {
        return ComponentTester.of(SINK, 1, ComponentTester.ports(SINK, 0), ports -> new JobsLog(
                Machines.parse("mesh:2x2"), new int[] {0, 1, 2, 3}, dir.resolve("jobs.csv"), new RunProgress(), metrics));
    }

    @Test
    void everyRecordOfTheJobsProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(JobsProtocol.class, () -> sink(new CompletableFuture<>()), SINK);
    }

    @Test
    void aJobsCoolingPowerIsTheRoomsMeanOverItsRunFromTheSamplesAsEachInstantEnded() throws IOException {
        CompletableFuture<RunMetrics> metrics = new CompletableFuture<>();
        ComponentTester sink = sink(metrics);
        // 1000 W from 0 s; at 10 s a first sample of 3000 W is replaced by the instant's last, 2000 W.
        deliver(sink, 0, sample(1000));
        sink.run(new KernelCommand.EndOfInstant(0, 1));
        deliver(sink, 10 * S, sample(3000));
        // A job ending at 10 s is measured before the instant's sample holds.
        deliver(sink, 10 * S, new Report.JobEnded(job(0, 0, 1, 10, 10), 0, 10 * S, new int[] {0},
                JobStatus.COMPLETED, "", null));
        deliver(sink, 10 * S, sample(2000));
        sink.run(new KernelCommand.EndOfInstant(10 * S, 1));
        deliver(sink, 20 * S, new Report.JobEnded(job(1, 0, 1, 20, 20), 0, 20 * S, new int[] {1},
                JobStatus.COMPLETED, "", null));
        sink.run(new KernelCommand.SimulationEnd(20 * S));
        int column = JobsCsv.HEADER.split(",").length - 3;
        assertEquals("1000.000", Files.readAllLines(dir.resolve("jobs.csv")).get(1).split(",", -1)[column]);
        assertEquals("1500.000", Files.readAllLines(dir.resolve("jobs.csv")).get(2).split(",", -1)[column]);
        assertEquals(1250, metrics.join().meanJobCoolingPower(), 1e-9);
    }

    private static Report.ThermalSample sample(double coolingWatts) {
        return new Report.ThermalSample(4000, coolingWatts, 20, 25, 25, 0, false, null, null, 1, new int[0]);
    }

    private static void deliver(ComponentTester sink, long time, Object payload) {
        sink.run(new KernelCommand.DeliverOne(time, 1, new Envelope(time, 1, 0, 0, SINK, payload)));
    }
}
