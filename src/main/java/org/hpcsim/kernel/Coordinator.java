package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Root time manager. It advances virtual time (t, round) only when every partition manager that
 * took part in the current round has reported that all its deliveries were handled, and it knows
 * which partitions have work next from their reports plus the batches they sent each other (counted,
 * so a partition never runs a round before the batches addressed to it have arrived). Order of work:
 * the next round of this instant if any message is due in it; else the end-of-instant calls; else
 * the earliest pending time, skipping idle gaps; when nothing is pending anywhere, the end phase.
 */
public final class Coordinator extends AbstractBehavior<Coordinator.Command> {

    /** Messages the coordinator accepts. */
    public sealed interface Command {
    }

    /** Kernel bootstrap -> Coordinator: begin. */
    record Start() implements Command {
    }

    /**
     * PartitionManager -> Coordinator: the round is done there. {@code received} counts the inbound
     * batches merged so far; {@code nextRound}, {@code nextTime} and {@code wantsEndOfInstant}
     * describe what is pending there; {@code sent} lists the batches it forwarded to others.
     */
    record RoundDone(int partition, long received, boolean nextRound, long nextTime, boolean wantsEndOfInstant,
                     boolean stop, List<PartitionManager.SentBatch> sent, long events, ComponentFailure failure)
            implements Command {
    }

    /**
     * KernelControl -> Coordinator, while paused: go on, first adding {@code injected} (due no earlier
     * than the next instant); {@code stop} ends the run instead (wind-down, then the end) at
     * {@code stopAt}, if that is later than the last instant and no later than the next one.
     */
    record Resume(List<Envelope> injected, boolean stop, long stopAt) implements Command {
    }

    /** PartitionManager -> Coordinator: every component of the partition has finished. */
    record EndDone(int partition, long messages, long events, long activations, long actorMessages,
                   ComponentFailure failure) implements Command {
    }

    /** A batch sent to a partition that its manager has not yet confirmed merging. */
    private record Unmerged(long number, boolean nextRound, long minTime) {
    }

    private final List<ActorRef<PartitionManager.Command>> partitions;
    private final CompletableFuture<KernelStats> result;
    private final KernelProgress progress;
    private final Random shuffle;
    private final long[] reportedNext;
    private final boolean[] reportedNextRound;
    private final boolean[] wantsEndOfInstant;
    private final long[] sentTo;
    private final int[] identity;
    private final List<List<Unmerged>> unmerged;
    private long time;
    private int round;
    private int awaiting;
    private long instants;
    private long rounds;
    private long events;
    private long actorMessages;
    private long endMessages;
    private long endEvents;
    private long endActivations;
    private boolean failed;
    private final KernelControl control;
    private boolean stopRequested;
    private boolean stoppedFromOutside;
    private boolean woundDown;
    private long advancedSinceResume;

    private Coordinator(ActorContext<Command> context, List<ActorRef<PartitionManager.Command>> partitions,
                        long[] initialNext, KernelSettings settings, CompletableFuture<KernelStats> result,
                        KernelProgress progress, KernelControl control) {
        super(context);
        this.control = control;
        if (control != null) {
            control.attach(context.getSelf());
        }
        int p = partitions.size();
        this.partitions = partitions;
        this.result = result;
        this.progress = progress;
        this.shuffle = settings.shuffleSeed() == 0 ? null : new Random(settings.shuffleSeed() * 17 + 5);
        this.reportedNext = initialNext.clone();
        this.reportedNextRound = new boolean[p];
        this.wantsEndOfInstant = new boolean[p];
        this.sentTo = new long[p];
        this.identity = new int[p];
        for (int i = 0; i < p; i++) {
            identity[i] = i;
        }
        this.unmerged = new ArrayList<>(p);
        for (int i = 0; i < p; i++) {
            unmerged.add(new ArrayList<>(2));
        }
        this.time = Long.MIN_VALUE;
    }

    static Behavior<Command> create(List<ActorRef<PartitionManager.Command>> partitions, long[] initialNext,
                                    KernelSettings settings, CompletableFuture<KernelStats> result,
                                    KernelProgress progress, KernelControl control) {
        return Behaviors.setup(ctx -> new Coordinator(ctx, partitions, initialNext, settings, result, progress,
                control));
    }

    @Override
    public Receive<Command> createReceive() {
        return new DirectReceive<>(this::receive, null);
    }

    private Behavior<Command> receive(Command command) {
        if (command instanceof RoundDone done) {
            return roundDone(done);
        } else if (command instanceof EndDone done) {
            return endDone(done);
        } else if (command instanceof Resume resume) {
            return resume(resume);
        }
        nextStep();
        return this;
    }

    private Behavior<Command> roundDone(RoundDone done) {
        actorMessages++;
        if (failed) {
            return this;
        }
        int p = done.partition();
        reportedNext[p] = done.nextTime();
        reportedNextRound[p] = done.nextRound();
        wantsEndOfInstant[p] = done.wantsEndOfInstant();
        stopRequested |= done.stop();
        List<Unmerged> pending = unmerged.get(p);
        if (!pending.isEmpty()) {
            pending.removeIf(u -> u.number() <= done.received());
        }
        for (PartitionManager.SentBatch b : done.sent()) {
            long number = ++sentTo[b.partition()];
            unmerged.get(b.partition()).add(new Unmerged(number, b.nextRound(), b.minTime()));
        }
        events += done.events();
        if (done.failure() != null) {
            failed = true;
            result.completeExceptionally(done.failure());
            return this;
        }
        if (--awaiting == 0) {
            progress.update(time, events);
            nextStep();
        }
        return this;
    }

    private Behavior<Command> resume(Resume resume) {
        if (failed) {
            return this;
        }
        advancedSinceResume = 0;
        if (resume.stop()) {
            stopRequested = true;
            stoppedFromOutside = true;
            if (resume.stopAt() > time && resume.stopAt() <= nextTime()) {
                time = resume.stopAt();
            }
        }
        int n = partitions.size();
        List<List<Envelope>> byPartition = new ArrayList<>(n);
        for (int p = 0; p < n; p++) {
            byPartition.add(new ArrayList<>());
        }
        for (Envelope e : resume.injected()) {
            if (e.time() <= time) {
                throw new IllegalStateException("injected message due at " + e.time() + ", not after " + time);
            }
            byPartition.get(e.target() % n).add(e);
        }
        for (int p = 0; p < n; p++) {
            if (!byPartition.get(p).isEmpty()) {
                tell(p, new PartitionManager.Inject(byPartition.get(p)));
            }
        }
        if (awaiting == 0) {
            nextStep();
        }
        return this;
    }

    private Behavior<Command> endDone(EndDone done) {
        actorMessages += 1 + done.actorMessages();
        endMessages += done.messages();
        endEvents += done.events();
        endActivations += done.activations();
        if (done.failure() != null && !failed) {
            failed = true;
            result.completeExceptionally(done.failure());
        }
        if (--awaiting == 0 && !failed) {
            long sent = actorMessages + endActivations;
            result.complete(new KernelStats(time == Long.MIN_VALUE ? 0 : time, instants, rounds, endMessages,
                    endEvents, endActivations, sent));
        }
        return this;
    }

    private boolean needsNextRound(int p) {
        if (reportedNextRound[p]) {
            return true;
        }
        for (Unmerged u : unmerged.get(p)) {
            if (u.nextRound()) {
                return true;
            }
        }
        return false;
    }

    private long effectiveNext(int p) {
        long next = reportedNext[p];
        for (Unmerged u : unmerged.get(p)) {
            next = Math.min(next, u.minTime());
        }
        return next;
    }

    /** The earliest time anything is pending at, {@link SimTime#NEVER} if nothing is. */
    private long nextTime() {
        long next = SimTime.NEVER;
        for (int p = 0; p < partitions.size(); p++) {
            next = Math.min(next, effectiveNext(p));
        }
        return next;
    }

    private void nextStep() {
        int n = partitions.size();
        int[] order = order();
        for (int k = 0; k < n; k++) {
            int p = order[k];
            if (needsNextRound(p)) {
                tell(p, new PartitionManager.RunRound(time, round + 1, sentTo[p]));
            }
        }
        if (awaiting > 0) {
            round++;
            rounds++;
            return;
        }
        for (int k = 0; k < n; k++) {
            int p = order[k];
            if (wantsEndOfInstant[p]) {
                wantsEndOfInstant[p] = false;
                tell(p, new PartitionManager.RunEndOfInstant(time, round + 1, sentTo[p]));
            }
        }
        if (awaiting > 0) {
            round++;
            rounds++;
            return;
        }
        long next = nextTime();
        long now = time == Long.MIN_VALUE ? 0 : time;
        if (woundDown) {
            for (int k = 0; k < n; k++) {
                tell(order[k], new PartitionManager.RunEnd(now, sentTo[order[k]]));
            }
            return;
        }
        if (next == SimTime.NEVER || stopRequested) {
            woundDown = true;
            for (int k = 0; k < n; k++) {
                tell(order[k], new PartitionManager.RunWindDown(now, round + 1, stoppedFromOutside, sentTo[order[k]]));
            }
            round++;
            rounds++;
            return;
        }
        if (control != null && control.shouldPause(next, advancedSinceResume)) {
            control.paused(new KernelControl.Pause(time, next));
            return;
        }
        advancedSinceResume++;
        if (next <= time) {
            throw new IllegalStateException("time would go backwards: " + next + " after " + time);
        }
        time = next;
        round = 0;
        instants++;
        rounds++;
        for (int k = 0; k < n; k++) {
            int p = order[k];
            if (effectiveNext(p) == next) {
                tell(p, new PartitionManager.RunRound(next, 0, sentTo[p]));
            }
        }
    }

    private void tell(int p, PartitionManager.Command command) {
        awaiting++;
        partitions.get(p).tell(command);
    }

    /** The order in which partitions are told to work: natural, or shuffled in tests. */
    private int[] order() {
        if (shuffle == null) {
            return identity;
        }
        int[] order = identity.clone();
        for (int i = order.length - 1; i > 0; i--) {
            int j = shuffle.nextInt(i + 1);
            int tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        return order;
    }
}
