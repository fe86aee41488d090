package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

/**
 * The root time manager's state and rules, free of Pekko: the {@link Coordinator} actor feeds it
 * its messages, and tests drive it directly under any delivery order. It advances virtual time
 * (t, round) only when every partition manager that took part in the current round has reported
 * that all its deliveries were handled, and it knows which partitions have work next from their
 * reports plus the batches they sent each other (counted, so a partition never runs a round before
 * the batches addressed to it have arrived). Order of work: the next round of this instant if any
 * message is due in it; else the end-of-instant calls; else the earliest pending time, skipping
 * idle gaps; when nothing is pending anywhere, the end phase.
 */
final class CoordinatorLogic {

    /** Where the coordinator's commands go. */
    interface Outbox {
        void toPartition(int partition, PartitionCommand command);
    }

    /** A batch sent to a partition that its manager has not yet confirmed merging. */
    private record Unmerged(long number, boolean nextRound, long minTime) {
    }

    private final Outbox out;
    private final int partitions;
    private final CompletableFuture<KernelStats> result;
    private final KernelProgress progress;
    private final KernelControl control;
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
    private boolean stopRequested;
    private boolean stoppedFromOutside;
    private boolean woundDown;
    private long advancedSinceResume;

    CoordinatorLogic(int partitions, long[] initialNext, long shuffleSeed, CompletableFuture<KernelStats> result,
                     KernelProgress progress, KernelControl control, Outbox out) {
        this.out = out;
        this.partitions = partitions;
        this.result = result;
        this.progress = progress;
        this.control = control;
        this.shuffle = shuffleSeed == 0 ? null : new Random(shuffleSeed * 17 + 5);
        this.reportedNext = initialNext.clone();
        this.reportedNextRound = new boolean[partitions];
        this.wantsEndOfInstant = new boolean[partitions];
        this.sentTo = new long[partitions];
        this.identity = new int[partitions];
        for (int i = 0; i < partitions; i++) {
            identity[i] = i;
        }
        this.unmerged = new ArrayList<>(partitions);
        for (int i = 0; i < partitions; i++) {
            unmerged.add(new ArrayList<>(2));
        }
        this.time = Long.MIN_VALUE;
    }

    void handle(CoordinatorCommand command) {
        if (command instanceof CoordinatorCommand.RoundDone done) {
            roundDone(done);
        } else if (command instanceof CoordinatorCommand.EndDone done) {
            endDone(done);
        } else if (command instanceof CoordinatorCommand.Resume resume) {
            resume(resume);
        } else {
            nextStep();
        }
    }

    private void roundDone(CoordinatorCommand.RoundDone done) {
        actorMessages++;
        if (failed) {
            return;
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
        for (CoordinatorCommand.SentBatch b : done.sent()) {
            long number = ++sentTo[b.partition()];
            unmerged.get(b.partition()).add(new Unmerged(number, b.nextRound(), b.minTime()));
        }
        events += done.events();
        if (done.failure() != null) {
            failed = true;
            result.completeExceptionally(done.failure());
            return;
        }
        if (--awaiting == 0) {
            progress.update(time, events);
            nextStep();
        }
    }

    private void resume(CoordinatorCommand.Resume resume) {
        if (failed) {
            return;
        }
        advancedSinceResume = 0;
        if (resume.stop()) {
            stopRequested = true;
            stoppedFromOutside = true;
            if (resume.stopAt() > time && resume.stopAt() <= nextTime()) {
                time = resume.stopAt();
            }
        }
        List<List<Envelope>> byPartition = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            byPartition.add(new ArrayList<>());
        }
        for (Envelope e : resume.injected()) {
            if (e.time() <= time) {
                throw new IllegalStateException("injected message due at " + e.time() + ", not after " + time);
            }
            byPartition.get(e.target() % partitions).add(e);
        }
        for (int p = 0; p < partitions; p++) {
            if (!byPartition.get(p).isEmpty()) {
                tell(p, new PartitionCommand.Inject(byPartition.get(p)));
            }
        }
        if (awaiting == 0) {
            nextStep();
        }
    }

    private void endDone(CoordinatorCommand.EndDone done) {
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
        for (int p = 0; p < partitions; p++) {
            next = Math.min(next, effectiveNext(p));
        }
        return next;
    }

    private void nextStep() {
        int n = partitions;
        int[] order = order();
        for (int k = 0; k < n; k++) {
            int p = order[k];
            if (needsNextRound(p)) {
                tell(p, new PartitionCommand.RunRound(time, round + 1, sentTo[p]));
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
                tell(p, new PartitionCommand.RunEndOfInstant(time, round + 1, sentTo[p]));
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
                tell(order[k], new PartitionCommand.RunEnd(now, sentTo[order[k]]));
            }
            return;
        }
        if (next == SimTime.NEVER || stopRequested) {
            woundDown = true;
            for (int k = 0; k < n; k++) {
                tell(order[k], new PartitionCommand.RunWindDown(now, round + 1, stoppedFromOutside,
                        sentTo[order[k]]));
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
                tell(p, new PartitionCommand.RunRound(next, 0, sentTo[p]));
            }
        }
    }

    private void tell(int p, PartitionCommand command) {
        awaiting++;
        out.toPartition(p, command);
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
