package org.hpcsim.report;

import java.nio.file.Path;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.BatsimJobsProtocol;
import org.hpcsim.protocol.FailureLogProtocol;
import org.hpcsim.protocol.IoLogProtocol;
import org.hpcsim.protocol.LinksLogProtocol;
import org.hpcsim.protocol.TimeSeriesProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every output sink handles every record of its protocol (jobs.csv's and the room's have their own tests). */
class OutputSinksTest {
    private static final int SINK = 3;

    @TempDir
    Path dir;

    @Test
    void everyRecordOfTheTimeSeriesProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(TimeSeriesProtocol.class, () -> ComponentTester.of(SINK, 1,
                ComponentTester.ports(SINK, 0), ports -> TimeSeriesLog.open(dir.resolve("timeseries.csv"), 4, true, 2,
                        0)), SINK);
    }

    @Test
    void everyRecordOfTheLinksLogProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(LinksLogProtocol.class, () -> ComponentTester.of(SINK, 1,
                ComponentTester.ports(SINK, 0), ports -> LinksCsv.open(dir.resolve("links.csv"), 2, 10,
                        l -> "link " + l)), SINK);
    }

    @Test
    void everyRecordOfTheFailureLogProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(FailureLogProtocol.class, () -> ComponentTester.of(SINK, 1,
                ComponentTester.ports(SINK, 0), ports -> FailureLog.open(dir.resolve("events.csv"),
                        dir.resolve("attempts.csv"))), SINK);
    }

    @Test
    void everyRecordOfTheIoLogProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(IoLogProtocol.class, () -> ComponentTester.of(SINK, 1,
                ComponentTester.ports(SINK, 0), ports -> IoLog.open(dir.resolve("io.csv"))), SINK);
    }

    @Test
    void everyRecordOfTheBatsimJobsProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(BatsimJobsProtocol.class, () -> ComponentTester.of(SINK, 1,
                ComponentTester.ports(SINK, 0), ports -> BatsimJobsLog.open(dir.resolve("batsim_jobs.csv"),
                        j -> String.valueOf(j.id()), i -> "", j -> -1, null)), SINK);
    }
}
