package org.hpcsim.link;

import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.LinkProtocol;
import org.junit.jupiter.api.Test;

class IoNodeTest {
    private static final int IO_NODE = 12;

    @Test
    void everyRecordOfTheLinkProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(LinkProtocol.class, () -> ComponentTester.of(IO_NODE, 1,
                ComponentTester.ports(IO_NODE, 0), ports -> new IoNode(0)), IO_NODE);
    }
}
