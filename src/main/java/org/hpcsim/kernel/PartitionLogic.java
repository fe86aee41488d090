package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * The state and rules of one partition's local time manager, free of Pekko: the
 * {@link PartitionManager} actor feeds it its messages, and tests drive it directly under any
 * delivery order. Component id {@code c} lives in partition {@code c % P} as local component
 * {@code c / P}. It keeps the partition's pending messages, runs a round when the coordinator says
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
final class PartitionLogic {

    /** Where the partition's messages go. */
    interface Outbox {
        void toComponent(int localIndex, KernelCommand command);

        void toPartition(int partition, PartitionCommand.Inbound batch);

        void toCoordinator(CoordinatorCommand report);
    }

    private final Outbox out;
    private final int index;
    private final int partitions;
    private final int componentCount;
    private final int localCount;
    private final Random shuffle;
    private final PriorityQueue<Envelope> future = new PriorityQueue<>(64, Envelope.PENDING_ORDER);
    private final PriorityQueue<Envelope> sameInstant = new PriorityQueue<>(64, Envelope.PENDING_ORDER);
    private final BitSet wantsEndOfInstant = new BitSet();
    private final BitSet wantsWindDown = new BitSet();
    private boolean stopRequested;
    private final ArrayList<Envelope>[] outTo;

    private long received;
    private PartitionCommand waiting;
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
    PartitionLogic(int index, int partitions, int componentCount, int localCount, List<Envelope> initial,
                   long shuffleSeed, Outbox out) {
        this.out = out;
        this.index = index;
        this.partitions = partitions;
        this.componentCount = componentCount;
        this.localCount = localCount;
        this.shuffle = shuffleSeed == 0 ? null : new Random(shuffleSeed * 31 + index);
        this.outTo = new ArrayList[partitions];
        for (Envelope e : initial) {
            place(e);
        }
    }

    void handle(PartitionCommand command) {
        // Most frequent first.
        if (command instanceof PartitionCommand.Handled h) {
            handled(h);
        } else if (command instanceof PartitionCommand.RunRound r) {
            runWhenComplete(r, r.expectedInbound());
        } else if (command instanceof PartitionCommand.Inbound i) {
            inbound(i);
        } else if (command instanceof PartitionCommand.RunEndOfInstant e) {
            runWhenComplete(e, e.expectedInbound());
        } else if (command instanceof PartitionCommand.RunEnd e) {
            runWhenComplete(e, e.expectedInbound());
        } else if (command instanceof PartitionCommand.RunWindDown w) {
            runWhenComplete(w, w.expectedInbound());
        } else if (command instanceof PartitionCommand.Inject i) {
            inject(i);
        } else {
            throw new IllegalArgumentException("not a partition logic command: " + command);
        }
    }

    private void runWhenComplete(PartitionCommand run, long expectedInbound) {
        pekkoMessages++;
        if (received < expectedInbound) {
            waiting = run;
        } else {
            start(run);
        }
    }

    private void inbound(PartitionCommand.Inbound batch) {
        pekkoMessages++;
        received++;
        addAll(batch.envelopes());
        if (waiting != null && received >= expectedOf(waiting)) {
            PartitionCommand run = waiting;
            waiting = null;
            start(run);
        }
    }

    private void inject(PartitionCommand.Inject inject) {
        pekkoMessages++;
        for (Envelope e : inject.envelopes()) {
            place(e);
        }
        finishRound();
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

    private static long expectedOf(PartitionCommand run) {
        if (run instanceof PartitionCommand.RunRound r) {
            return r.expectedInbound();
        } else if (run instanceof PartitionCommand.RunEndOfInstant e) {
            return e.expectedInbound();
        } else if (run instanceof PartitionCommand.RunWindDown w) {
            return w.expectedInbound();
        }
        return ((PartitionCommand.RunEnd) run).expectedInbound();
    }

    private void start(PartitionCommand run) {
        if (run instanceof PartitionCommand.RunRound r) {
            startRound(r.time(), r.round());
        } else if (run instanceof PartitionCommand.RunEndOfInstant e) {
            startEndOfInstant(e.time(), e.round());
        } else if (run instanceof PartitionCommand.RunWindDown w) {
            startWindDown(w);
        } else {
            startEnd(((PartitionCommand.RunEnd) run).time());
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
                out.toComponent(first.target() / partitions, delivery);
            } else {
                shuffled.add(delivery);
            }
        }
        if (shuffled != null) {
            Collections.shuffle(shuffled, shuffle);
            for (KernelCommand d : shuffled) {
                int target = d instanceof KernelCommand.DeliverOne one ? one.message().target()
                        : ((KernelCommand.Deliver) d).messages().get(0).target();
                out.toComponent(target / partitions, d);
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
            out.toComponent(local, call);
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    private void startWindDown(PartitionCommand.RunWindDown w) {
        time = w.time();
        KernelCommand.WindDown call = new KernelCommand.WindDown(w.time(), w.round(), w.stopped());
        for (int i = wantsWindDown.nextSetBit(0); i >= 0; i = wantsWindDown.nextSetBit(i + 1)) {
            awaiting++;
            activations++;
            endOfInstantCalls++;
            out.toComponent(i, call);
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
        awaiting += localCount;
        KernelCommand.SimulationEnd end = new KernelCommand.SimulationEnd(t);
        for (int local = 0; local < localCount; local++) {
            out.toComponent(local, end);
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    private void handled(PartitionCommand.Handled h) {
        pekkoMessages++;
        if (h.error() != null && failure == null) {
            failure = h.error();
        }
        if ((h.flags() & PartitionCommand.Handled.END_OF_INSTANT) != 0) {
            wantsEndOfInstant.set(h.localIndex());
        }
        if ((h.flags() & PartitionCommand.Handled.WIND_DOWN) != 0) {
            wantsWindDown.set(h.localIndex());
        }
        if ((h.flags() & PartitionCommand.Handled.STOP) != 0) {
            stopRequested = true;
        }
        List<Envelope> sent = h.out();
        if (shuffle != null && !sent.isEmpty()) {
            sent = new ArrayList<>(sent);
            Collections.shuffle(sent, shuffle);
        }
        for (int i = 0, n = sent.size(); i < n; i++) {
            route(sent.get(i));
        }
        if (--awaiting == 0) {
            finishRound();
        }
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
            out.toCoordinator(new CoordinatorCommand.EndDone(index, messages, events(), activations + localCount,
                    pekkoMessages, failure));
            return;
        }
        List<CoordinatorCommand.SentBatch> sent = List.of();
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
            sent.add(new CoordinatorCommand.SentBatch(p, hasNextRound, minTime));
            out.toPartition(p, new PartitionCommand.Inbound(batch));
        }
        Envelope head = future.peek();
        out.toCoordinator(new CoordinatorCommand.RoundDone(index, received, !sameInstant.isEmpty(),
                head == null ? SimTime.NEVER : head.time(), !wantsEndOfInstant.isEmpty(), stopRequested, sent,
                events() - reportedEvents, failure));
        stopRequested = false;
        reportedEvents = events();
    }
}
