package org.hpcsim.feeder;

import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.FeederProtocol;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStream;
import org.junit.jupiter.api.Test;

class TraceFeederTest {
    private static final int FEEDER = 3;

    /** A trace without jobs. */
    private static final class Empty implements JobStream {
        @Override
        public Job peek() {
            return null;
        }

        @Override
        public Job next() {
            return null;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void everyRecordOfTheFeederProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(FeederProtocol.class, () -> ComponentTester.of(FEEDER, 1,
                ComponentTester.ports(FEEDER, 0).to(TraceFeeder.SCHEDULER, ComponentTester.address(1)),
                ports -> new TraceFeeder(ports, new Empty(), 64)), FEEDER);
    }
}
