package org.hpcsim.report;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.RecorderProtocol;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecorderTest {
    private static final int RECORDER = 6;

    @TempDir
    Path dir;

    @Test
    void everyRecordOfTheRecorderProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(RecorderProtocol.class, () -> ComponentTester.of(RECORDER, 1,
                ComponentTester.ports(RECORDER, 0), ports -> new Recorder(Machines.parse("mesh:2x2"),
                        new int[] {0, 1, 2, 3}, dir.resolve("jobs.csv"), LinksCsv.off(), null, null, null, null, null,
                        new RunProgress(), new CompletableFuture<>())), RECORDER);
    }
}
