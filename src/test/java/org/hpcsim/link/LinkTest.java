package org.hpcsim.link;

import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.NodeProtocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.Handled;
import org.junit.jupiter.api.Test;

/** A link actor driven synchronously. */
class LinkTest {
    private static final int LINK_COMPONENT = 40;
    private static final int LINK = 7;
    private static final int RECORDER = 30;
    private static final Address<NodeProtocol> LEAD_A = ComponentTester.address(1);
    private static final Address<NodeProtocol> LEAD_B = ComponentTester.address(5);
    private final ComponentTester link = ComponentTester.of(LINK_COMPONENT, 1,
            ComponentTester.ports(LINK_COMPONENT, LINK).toAll(Link.LOADS, ComponentTester.addresses(RECORDER, 1)),
            Link::new);

    private Handled deliver(long time, int round, int sender, Object payload) {
        return link.run(new KernelCommand.DeliverOne(time, round, new Envelope(time, round, sender, 0, LINK_COMPONENT, payload)));
    }

    private List<Envelope> endOfInstant(long time, int round) {
        return link.run(new KernelCommand.EndOfInstant(time, round)).out();
    }

    @Test
    void onceTheInstantsJoinsAreInEachJobHearsTheTotalItsOwnWeightAndItsPosition() {
        Handled first = deliver(5, 1, 1, new LinkProtocol.Join(10, 30, LEAD_A, 4, 1));
        assertTrue(first.wantsEndOfInstant());
        assertTrue(first.out().isEmpty(), "nothing is sent before the instant's joins are all in");
        deliver(5, 1, 5, new LinkProtocol.Join(11, 10, LEAD_B, 0, 2));
        List<Envelope> out = endOfInstant(5, 2);
        assertEquals(3, out.size());
        assertEquals(new NodeProtocol.LinkShare(10, LINK, 4, 1, 40, 30), out.get(0).payload());
        assertEquals(1, out.get(0).target());
        assertEquals(new NodeProtocol.LinkShare(11, LINK, 0, 2, 40, 10), out.get(1).payload());
        assertEquals(5, out.get(1).target());
        assertEquals(new Report.LinkLoad(LINK, 40, 2), out.get(2).payload());
        assertEquals(RECORDER, out.get(2).target());
    }

    @Test
    void aRiseReachesEveryJobButAFallOnlyTheJobsWatchingTheLink() {
        deliver(0, 1, 1, new LinkProtocol.Join(10, 30, LEAD_A, 0, 1));
        deliver(0, 1, 5, new LinkProtocol.Join(11, 10, LEAD_B, 0, 1));
        endOfInstant(0, 2);
        deliver(0, 3, 5, new LinkProtocol.Watch(11, true));
        assertEquals(List.of(new NodeProtocol.LinkShare(11, LINK, 0, 1, 40, 10)), payloads(endOfInstant(0, 4)),
                "a watch is answered, and no load sample is taken without a join or leave");

        deliver(7, 0, 1, new LinkProtocol.Join(12, 5, LEAD_A, 1, 2));
        assertEquals(List.of(new NodeProtocol.LinkShare(10, LINK, 0, 1, 45, 30),
                        new NodeProtocol.LinkShare(11, LINK, 0, 1, 45, 10),
                        new NodeProtocol.LinkShare(12, LINK, 1, 2, 45, 5),
                        new Report.LinkLoad(LINK, 45, 3)), payloads(endOfInstant(7, 1)));

        deliver(9, 0, 1, new LinkProtocol.Leave(12));
        assertEquals(List.of(new NodeProtocol.LinkShare(11, LINK, 0, 1, 40, 10),
                new Report.LinkLoad(LINK, 40, 2)), payloads(endOfInstant(9, 1)),
                "job 10 still holds 45: an upper bound, which is all it needs of a link that is not its bottleneck");

        deliver(9, 2, 1, new LinkProtocol.Refresh(10));
        assertEquals(List.of(new NodeProtocol.LinkShare(10, LINK, 0, 1, 40, 30)), payloads(endOfInstant(9, 3)));
        deliver(11, 0, 5, new LinkProtocol.Watch(11, false));
        deliver(11, 0, 1, new LinkProtocol.Leave(10));
        assertEquals(List.of(new Report.LinkLoad(LINK, 10, 1)), payloads(endOfInstant(11, 1)),
                "no longer watched, job 11 is not told of the fall");
    }

    private static List<Object> payloads(List<Envelope> out) {
        return out.stream().map(Envelope::payload).toList();
    }

    @Test
    void everyRecordOfTheLinkProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(LinkProtocol.class, () -> ComponentTester.of(LINK_COMPONENT, 1,
                ComponentTester.ports(LINK_COMPONENT, LINK).toAll(Link.LOADS, ComponentTester.addresses(RECORDER, 1)),
                Link::new), LINK_COMPONENT);
    }
}
