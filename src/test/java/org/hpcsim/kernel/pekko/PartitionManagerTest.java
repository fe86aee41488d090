package org.hpcsim.kernel.pekko;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.hpcsim.kernel.ScriptedModel.Note;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Wiring;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.ScriptedModel;

/** The partition manager's counted quiescence, with a TestProbe standing in for the coordinator. */
class PartitionManagerTest {
    private static final ActorTestKit testKit = ActorTestKit.create();

    @AfterAll
    static void stop() {
        testKit.shutdownTestKit();
    }

    @Test
    void aRoundWaitsForTheNamedInboundBatchesThenReportsWhatIsPending() {
        for (KernelOptions.Hosting hosting : KernelOptions.Hosting.values()) {
            aRoundWaitsForTheNamedInboundBatches(hosting);
        }
    }

    private void aRoundWaitsForTheNamedInboundBatches(KernelOptions.Hosting hosting) {
        ScriptedModel model = new ScriptedModel();
        KernelSettings settings = new KernelSettings(1, 2, 100, 1, 0);
        // Partition 0 of 2 holds component 0; component 1 would be in partition 1.
        Wiring wiring = new Wiring();
        wiring.add(ComponentType.of("scripted", Note.class, "a scripted model"), ports -> new ScriptedModel.Actor(model.log, null));
        List<Wiring.Spec> components = wiring.specs();
        ActorRef<PartitionCommand> pm = testKit.spawn(PartitionManager.create(0, 2, 2, components, List.of(),
                settings, hosting, new java.util.concurrent.CompletableFuture<>()));
        TestProbe<CoordinatorCommand> coordinator = testKit.createTestProbe();
        pm.tell(new PartitionCommand.Init(List.of(pm, pm), coordinator.getRef()));

        pm.tell(new PartitionCommand.RunRound(5, 0, new long[] {1, 1})); // one batch from partition 1
        coordinator.expectNoMessage(Duration.ofMillis(200));

        Note note = new Note("hello", new ScriptedModel.Send(0, 3, new Note("later")));
        pm.tell(new PartitionCommand.Inbound(1, List.of(new Envelope(5, 0, 1, 0, 0, note))));
        CoordinatorCommand.RoundDone done = coordinator.expectMessageClass(CoordinatorCommand.RoundDone.class);
        assertArrayEquals(new int[] {1}, done.mergedFrom(), "it merged one batch, from partition 1");
        assertEquals(8, done.nextTime(), "the note sent with latency 3 is pending at 8");
        assertEquals(List.of("5,0:hello"), model.log, hosting.toString());
    }
}
