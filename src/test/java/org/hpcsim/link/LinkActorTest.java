package org.hpcsim.link;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.RecorderProtocol;
import org.hpcsim.protocol.NodeProtocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.PartitionCommand;
import org.junit.jupiter.api.Test;

/** A link actor driven synchronously. */
class LinkActorTest {
    private static final int LINK_COMPONENT = 40;
    private static final int LINK = 7;
    private static final int RECORDER = 30;
    private static final Address<NodeProtocol> LEAD_A = ComponentTester.address(1);
    private static final Address<NodeProtocol> LEAD_B = ComponentTester.address(5);
    private final ComponentTester link = ComponentTester.of(LINK_COMPONENT, 1,
            ComponentTester.ports(LINK_COMPONENT, LINK).to(LinkActor.RECORDER, ComponentTester.address(RECORDER)),
            LinkActor::new);

    private PartitionCommand.Handled deliver(long time, int round, int sender, Object payload) {
        return link.run(new KernelCommand.DeliverOne(time, round, new Envelope(time, round, sender, 0, LINK_COMPONENT, payload)));
    }

    private List<Envelope> endOfInstant(long time, int round) {
        return link.run(new KernelCommand.EndOfInstant(time, round)).out();
    }

    @Test
    void oncePerInstantEveryJobOnTheLinkHearsTheTotalAndItsOwnWeight() {
        PartitionCommand.Handled first = deliver(5, 1, 1, new LinkProtocol.Join(10, 30, LEAD_A));
        assertTrue(first.wantsEndOfInstant());
        assertTrue(first.out().isEmpty(), "nothing is sent before the instant's joins are all in");
        deliver(5, 1, 5, new LinkProtocol.Join(11, 10, LEAD_B));
        List<Envelope> out = endOfInstant(5, 2);
        assertEquals(3, out.size());
        assertEquals(new NodeProtocol.LinkShare(10, LINK, 40, 30), out.get(0).payload());
        assertEquals(1, out.get(0).target());
        assertEquals(new NodeProtocol.LinkShare(11, LINK, 40, 10), out.get(1).payload());
        assertEquals(5, out.get(1).target());
        assertEquals(new RecorderProtocol.LinkLoad(LINK, 40, 2), out.get(2).payload());
        assertEquals(RECORDER, out.get(2).target());
    }

    @Test
    void aLeavingJobLowersTheTotalTheOthersHear() {
        deliver(0, 1, 1, new LinkProtocol.Join(10, 30, LEAD_A));
        deliver(0, 1, 5, new LinkProtocol.Join(11, 10, LEAD_B));
        endOfInstant(0, 2);
        deliver(9, 0, 1, new LinkProtocol.Leave(10));
        List<Envelope> out = endOfInstant(9, 1);
        assertEquals(new NodeProtocol.LinkShare(11, LINK, 10, 10), out.get(0).payload());
        assertEquals(new RecorderProtocol.LinkLoad(LINK, 10, 1), out.get(1).payload());
    }
}
