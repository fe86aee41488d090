package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Local time manager of one partition of components (component id {@code c} lives in partition
 * {@code c % P}). It keeps the partition's pending messages, runs a round when the coordinator says
 * so (only components with messages take part), collects their outboxes, forwards messages for
 * other partitions in one batch per partition and reports back with counts, so the coordinator
 * knows when every message of a round has been delivered and handled.
 *
 * <p>Pending messages are kept as round-0 buckets by time, plus buckets by round for the current
 * instant: a zero-latency message sent at (t, r) is due at (t, r + 1), and a new instant starts only
 * once every such bucket has been delivered. A batch from a faster partition may arrive before this
 * one has run the current round, which is why same-instant buckets are keyed by round.
 */
public final class PartitionManager extends AbstractBehavior<PartitionManager.Command> {

    /** Messages a partition manager accepts. */
    public sealed interface Command {
    }

    /** Kernel bootstrap -> PartitionManager: the other partition managers and the coordinator. */
    record Init(List<ActorRef<Command>> partitions, ActorRef<Coordinator.Command> coordinator) implements Command {
    }

    /**
     * Coordinator -> PartitionManager: deliver the messages due at (time, round); first wait until
     * {@code expectedInbound} batches from other partitions (counted since the start) have arrived.
     */
    record RunRound(long time, int round, long expectedInbound) implements Command {
    }

    /** Coordinator -> PartitionManager: call the components that asked for an end-of-instant call. */
    record RunEndOfInstant(long time, int round, long expectedInbound) implements Command {
    }

    /** Coordinator -> PartitionManager: the simulation is over; tell every component. */
    record RunEnd(long time, long expectedInbound) implements Command {
    }

    /** PartitionManager -> PartitionManager: messages sent to this partition's components in one round. */
    record Inbound(List<Envelope> envelopes) implements Command {
    }

    /**
     * Component -> its PartitionManager: done with a delivery; here are the messages it sent, whether it
     * wants an end-of-instant call, and the failure if it threw.
     */
    public record Handled(int localIndex, List<Envelope> out, boolean wantsEndOfInstant, ComponentFailure error)
            implements Command {
    }

    /** A batch this partition sent to another one during a round, as reported to the coordinator. */
    record SentBatch(int partition, boolean nextRound, long minTime) {
    }

    private enum Phase { IDLE, ROUND, END_OF_INSTANT, END }

    private final int index;
    private final int partitions;
    private final int componentCount;
    private final List<ActorRef<KernelCommand>> locals;
    private final Random shuffle;
    private final TreeMap<Long, ArrayList<Envelope>> future = new TreeMap<>();
    private final TreeMap<Integer, ArrayList<Envelope>> sameInstant = new TreeMap<>();
    private final BitSet wantsEndOfInstant = new BitSet();
    private final ArrayList<Envelope>[] outTo;

    private List<ActorRef<Command>> peers;
    private ActorRef<Coordinator.Command> coordinator;
    private long received;
    private Command waiting;
    private Phase phase = Phase.IDLE;
    private long time;
    private int round;
    private int awaiting;
    private long events;
    private long messages;
    private long reportedEvents;
    private long activations;
    private long pekkoMessages;
    private ComponentFailure failure;

    @SuppressWarnings("unchecked")
    private PartitionManager(ActorContext<Command> context, int index, int partitions, int componentCount,
                             List<Kernel.ComponentSpec> components, List<Envelope> initial, KernelSettings settings) {
        super(context);
        this.index = index;
        this.partitions = partitions;
        this.componentCount = componentCount;
        this.shuffle = settings.shuffleSeed() == 0 ? null : new Random(settings.shuffleSeed() * 31 + index);
        this.outTo = new ArrayList[partitions];
        this.locals = new ArrayList<>(components.size());
        for (Kernel.ComponentSpec spec : components) {
            int local = spec.id() / partitions;
            if (local != locals.size()) {
                throw new IllegalStateException("component ids must be dense; missing id before " + spec.id());
            }
            ComponentSetup setup = new ComponentSetup(spec.id(), local, context.getSelf(), settings.seed());
            locals.add(context.spawn(spec.factory().create(setup), spec.name() + "-" + spec.id()));
        }
        for (Envelope e : initial) {
            place(e);
        }
    }

    static Behavior<Command> create(int index, int partitions, int componentCount,
                                    List<Kernel.ComponentSpec> components, List<Envelope> initial,
                                    KernelSettings settings) {
        return Behaviors.setup(ctx -> new PartitionManager(ctx, index, partitions, componentCount, components,
                initial, settings));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Init.class, this::init)
                .onMessage(RunRound.class, m -> runWhenComplete(m, m.expectedInbound()))
                .onMessage(RunEndOfInstant.class, m -> runWhenComplete(m, m.expectedInbound()))
                .onMessage(RunEnd.class, m -> runWhenComplete(m, m.expectedInbound()))
                .onMessage(Inbound.class, this::inbound)
                .onMessage(Handled.class, this::handled)
                .build();
    }

    private Behavior<Command> init(Init init) {
        this.peers = init.partitions();
        this.coordinator = init.coordinator();
        return this;
    }

    private Behavior<Command> runWhenComplete(Command run, long expectedInbound) {
        pekkoMessages++;
        if (received < expectedInbound) {
            waiting = run;
            return this;
        }
        start(run);
        return this;
    }

    private Behavior<Command> inbound(Inbound batch) {
        pekkoMessages++;
        received++;
        for (Envelope e : batch.envelopes()) {
            place(e);
        }
        if (waiting != null && received >= expectedOf(waiting)) {
            Command run = waiting;
            waiting = null;
            start(run);
        }
        return this;
    }

    private static long expectedOf(Command run) {
        if (run instanceof RunRound r) {
            return r.expectedInbound();
        } else if (run instanceof RunEndOfInstant e) {
            return e.expectedInbound();
        }
        return ((RunEnd) run).expectedInbound();
    }

    private void place(Envelope e) {
        if (e.round() > 0) {
            sameInstant.computeIfAbsent(e.round(), r -> new ArrayList<>()).add(e);
        } else {
            future.computeIfAbsent(e.time(), t -> new ArrayList<>()).add(e);
        }
    }

    private void start(Command run) {
        if (run instanceof RunRound r) {
            startRound(r.time(), r.round());
        } else if (run instanceof RunEndOfInstant e) {
            startEndOfInstant(e.time(), e.round());
        } else {
            startEnd(((RunEnd) run).time());
        }
    }

    private void startRound(long t, int r) {
        phase = Phase.ROUND;
        time = t;
        round = r;
        ArrayList<Envelope> bucket = r == 0 ? future.remove(t) : sameInstant.remove(r);
        if (bucket != null && !bucket.isEmpty()) {
            if (shuffle != null) {
                Collections.shuffle(bucket, shuffle);
            }
            bucket.sort(Envelope.DELIVERY_ORDER);
            events += bucket.size();
            messages += bucket.size();
            List<KernelCommand.Deliver> deliveries = new ArrayList<>();
            List<Integer> targets = new ArrayList<>();
            int n = bucket.size();
            int from = 0;
            while (from < n) {
                int target = bucket.get(from).target();
                int to = from + 1;
                while (to < n && bucket.get(to).target() == target) {
                    to++;
                }
                deliveries.add(new KernelCommand.Deliver(t, r, bucket.subList(from, to)));
                targets.add(target);
                from = to;
            }
            dispatch(deliveries, targets);
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    private void dispatch(List<KernelCommand.Deliver> deliveries, List<Integer> targets) {
        int count = deliveries.size();
        int[] order = order(count);
        awaiting += count;
        activations += count;
        for (int k = 0; k < count; k++) {
            int i = order[k];
            locals.get(targets.get(i) / partitions).tell(deliveries.get(i));
        }
    }

    private int[] order(int count) {
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        if (shuffle != null) {
            for (int i = count - 1; i > 0; i--) {
                int j = shuffle.nextInt(i + 1);
                int tmp = order[i];
                order[i] = order[j];
                order[j] = tmp;
            }
        }
        return order;
    }

    private void startEndOfInstant(long t, int r) {
        phase = Phase.END_OF_INSTANT;
        time = t;
        round = r;
        int[] callees = wantsEndOfInstant.stream().toArray();
        wantsEndOfInstant.clear();
        int[] order = order(callees.length);
        awaiting += callees.length;
        activations += callees.length;
        events += callees.length;
        KernelCommand.EndOfInstant call = new KernelCommand.EndOfInstant(t, r);
        for (int k = 0; k < callees.length; k++) {
            locals.get(callees[order[k]]).tell(call);
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    private void startEnd(long t) {
        phase = Phase.END;
        time = t;
        awaiting += locals.size();
        KernelCommand.SimulationEnd end = new KernelCommand.SimulationEnd(t);
        for (ActorRef<KernelCommand> local : locals) {
            local.tell(end);
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    private Behavior<Command> handled(Handled h) {
        pekkoMessages++;
        if (h.error() != null && failure == null) {
            failure = h.error();
        }
        if (h.wantsEndOfInstant()) {
            wantsEndOfInstant.set(h.localIndex());
        }
        List<Envelope> out = h.out();
        for (int i = 0, n = out.size(); i < n; i++) {
            route(out.get(i));
        }
        if (--awaiting == 0) {
            finishRound();
        }
        return this;
    }

    private void route(Envelope e) {
        if (e.target() >= componentCount) {
            fail(e);
            return;
        }
        int p = e.target() % partitions;
        if (p == index) {
            place(e);
        } else {
            if (outTo[p] == null) {
                outTo[p] = new ArrayList<>();
            }
            outTo[p].add(e);
        }
    }

    private void fail(Envelope e) {
        if (failure == null) {
            failure = new ComponentFailure(e.sender(), "component", time,
                    new IllegalStateException("message to unknown component " + e.target() + ": " + e.payload()));
        }
    }

    private void finishRound() {
        if (phase == Phase.END) {
            phase = Phase.IDLE;
            coordinator.tell(new Coordinator.EndDone(index, messages, events, activations + locals.size(),
                    pekkoMessages, failure));
            return;
        }
        List<SentBatch> sent = List.of();
        int[] order = order(partitions);
        for (int k = 0; k < partitions; k++) {
            int p = order[k];
            ArrayList<Envelope> batch = outTo[p];
            if (batch == null) {
                continue;
            }
            outTo[p] = null;
            boolean hasNextRound = false;
            long minTime = SimTime.NEVER;
            for (Envelope e : batch) {
                if (e.round() > 0) {
                    hasNextRound = true;
                } else {
                    minTime = Math.min(minTime, e.time());
                }
            }
            if (sent.isEmpty()) {
                sent = new ArrayList<>(2);
            }
            sent.add(new SentBatch(p, hasNextRound, minTime));
            peers.get(p).tell(new Inbound(batch));
        }
        phase = Phase.IDLE;
        long next = future.isEmpty() ? SimTime.NEVER : future.firstKey();
        coordinator.tell(new Coordinator.RoundDone(index, received, !sameInstant.isEmpty(), next,
                !wantsEndOfInstant.isEmpty(), sent, events - reportedEvents, failure));
        reportedEvents = events;
    }
}
