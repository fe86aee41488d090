package org.hpcsim.kernel.pekko;


import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.PendingQueue;
import org.hpcsim.kernel.Handled;

/**
 * The state and rules of one partition's local time manager, free of Pekko: the
 * {@link PartitionManager} actor feeds it its messages, and tests drive it directly under any
 * delivery order. Component id {@code c} lives in partition {@code c % P} as local component
 * {@code c / P}. It keeps the partition's pending messages, runs a round when the coordinator says
 * so (only components with messages take part), collects their outboxes, forwards messages for
 * other partitions in one batch per partition and reports back with counts, so the coordinator
 * knows when every message of a round has been delivered and handled.
 *
 * <p>Accounting (see {@link CoordinatorLogic} for the invariant it serves): every inbound batch names
 * its sender partition, and each report to the coordinator lists, one entry per batch, the senders
 * of the batches merged since the previous report. The coordinator can then match merges to the
 * batches it knows of per (sender, receiver) pair, the one order Pekko guarantees.
 *
 * <p>Every command is checked against what this partition holds; a broken expectation (a message
 * due before the round being run, a round with nothing due, a second command while one waits, a
 * message left over at the end) throws a {@link KernelFailure} with the partition's state, so the
 * run fails at once instead of hanging or silently losing a message.
 *
 * <p>Pending messages sit in {@link PendingQueue}s ordered by (time, round, target, sender, sequence): the
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
    private final boolean hosted;
    private final int index;
    private final int partitions;
    private final int componentCount;
    private final int localCount;
    private final Random shuffle;
    private final PendingQueue future = new PendingQueue();
    private final PendingQueue sameInstant = new PendingQueue();
    private final BitSet wantsEndOfInstant = new BitSet();
    private final BitSet wantsWindDown = new BitSet();
    private boolean stopRequested;
    private boolean haltRequested;
    private final ArrayList<Envelope>[] outTo;

    /** Inbound batches merged since the start, per sender partition. */
    private final long[] mergedFromCount;
    /** Senders of the inbound batches merged since the last report, one entry per batch. */
    private int[] mergedFrom = new int[4];
    private int mergedCount;
    private PartitionCommand waiting;
    private boolean ending;
    /** The (time, round) last run here: every message arriving later must be due after it. */
    private long time = Long.MIN_VALUE;
    private int round;
    private int awaiting;
    private long reportedEvents;
    private long messages;
    private long endOfInstantCalls;
    private long activations;
    private long pekkoMessages;
    private ComponentFailure failure;
    private static final int[] NONE = new int[0];

    PartitionLogic(int index, int partitions, int componentCount, int localCount, List<Envelope> initial,
                   long shuffleSeed, Outbox out) {
        this(index, partitions, componentCount, localCount, false, initial, shuffleSeed, out);
    }

    /**
     * @param hosted whether the partition manager calls its components itself (then deliveries and
     *               their acknowledgements are not actor messages, for the statistics)
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    PartitionLogic(int index, int partitions, int componentCount, int localCount, boolean hosted,
                   List<Envelope> initial, long shuffleSeed, Outbox out) {
        this.hosted = hosted;
        this.out = out;
        this.index = index;
        this.partitions = partitions;
        this.componentCount = componentCount;
        this.localCount = localCount;
        this.shuffle = shuffleSeed == 0 ? null : new Random(shuffleSeed * 31 + index);
        this.outTo = new ArrayList[partitions];
        this.mergedFromCount = new long[partitions];
        for (Envelope e : initial) {
            accept(e);
        }
    }

    void handle(PartitionCommand command) {
        // Most frequent first.
        if (command instanceof PartitionCommand.ComponentDone done) {
            handled(done.handled());
        } else if (command instanceof PartitionCommand.RunRound r) {
            runWhenComplete(r, r.expected());
        } else if (command instanceof PartitionCommand.Inbound i) {
            inbound(i);
        } else if (command instanceof PartitionCommand.RunEndOfInstant e) {
            runWhenComplete(e, e.expected());
        } else if (command instanceof PartitionCommand.RunEnd e) {
            runWhenComplete(e, e.expected());
        } else if (command instanceof PartitionCommand.RunWindDown w) {
            runWhenComplete(w, w.expected());
        } else if (command instanceof PartitionCommand.Inject i) {
            inject(i);
        } else {
            throw new IllegalArgumentException("not a partition logic command: " + command);
        }
    }

    private void runWhenComplete(PartitionCommand run, long[] expected) {
        pekkoMessages++;
        if (waiting != null || awaiting > 0) {
            throw broken("got " + run + " while still " + (waiting != null ? "waiting to run "
                    + waiting : "waiting for " + awaiting + " acknowledgements"));
        }
        if (merged(expected)) {
            start(run);
        } else {
            waiting = run;
        }
    }

    /** Whether every batch named by {@code expected} ((sender, count) pairs) has been merged. */
    private boolean merged(long[] expected) {
        for (int i = 0; i < expected.length; i += 2) {
            if (mergedFromCount[(int) expected[i]] < expected[i + 1]) {
                return false;
            }
        }
        return true;
    }

    private void inbound(PartitionCommand.Inbound batch) {
        pekkoMessages++;
        int from = batch.from();
        if (from < 0 || from >= partitions || from == index) {
            throw broken("got a batch from partition " + from);
        }
        mergedFromCount[from]++;
        if (mergedCount == mergedFrom.length) {
            mergedFrom = Arrays.copyOf(mergedFrom, 2 * mergedCount);
        }
        mergedFrom[mergedCount++] = from;
        addAll(batch.envelopes());
        if (waiting != null && merged(expectedOf(waiting))) {
            PartitionCommand run = waiting;
            waiting = null;
            start(run);
        }
    }

    private void inject(PartitionCommand.Inject inject) {
        pekkoMessages++;
        if (waiting != null || awaiting > 0) {
            throw broken("got " + inject + " while a round is under way");
        }
        for (Envelope e : inject.envelopes()) {
            accept(e);
        }
        finishRound();
    }

    private void addAll(List<Envelope> envelopes) {
        if (shuffle != null) {
            envelopes = new ArrayList<>(envelopes);
            Collections.shuffle(envelopes, shuffle);
        }
        for (int i = 0, n = envelopes.size(); i < n; i++) {
            accept(envelopes.get(i));
        }
    }

    /** Places a message that came from outside this partition, after checking that it belongs here. */
    private void accept(Envelope e) {
        if (e.target() % partitions != index) {
            throw broken("got a message for component " + e.target() + ", which lives in partition "
                    + e.target() % partitions + ": " + e);
        }
        place(e);
    }

    private void place(Envelope e) {
        if (e.time() < time || e.time() == time && e.round() <= round) {
            throw broken("got a message due at (" + e.time() + ", " + e.round() + "), not after the round it has run: "
                    + e);
        }
        (e.round() > 0 ? sameInstant : future).add(e);
    }

    private static long[] expectedOf(PartitionCommand run) {
        if (run instanceof PartitionCommand.RunRound r) {
            return r.expected();
        } else if (run instanceof PartitionCommand.RunEndOfInstant e) {
            return e.expected();
        } else if (run instanceof PartitionCommand.RunWindDown w) {
            return w.expected();
        }
        return ((PartitionCommand.RunEnd) run).expected();
    }

    private void start(PartitionCommand run) {
        if (run instanceof PartitionCommand.RunRound r) {
            startRound(r.time(), r.round());
        } else if (run instanceof PartitionCommand.RunEndOfInstant e) {
            settled(e.time(), e.round(), run);
            startEndOfInstant(e.time(), e.round());
        } else if (run instanceof PartitionCommand.RunWindDown w) {
            settled(w.time(), w.round(), run);
            startWindDown(w);
        } else {
            PartitionCommand.RunEnd end = (PartitionCommand.RunEnd) run;
            settled(end.time(), Integer.MAX_VALUE, run); // nothing sends after the end: every message is late
            if (!end.stopped() && !future.isEmpty()) {
                throw broken("still holds a message at the natural end of the run: " + future.peek());
            }
            startEnd(end.time());
        }
    }

    /**
     * Checks that instant {@code t} has settled here up to round {@code r}, before an end-of-instant,
     * wind-down or end call as that round: no message due at or before (t, r) left. Messages for
     * (t, r + 1) may already be here: partitions running the same step send them. (A run stopped
     * before its first instant winds down at time 0 with messages still due at 0: those are never
     * delivered, so only an end-of-instant call rules out a round-0 message at {@code t} itself.)
     */
    private void settled(long t, int r, PartitionCommand run) {
        // The first due (time, round) of each queue decides; its message is read only to name it.
        if (!sameInstant.isEmpty() && (sameInstant.firstTime() < t
                || sameInstant.firstTime() == t && sameInstant.firstRound() <= r)) {
            throw broken("was told " + run + " with a message of this instant undelivered: " + sameInstant.peek());
        }
        if (!future.isEmpty() && (future.firstTime() < t
                || future.firstTime() == t && run instanceof PartitionCommand.RunEndOfInstant)) {
            throw broken("was told " + run + " with a message due before it undelivered: " + future.peek());
        }
        time = t;
        round = r;
    }

    private void startRound(long t, int r) {
        PendingQueue pending = r == 0 ? future : sameInstant;
        Envelope due = pending.peek();
        PendingQueue other = r == 0 ? sameInstant : future;
        if (!other.isEmpty() && (r == 0 ? other.firstTime() < t : other.firstTime() <= t)) {
            throw broken("was told to run (" + t + ", " + r + ") with an earlier message undelivered: " + other.peek());
        }
        if (due == null || due.time() != t || due.round() != r) {
            throw broken("was told to run (" + t + ", " + r + ") but " + (due == null ? "holds nothing due then"
                    : due.time() < t || due.time() == t && due.round() < r
                    ? "holds an earlier message undelivered: " + due : "its first message is due later: " + due));
        }
        time = t;
        round = r;
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

    /** Local component {@code local} gets the wind-down call whether or not it asks (a source: see {@link org.hpcsim.kernel.ComponentType.Role}). */
    void windsDownAlways(int local) {
        wantsWindDown.set(local);
    }

    private void startWindDown(PartitionCommand.RunWindDown w) {
        // Stopped at an instant's time (until, or before the first instant), that instant is never run: its
        // messages are never delivered, and the wind-down's own follow in its later rounds.
        while (!future.isEmpty() && future.firstTime() <= w.time()) {
            future.poll();
        }
        KernelCommand.WindDown call = new KernelCommand.WindDown(w.time(), w.round(), w.stopped(), w.lastInstant());
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
        awaiting += localCount;
        KernelCommand.SimulationEnd end = new KernelCommand.SimulationEnd(t);
        for (int local = 0; local < localCount; local++) {
            out.toComponent(local, end);
        }
        if (awaiting == 0) {
            finishRound();
        }
    }

    /** A hosted component is done with a delivery (a component actor's answer comes as {@link PartitionCommand.ComponentDone}). */
    void handled(Handled h) {
        if (!hosted) {
            pekkoMessages++;
        }
        if (awaiting == 0) {
            throw broken("got an acknowledgement from local component " + h.localIndex() + " it was not waiting for");
        }
        if (h.error() != null) {
            fail(h.error());
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
        if ((h.flags() & Handled.HALT) != 0) {
            haltRequested = true;
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

    /** Keeps the failure of the lowest component id, so that the error a run ends with does not depend on timing. */
    private void fail(ComponentFailure f) {
        if (failure == null || f.componentId() < failure.componentId()) {
            failure = f;
        }
    }

    private void route(Envelope e) {
        if (e.target() < 0 || e.target() >= componentCount) {
            fail(new ComponentFailure(e.sender(), "component-" + e.sender(), time, round,
                    "sending " + ComponentFailure.describe(e.payload()),
                    new IllegalStateException("message to unknown component " + e.target())));
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
            long all = activations + localCount;
            // A component actor is told each activation; hosted components are called.
            out.toCoordinator(new CoordinatorCommand.EndDone(index, messages, events(), all,
                    pekkoMessages + (hosted ? 0 : all), failure));
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
            out.toPartition(p, new PartitionCommand.Inbound(index, batch));
        }
        int[] merged = mergedCount == 0 ? NONE : Arrays.copyOf(mergedFrom, mergedCount);
        mergedCount = 0;
        out.toCoordinator(new CoordinatorCommand.RoundDone(index, merged, !sameInstant.isEmpty(),
                future.firstTime(), !wantsEndOfInstant.isEmpty(), stopRequested, haltRequested, sent,
                events() - reportedEvents, failure));
        failure = null;
        stopRequested = false;
        haltRequested = false;
        reportedEvents = events();
    }

    private KernelFailure broken(String what) {
        return new KernelFailure(name() + " " + what + "; its state: " + describe());
    }

    String name() {
        return "partition " + index;
    }

    /** The virtual time last run here (0 before the first round). */
    long lastTime() {
        return time == Long.MIN_VALUE ? 0 : time;
    }

    /** The round last run here. */
    int lastRound() {
        return round;
    }

    /** The partition's state, for errors. */
    String describe() {
        return "last ran (" + (time == Long.MIN_VALUE ? "none" : time + ", " + round) + "), merged inbound batches"
                + " per sender " + Arrays.toString(mergedFromCount) + ", " + future.size() + " messages of later instants (first " + future.peek() + "), "
                + sameInstant.size() + " of this instant (first " + sameInstant.peek() + "), waiting to run "
                + (waiting == null ? "nothing" : waiting) + ", awaiting " + awaiting + " acknowledgements, ending " + ending;
    }
}
