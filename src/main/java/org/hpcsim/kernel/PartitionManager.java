package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
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
 * <p>Pending messages sit in priority queues ordered by (time, round, target, sender, sequence): the
 * messages due in a round come off the head already grouped by target and in delivery order,
 * whatever order they were inserted in. Zero-latency messages (due in a later round of the current
 * instant) are kept apart from round-0 messages of later instants, so the next instant is always
 * the head of the latter. A batch from a faster partition may arrive before this one has run the
 * current round; its messages simply wait for their round.
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

    /** Coordinator -> PartitionManager: the run is about to end; call the components that asked for a wind-down call. */
    record RunWindDown(long time, int round, boolean stopped, long expectedInbound) implements Command {
    }

    /**
     * Coordinator -> PartitionManager, while the run is paused: add these messages (injected from
     * outside, addressed to this partition's components) and report what is pending.
     */
    record Inject(List<Envelope> envelopes) implements Command {
    }

    /** Coordinator -> PartitionManager: the simulation is over; tell every component. */
    record RunEnd(long time, long expectedInbound) implements Command {
    }

    /** PartitionManager -> PartitionManager: messages sent to this partition's components in one round. */
    record Inbound(List<Envelope> envelopes) implements Command {
    }

    /**
     * Component -> its PartitionManager: done with a delivery; here are the messages it sent, what it
     * asks of the kernel ({@code flags}: {@link #END_OF_INSTANT}, {@link #WIND_DOWN}, {@link #STOP}),
     * and the failure if it threw.
     */
    public record Handled(int localIndex, List<Envelope> out, int flags, ComponentFailure error)
            implements Command {
        /** Call the component's end-of-instant hook once this instant's rounds have settled. */
        public static final int END_OF_INSTANT = 1;
        /** Call the component's wind-down hook when the run is about to end. */
        public static final int WIND_DOWN = 2;
        /** End the run after this instant. */
        public static final int STOP = 4;

        /** Whether the component asked for an end-of-instant call. */
        public boolean wantsEndOfInstant() {
            return (flags & END_OF_INSTANT) != 0;
        }
    }

    /** A batch this partition sent to another one during a round, as reported to the coordinator. */
    record SentBatch(int partition, boolean nextRound, long minTime) {
    }

    private final int index;
    private final int partitions;
    private final int componentCount;
    private final List<ActorRef<KernelCommand>> locals;
    private final Random shuffle;
    private final PriorityQueue<Envelope> future = new PriorityQueue<>(64, Envelope.PENDING_ORDER);
    private final PriorityQueue<Envelope> sameInstant = new PriorityQueue<>(64, Envelope.PENDING_ORDER);
    private final BitSet wantsEndOfInstant = new BitSet();
    private final BitSet wantsWindDown = new BitSet();
    private boolean stopRequested;
    private final ArrayList<Envelope>[] outTo;

    private List<ActorRef<Command>> peers;
    private ActorRef<Coordinator.Command> coordinator;
    private long received;
    private Command waiting;
    private boolean ending;
    private long time;
    private int awaiting;
    private long reportedEvents;
    private long messages;
    private long endOfInstantCalls;
    private long activations;
    private long pekkoMessages;
    private ComponentFailure failure;

    @SuppressWarnings({"unchecked", "rawtypes"})
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
            locals.add(context.spawn(spec.factory().create(setup), spec.name() + "-" + spec.id(),
                    DispatcherSelector.sameAsParent()));
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
        return new DirectReceive<>(this::receive, null);
    }

    private Behavior<Command> receive(Command command) {
        // Most frequent first.
        if (command instanceof Handled h) {
            return handled(h);
        } else if (command instanceof RunRound r) {
            return runWhenComplete(r, r.expectedInbound());
        } else if (command instanceof Inbound i) {
            return inbound(i);
        } else if (command instanceof RunEndOfInstant e) {
            return runWhenComplete(e, e.expectedInbound());
        } else if (command instanceof RunEnd e) {
            return runWhenComplete(e, e.expectedInbound());
        } else if (command instanceof RunWindDown w) {
            return runWhenComplete(w, w.expectedInbound());
        } else if (command instanceof Inject i) {
            return inject(i);
        }
        return init((Init) command);
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
        } else {
            start(run);
        }
        return this;
    }

    private Behavior<Command> inbound(Inbound batch) {
        pekkoMessages++;
        received++;
        addAll(batch.envelopes());
        if (waiting != null && received >= expectedOf(waiting)) {
            Command run = waiting;
            waiting = null;
            start(run);
        }
        return this;
    }

    private Behavior<Command> inject(Inject inject) {
        pekkoMessages++;
        for (Envelope e : inject.envelopes()) {
            place(e);
        }
        finishRound();
        return this;
    }

    private void addAll(List<Envelope> envelopes) {
        if (shuffle != null) {
            envelopes = new ArrayList<>(envelopes);
            Collections.shuffle(envelopes, shuffle);
        }
        for (int i = 0, n = envelopes.size(); i < n; i++) {
            place(envelopes.get(i));
        }
    }

    private void place(Envelope e) {
        (e.round() > 0 ? sameInstant : future).add(e);
    }

    private static long expectedOf(Command run) {
        if (run instanceof RunRound r) {
            return r.expectedInbound();
        } else if (run instanceof RunEndOfInstant e) {
            return e.expectedInbound();
        } else if (run instanceof RunWindDown w) {
            return w.expectedInbound();
        }
        return ((RunEnd) run).expectedInbound();
    }

    private void start(Command run) {
        if (run instanceof RunRound r) {
            startRound(r.time(), r.round());
        } else if (run instanceof RunEndOfInstant e) {
            startEndOfInstant(e.time(), e.round());
        } else if (run instanceof RunWindDown w) {
            startWindDown(w);
        } else {
            startEnd(((RunEnd) run).time());
        }
    }

    private void startRound(long t, int r) {
        time = t;
        PriorityQueue<Envelope> pending = r == 0 ? future : sameInstant;
        List<KernelCommand> shuffled = shuffle == null ? null : new ArrayList<>();
        Envelope head = pending.peek();
        while (head != null && head.time() == t && head.round() == r) {
            Envelope first = pending.poll();
            head = pending.peek();
            KernelCommand delivery;
            if (head == null || head.time() != t || head.round() != r || head.target() != first.target()) {
                delivery = new KernelCommand.DeliverOne(t, r, first);
                messages++;
            } else {
                ArrayList<Envelope> group = new ArrayList<>(4);
                group.add(first);
                while (head != null && head.time() == t && head.round() == r && head.target() == first.target()) {
                    group.add(pending.poll());
                    head = pending.peek();
                }
                messages += group.size();
                delivery = new KernelCommand.Deliver(t, r, group);
            }
            awaiting++;
            activations++;
            if (shuffled == null) {
                locals.get(first.target() / partitions).tell(delivery);
            } else {
                shuffled.add(delivery);
            }
        }
        if (shuffled != null) {
            Collections.shuffle(shuffled, shuffle);
            for (KernelCommand d : shuffled) {
                int target = d instanceof KernelCommand.DeliverOne one ? one.message().target()
                        : ((KernelCommand.Deliver) d).messages().get(0).target();
                locals.get(target / partitions).tell(d);
            }
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    private void startEndOfInstant(long t, int r) {
        time = t;
        List<Integer> callees = new ArrayList<>(wantsEndOfInstant.cardinality());
        for (int i = wantsEndOfInstant.nextSetBit(0); i >= 0; i = wantsEndOfInstant.nextSetBit(i + 1)) {
            callees.add(i);
        }
        wantsEndOfInstant.clear();
        if (shuffle != null) {
            Collections.shuffle(callees, shuffle);
        }
        awaiting += callees.size();
        activations += callees.size();
        endOfInstantCalls += callees.size();
        KernelCommand.EndOfInstant call = new KernelCommand.EndOfInstant(t, r);
        for (int local : callees) {
            locals.get(local).tell(call);
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    private void startWindDown(RunWindDown w) {
        time = w.time();
        KernelCommand.WindDown call = new KernelCommand.WindDown(w.time(), w.round(), w.stopped());
        for (int i = wantsWindDown.nextSetBit(0); i >= 0; i = wantsWindDown.nextSetBit(i + 1)) {
            awaiting++;
            activations++;
            endOfInstantCalls++;
            locals.get(i).tell(call);
        }
        wantsWindDown.clear();
        if (awaiting == 0) {
            finishRound();
        }
    }

    /** Handler invocations so far: messages delivered plus end-of-instant and wind-down calls. */
    private long events() {
        return messages + endOfInstantCalls;
    }

    private void startEnd(long t) {
        ending = true;
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
        if ((h.flags() & Handled.END_OF_INSTANT) != 0) {
            wantsEndOfInstant.set(h.localIndex());
        }
        if ((h.flags() & Handled.WIND_DOWN) != 0) {
            wantsWindDown.set(h.localIndex());
        }
        if ((h.flags() & Handled.STOP) != 0) {
            stopRequested = true;
        }
        List<Envelope> out = h.out();
        if (shuffle != null && !out.isEmpty()) {
            out = new ArrayList<>(out);
            Collections.shuffle(out, shuffle);
        }
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
            if (failure == null) {
                failure = new ComponentFailure(e.sender(), "component", time,
                        new IllegalStateException("message to unknown component " + e.target() + ": " + e.payload()));
            }
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

    private void finishRound() {
        if (ending) {
            coordinator.tell(new Coordinator.EndDone(index, messages, events(), activations + locals.size(),
                    pekkoMessages, failure));
            return;
        }
        List<SentBatch> sent = List.of();
        for (int p = 0; p < partitions; p++) {
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
        Envelope head = future.peek();
        coordinator.tell(new Coordinator.RoundDone(index, received, !sameInstant.isEmpty(),
                head == null ? SimTime.NEVER : head.time(), !wantsEndOfInstant.isEmpty(), stopRequested, sent,
                events() - reportedEvents, failure));
        stopRequested = false;
        reportedEvents = events();
    }
}
