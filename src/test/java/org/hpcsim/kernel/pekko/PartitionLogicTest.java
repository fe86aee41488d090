package org.hpcsim.kernel.pekko;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.Handled;

/** A partition manager's rules, driven message by message without Pekko. */
class PartitionLogicTest {
    private final List<String> toComponents = new ArrayList<>();
    private final List<CoordinatorCommand> reports = new ArrayList<>();

    /** Partition {@code index} of {@code partitions}, over {@code components} components. */
    private PartitionLogic partition(int index, int partitions, int components, Envelope... initial) {
        int locals = (components - index + partitions - 1) / partitions;
        return new PartitionLogic(index, partitions, components, locals, List.of(initial), 0,
                new PartitionLogic.Outbox() {
                    @Override
                    public void toComponent(int localIndex, KernelCommand command) {
                        toComponents.add(localIndex + " <- " + command);
                    }

                    @Override
                    public void toPartition(int partition, PartitionCommand.Inbound batch) {
                    }

                    @Override
                    public void toCoordinator(CoordinatorCommand report) {
                        reports.add(report);
                    }
                });
    }

    private static Envelope message(long time, int round, int sender, int target) {
        return new Envelope(time, round, sender, 0, target, "from " + sender);
    }

    private static Handled ack(int local) {
        return new Handled(local, List.of(), 0, null);
    }

    @Test
    void aRoundWaitsForTheNamedSendersBatchEvenWhenAFasterPeersNewBatchArrivesFirst() {
        // Partition 1 of 3 holds components 1 and 4. It must run (0, 1) once C's (partition 2's) first
        // batch, holding the message due then, is in. A (partition 0), already running round 1, sends
        // a batch for round 2 that gets here first: counted in total, it let the round start without
        // C's message, which then came too late.
        PartitionLogic p = partition(1, 3, 6);
        p.handle(new PartitionCommand.RunRound(0, 1, new long[] {2, 1}));
        p.handle(new PartitionCommand.Inbound(0, List.of(message(0, 2, 3, 1))));
        assertEquals(List.of(), toComponents, "A's batch is not the one it waits for");
        p.handle(new PartitionCommand.Inbound(2, List.of(message(0, 1, 5, 4))));
        assertEquals(List.of("1 <- DeliverOne[time=0, round=1, message=" + message(0, 1, 5, 4) + "]"), toComponents);
        p.handle(new PartitionCommand.ComponentDone(ack(1)));
        CoordinatorCommand.RoundDone done = (CoordinatorCommand.RoundDone) reports.get(0);
        assertArrayEquals(new int[] {0, 2}, done.mergedFrom(), "both batches reported merged, by sender");
        assertTrue(done.nextRound(), "A's message is due in round 2");
    }

    @Test
    void eachReportNamesTheSendersOfTheBatchesMergedSinceThePreviousOne() {
        PartitionLogic p = partition(0, 3, 3, message(1, 0, Envelope.KERNEL, 0));
        p.handle(new PartitionCommand.Inbound(2, List.of(message(4, 0, 2, 0))));
        p.handle(new PartitionCommand.Inbound(1, List.of(message(5, 0, 1, 0))));
        p.handle(new PartitionCommand.Inbound(2, List.of(message(6, 0, 2, 0))));
        p.handle(new PartitionCommand.RunRound(1, 0, new long[0]));
        p.handle(new PartitionCommand.ComponentDone(ack(0)));
        p.handle(new PartitionCommand.RunRound(4, 0, new long[0]));
        p.handle(new PartitionCommand.ComponentDone(ack(0)));
        assertArrayEquals(new int[] {2, 1, 2}, ((CoordinatorCommand.RoundDone) reports.get(0)).mergedFrom());
        assertArrayEquals(new int[] {}, ((CoordinatorCommand.RoundDone) reports.get(1)).mergedFrom());
    }

    @Test
    void aRoundWithNothingDueFailsAtOnceWithThePartitionsState() {
        PartitionLogic p = partition(0, 2, 4, message(5, 0, Envelope.KERNEL, 2));
        KernelFailure f = assertThrows(KernelFailure.class,
                () -> p.handle(new PartitionCommand.RunRound(3, 0, new long[0])));
        assertTrue(f.getMessage().startsWith("partition 0 was told to run (3, 0) but its first message is due later"),
                f.getMessage());
        assertTrue(f.getMessage().contains("its state: last ran (none)"), f.getMessage());
    }

    @Test
    void aMessageArrivingAfterItsRoundHasRunFailsAtOnce() {
        PartitionLogic p = partition(0, 2, 4, message(5, 0, Envelope.KERNEL, 0));
        p.handle(new PartitionCommand.RunRound(5, 0, new long[0]));
        KernelFailure f = assertThrows(KernelFailure.class,
                () -> p.handle(new PartitionCommand.Inbound(1, List.of(message(5, 0, 1, 2)))));
        assertTrue(f.getMessage().contains("got a message due at (5, 0), not after the round it has run"),
                f.getMessage());
    }

    @Test
    void theNaturalEndWithAMessageStillPendingFailsAtOnce() {
        PartitionLogic p = partition(0, 1, 1, message(5, 0, Envelope.KERNEL, 0));
        KernelFailure f = assertThrows(KernelFailure.class,
                () -> p.handle(new PartitionCommand.RunEnd(0, false, new long[0])));
        assertTrue(f.getMessage().contains("still holds a message at the natural end of the run"), f.getMessage());
    }
}
