package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.hpcsim.kernel.sequential.SequentialExecutor;

/** The wiring plan: ids in the order components are added, and every mistake in connecting ports named. */
class WiringTest {
    interface Ping {
    }

    interface Pong {
    }

    static final Port<Pong> BOSS = Port.one("boss", Pong.class, "to the boss");
    static final Port<Pong> AUDIT = Port.optional("audit", Pong.class, "to an auditor, if any");
    static final Port<Ping> PEERS = Port.many("peers", Ping.class, "to the other workers");
    static final ComponentType<Ping> WORKER = ComponentType.of("worker", Ping.class, "a worker", BOSS, AUDIT, PEERS);
    static final ComponentType<Pong> BOSS_TYPE = ComponentType.of("boss", Pong.class, "the boss");

    /** A component that only remembers its ports. */
    record Probe(Ports ports) implements Component<Object> {
        @Override
        public void onMessage(Object message, Context context) {
        }
    }

    @Test
    void componentsGetIdsInTheOrderTheyAreAddedAndGroupsConsecutiveOnes() {
        Wiring w = new Wiring();
        Addresses<Ping> workers = w.addGroup(WORKER, 3, p -> null);
        Address<Pong> boss = w.add(BOSS_TYPE, p -> null);
        Addresses<Ping> more = w.addGroup(WORKER, 2, p -> null);
        assertEquals(List.of(0, 1, 2), List.of(workers.get(0).id(), workers.get(1).id(), workers.get(2).id()));
        assertEquals(3, boss.id());
        assertEquals(4, more.get(0).id());
        assertEquals(6, w.size());
    }

    /** A connection's latency is declared in the plan, as an SST link's: a plain send over it is due that long after. */
    @Test
    void aConnectionDeclaredWithALatencyDelaysWhatIsSentOverIt() {
        Wiring w = new Wiring();
        Addresses<Ping> workers = w.addGroup(WORKER, 2, p -> null);
        Address<Pong> boss = w.add(BOSS_TYPE, p -> null);
        w.connect(workers, BOSS, boss, 5_000_000);
        Address<Pong> over = w.specs().get(0).ports().to(BOSS);
        assertEquals(boss, over, "the same component");
        assertEquals(5_000_000, over.latency());
        assertEquals(0, boss.latency());
        ComponentHost host = new ComponentHost(0, 0, "worker-0", 1);
        java.util.List<Envelope> sent = new java.util.ArrayList<>();
        host.sendTo(sent::add);
        host.send(over, new Pong() { });
        assertEquals(5_000_000, sent.get(0).time());
        assertEquals(0, sent.get(0).round());
        assertThrows(IllegalArgumentException.class, () -> w.connect(workers, PEERS, workers.get(0), 1));
    }

    @Test
    void eachMemberSeesItsIndexItselfAndWhereItsPortsLead() {
        Wiring w = new Wiring();
        Addresses<Ping> workers = w.addGroup(WORKER, 3, p -> null);
        Address<Pong> boss = w.add(BOSS_TYPE, p -> null);
        Addresses<Ping> extra = w.addGroup(WORKER, 2, p -> null);
        w.connect(workers, BOSS, boss);
        w.connect(extra, BOSS, boss);
        w.connect(workers, PEERS, workers);
        w.connect(workers, PEERS, extra);
        Ports second = w.specs().get(1).ports();
        assertEquals(1, second.index());
        assertEquals(workers.get(1), second.self());
        assertEquals(boss, second.to(BOSS));
        assertNull(second.to(AUDIT), "an optional port left unconnected leads nowhere");
        Addresses<Ping> peers = second.toAll(PEERS);
        assertEquals(5, peers.size(), "the groups connected to a many-port, one after the other");
        assertEquals(extra.get(1), peers.get(4));
        assertEquals(0, w.specs().get(4).ports().toAll(PEERS).size());
        assertEquals("worker-1", w.specs().get(1).instanceName());
    }

    @Test
    void aRequiredPortLeftUnconnectedIsNamed() {
        Wiring w = new Wiring();
        w.addGroup(WORKER, 2, p -> null);
        IllegalStateException e = assertThrows(IllegalStateException.class, w::check);
        assertTrue(e.getMessage().contains("port 'boss' of group 'worker' (2 components)"), e.getMessage());
    }

    @Test
    void connectingAPortTheKindDoesNotDeclareOrToTheWrongProtocolOrTwiceIsRefused() {
        Wiring w = new Wiring();
        Addresses<Ping> workers = w.addGroup(WORKER, 2, p -> null);
        Address<Pong> boss = w.add(BOSS_TYPE, p -> null);
        Port<Pong> stranger = Port.one("stranger", Pong.class, "undeclared");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> w.connect(workers, stranger, boss))
                .getMessage().contains("declares no port 'stranger'"));
        @SuppressWarnings({"unchecked", "rawtypes"})
        Address<Pong> notABoss = (Address) workers.get(0);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> w.connect(workers, BOSS, notABoss))
                .getMessage().contains("carries Pong, but group 'worker' (2 components) accepts Ping"));
        w.connect(workers, BOSS, boss);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> w.connect(workers, BOSS, boss))
                .getMessage().contains("connected twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> w.connect(workers.get(0), BOSS, boss))
                .getMessage().contains("connect the group's ports"));
    }

    @Test
    void theExecutorsCreateEveryComponentFromItsResolvedPorts() {
        Wiring w = new Wiring();
        Probe[] made = new Probe[3];
        Addresses<Ping> workers = w.addGroup(WORKER, 3, p -> {
            Probe probe = new Probe(p);
            made[p.index()] = probe;
            return (Component) probe;
        });
        Address<Pong> boss = w.add(BOSS_TYPE, p -> new TestComponent<Pong>() {
            @Override
            protected void onMessage(Pong message) {
            }
        });
        w.connect(workers, BOSS, boss);
        new SequentialExecutor().run(w, new KernelSettings(1, 1, 1, 1, 0), null, null);
        assertEquals(boss, made[2].ports().to(BOSS));
    }
}
