package org.hpcsim.kernel.pekko;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.PlainGossip;
import org.hpcsim.kernel.SequentialReference;

/**
 * The kernel's distributed protocol with Pekko taken out, for exploring message orders. The
 * coordinator, the partition managers (their {@link CoordinatorLogic} and {@link PartitionLogic})
 * and the components ({@link PlainGossip}) are endpoints joined by one FIFO channel per (sender,
 * receiver) pair: the only order Pekko guarantees. A run is a sequence of choices, each delivering
 * the head of one non-empty channel; every legal interleaving of Pekko's mailboxes is such a
 * sequence. After each run the outcome is checked against {@link SequentialReference}: the run
 * ended, nothing is left in flight, every component saw exactly the reference's deliveries in the
 * reference's order, and the kernel's counts agree.
 */
final class ProtocolHarness {

    /**
     * A case: partitions, components and their behaviour, the messages due before the start, the
     * components' master seed and the kernel's shuffle seed (0 = none).
     */
    record Case(int partitions, PlainGossip.Behaviour behaviour, List<Envelope> initial, long seed, long shuffleSeed) {
        int components() {
            return behaviour.components();
        }

        @Override
        public String toString() {
            return partitions + " partitions, " + components() + " components, " + initial.size()
                    + " initial messages, seed " + seed + ", shuffle " + shuffleSeed;
        }
    }

    /** Chooses which of the enabled channels (ascending channel numbers) delivers next. */
    interface Chooser {
        int choose(int[] enabled, int count);
    }

    private static final int ROOT = 0;
    private static final int COORDINATOR = 1;
    /** Steps after which a run that has not ended counts as a livelock. */
    private final long stepLimit;

    private final Case c;
    private final int endpoints;
    private final ArrayDeque<Object>[] channels;
    private final BitSet nonEmpty = new BitSet();
    private final CompletableFuture<KernelStats> result = new CompletableFuture<>();
    private final CoordinatorLogic coordinator;
    private final PartitionLogic[] partitions;
    private final List<PlainGossip> components = new ArrayList<>();
    private long steps;
    private String failure;

    @SuppressWarnings("unchecked")
    ProtocolHarness(Case c, long stepLimit) {
        this.c = c;
        this.stepLimit = stepLimit;
        int p = c.partitions();
        this.endpoints = 2 + p + c.components();
        this.channels = new ArrayDeque[endpoints * endpoints];
        long[] initialNext = new long[p];
        List<List<Envelope>> initialByPartition = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            initialNext[i] = SimTime.NEVER;
            initialByPartition.add(new ArrayList<>());
        }
        for (Envelope e : c.initial()) {
            initialByPartition.get(e.target() % p).add(e);
            initialNext[e.target() % p] = Math.min(initialNext[e.target() % p], e.time());
        }
        this.coordinator = new CoordinatorLogic(p, initialNext, c.shuffleSeed(), result, new KernelProgress(), null,
                (to, command) -> post(COORDINATOR, partitionEndpoint(to), command));
        this.partitions = new PartitionLogic[p];
        for (int i = 0; i < p; i++) {
            int self = partitionEndpoint(i);
            int index = i;
            int locals = (c.components() - i + p - 1) / p;
            partitions[i] = new PartitionLogic(i, p, c.components(), locals, initialByPartition.get(i),
                    c.shuffleSeed(), new PartitionLogic.Outbox() {
                        @Override
                        public void toComponent(int localIndex, KernelCommand command) {
                            post(self, componentEndpoint(localIndex * p + index), command);
                        }

                        @Override
                        public void toPartition(int partition, PartitionCommand.Inbound batch) {
                            post(self, partitionEndpoint(partition), batch);
                        }

                        @Override
                        public void toCoordinator(CoordinatorCommand report) {
                            post(self, COORDINATOR, report);
                        }
                    });
        }
        for (int i = 0; i < c.components(); i++) {
            components.add(new PlainGossip(i, p, c.seed(), c.behaviour()));
        }
        post(ROOT, COORDINATOR, new CoordinatorCommand.Start());
    }

    private int partitionEndpoint(int partition) {
        return 2 + partition;
    }

    private int componentEndpoint(int component) {
        return 2 + c.partitions() + component;
    }

    private void post(int from, int to, Object message) {
        int channel = from * endpoints + to;
        ArrayDeque<Object> q = channels[channel];
        if (q == null) {
            q = new ArrayDeque<>();
            channels[channel] = q;
        }
        q.add(message);
        nonEmpty.set(channel);
    }

    /** The receiving endpoint of a channel. */
    int receiver(int channel) {
        return channel % endpoints;
    }

    /** Whether the run is over: ended, failed, or nothing left to deliver. */
    boolean over() {
        return failure != null || nonEmpty.isEmpty();
    }

    /** The channels with a message to deliver, ascending, into {@code into}; returns how many. */
    int enabled(int[] into) {
        int n = 0;
        for (int ch = nonEmpty.nextSetBit(0); ch >= 0; ch = nonEmpty.nextSetBit(ch + 1)) {
            into[n++] = ch;
        }
        return n;
    }

    int channelCount() {
        return channels.length;
    }

    /** Delivers the head of a channel to its receiver. */
    void deliver(int channel) {
        ArrayDeque<Object> q = channels[channel];
        Object message = q.poll();
        if (q.isEmpty()) {
            nonEmpty.clear(channel);
        }
        steps++;
        int to = receiver(channel);
        try {
            if (to == COORDINATOR) {
                coordinator.handle((CoordinatorCommand) message);
            } else if (to < 2 + c.partitions()) {
                partitions[to - 2].handle((PartitionCommand) message);
            } else {
                int component = to - 2 - c.partitions();
                post(to, partitionEndpoint(component % c.partitions()),
                        new PartitionCommand.ComponentDone(components.get(component).handle((KernelCommand) message)));
            }
        } catch (RuntimeException e) {
            failure = "endpoint " + to + " threw on " + message + ": " + e;
        }
        if (failure == null && steps > stepLimit) {
            failure = "no end after " + stepLimit + " deliveries (livelock)";
        }
    }

    /** Runs to the end choosing with {@code chooser}; returns null if the outcome matches, else what went wrong. */
    String runWith(Chooser chooser, SequentialReference.Outcome reference) {
        int[] enabled = new int[channels.length];
        while (!over()) {
            int n = enabled(enabled);
            deliver(enabled[chooser.choose(enabled, n)]);
        }
        return verdict(reference);
    }

    /** Null if the finished run matches the reference, else what went wrong. */
    String verdict(SequentialReference.Outcome reference) {
        if (failure != null) {
            return failure;
        }
        if (!result.isDone()) {
            return "hang: nothing in flight, but the run never ended (after " + steps + " deliveries)";
        }
        KernelStats stats;
        try {
            stats = result.get();
        } catch (InterruptedException | ExecutionException e) {
            return "the run failed: " + e.getCause();
        }
        for (int i = 0; i < components.size(); i++) {
            if (!components.get(i).log().equals(reference.logs().get(i))) {
                return "component " + i + " saw\n  " + components.get(i).log() + "\nexpected\n  "
                        + reference.logs().get(i);
            }
        }
        SequentialReference.Outcome got = new SequentialReference.Outcome(reference.logs(), stats.endTime(),
                stats.instants(), stats.rounds(), stats.messages(), stats.events(), stats.activations());
        if (!got.equals(reference)) {
            return "kernel counts " + got + " differ from the reference's " + reference;
        }
        return null;
    }

    long steps() {
        return steps;
    }

    /** The reference outcome of a case. */
    static SequentialReference.Outcome reference(Case c) {
        List<PlainGossip> components = new ArrayList<>();
        for (int i = 0; i < c.components(); i++) {
            components.add(new PlainGossip(i, c.partitions(), c.seed(), c.behaviour()));
        }
        return SequentialReference.run(components, c.initial());
    }
}
