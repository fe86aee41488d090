package org.hpcsim.kernel.pekko;


import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelControl;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.Resume;

/**
 * The root time manager's state and rules, free of Pekko: the {@link Coordinator} actor feeds it
 * its messages, and tests drive it directly under any delivery order. It advances virtual time
 * (t, round) only when every partition manager that took part in the current round has reported
 * that all its deliveries were handled. Order of work: the next round of this instant if any
 * message is due in it; else the end-of-instant calls; else the earliest pending time, skipping
 * idle gaps; when nothing is pending anywhere (or a stop was asked for), the wind-down calls, then
 * the end.
 *
 * <h2>What is pending where: exact per-pair accounting</h2>
 * A partition's report says what its queues held when it finished a round; batches that other
 * partitions sent it may arrive before or after that report, and Pekko orders messages only per
 * (sender, receiver) pair. So the coordinator keeps, per pair (s, p), the number of batches s has
 * reported sending to p and the number p has reported merging from s, and one entry (its next-round
 * flag and earliest time) for each batch from s to p not yet reported merged.
 *
 * <p><b>Invariant.</b> Number the batches from s to p 1, 2, ... in the order s sends them. s reports
 * them in that order (its reports to the coordinator are one pair, and each report lists its
 * batches in send order), and p merges them in that order (s to p is one pair). Hence p's count of
 * merges from s means exactly "batches 1..k from s are merged", and the coordinator retires the k-th
 * batch from s to p when, and only when, p has reported k merges from s, whichever of s's and p's
 * reports it processes first. It follows that:
 * <ol>
 * <li>every entry held for p is a batch whose messages are still pending at p (in flight, or merged
 *     since p's last report), and every batch not merged as of p's last report has an entry;</li>
 * <li>a batch holds messages due at least one round after the step that sent it, and the
 *     coordinator starts a step only when every partition told to act in the previous one has
 *     reported (a partition sends its batches just before it reports). So when it tells p to act, it
 *     knows every batch p needs for that step, and names them per sender (the number of the last
 *     one); p waits until it has merged those. Batches from partitions already running the new step
 *     may reach p first: p merges them but never counts them in place of the named ones;</li>
 * <li>therefore p's pending work is exactly its last report plus the entries held for it: p is told
 *     to run the next round if and only if a message is due in it there, a round starts with every
 *     message due in it at hand, and the next instant is the true minimum over all partitions.</li>
 * </ol>
 * Counting batches in total instead, across senders, broke both halves when two senders' batches
 * and reports raced: the coordinator retired another sender's batch than the one merged, and a
 * partition started a round on a fast peer's new batch while an older one it needed was still in
 * flight. Either left a message stranded: an endless series of empty rounds, "time would go
 * backwards", or a message never delivered and a run that ended as if nothing had happened.
 *
 * <p>A broken expectation (a report from a partition that was not told to act, time going
 * backwards) throws a {@link KernelFailure} with the coordinator's state. A component's failure
 * ends the run once the round it happened in has settled, with the failure of the lowest component
 * id, so the error does not depend on timing either.
 */
final class CoordinatorLogic {

    /** Where the coordinator's commands go. */
    interface Outbox {
        void toPartition(int partition, PartitionCommand command);
    }

    /** A batch from {@code sender} (its {@code number}-th to this receiver) not yet reported merged. */
    private record Unmerged(int sender, long number, boolean nextRound, long minTime) {
    }

    private static final long[] NO_BATCHES = new long[0];

    private final Outbox out;
    private final int partitions;
    private final CompletableFuture<KernelStats> result;
    private final KernelProgress progress;
    private final KernelControl control;
    private final Random shuffle;
    private final long[] reportedNext;
    private final boolean[] reportedNextRound;
    private final boolean[] wantsEndOfInstant;
    /** Batches sent from s to p, at s * partitions + p. */
    private final long[] sentPair;
    /** Batches p has reported merging from s, at s * partitions + p. */
    private final long[] mergedPair;
    /** Commands sent to each partition and not yet answered. */
    private final int[] outstanding;
    private final int[] identity;
    private final List<List<Unmerged>> unmerged;
    private long time;
    /** The last instant run: {@link #time} unless a stop moved the clock past it. */
    private long lastInstant = Long.MIN_VALUE;
    private int round;
    private int awaiting;
    private long instants;
    private long rounds;
    private long events;
    private long actorMessages;
    private long endMessages;
    private long endEvents;
    private long endActivations;
    private ComponentFailure failure;
    private boolean stopRequested;
    private boolean stoppedEarly;
    private boolean woundDown;
    private boolean paused;
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
        this.sentPair = new long[partitions * partitions];
        this.mergedPair = new long[partitions * partitions];
        this.outstanding = new int[partitions];
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
        } else if (command instanceof CoordinatorCommand.Resumed r) {
            resume(r.resume());
        } else {
            nextStep();
        }
    }

    private void roundDone(CoordinatorCommand.RoundDone done) {
        actorMessages++;
        if (result.isDone()) {
            return;
        }
        int p = done.partition();
        answered(p, done);
        reportedNext[p] = done.nextTime();
        reportedNextRound[p] = done.nextRound();
        wantsEndOfInstant[p] = done.wantsEndOfInstant();
        stopRequested |= done.stop();
        stoppedEarly |= done.halt();
        int[] merged = done.mergedFrom();
        if (merged.length > 0) {
            for (int s : merged) {
                mergedPair[s * partitions + p]++;
            }
            unmerged.get(p).removeIf(u -> u.number() <= mergedPair[u.sender() * partitions + p]);
        }
        for (CoordinatorCommand.SentBatch b : done.sent()) {
            int q = b.partition();
            long number = ++sentPair[p * partitions + q];
            if (number > mergedPair[p * partitions + q]) {
                unmerged.get(q).add(new Unmerged(p, number, b.nextRound(), b.minTime()));
            }
        }
        events += done.events();
        if (lastReport(done.failure())) {
            progress.update(time, events);
            nextStep();
        }
    }

    private void resume(Resume resume) {
        if (result.isDone()) {
            return;
        }
        if (!paused) {
            throw broken("was told to resume, but it is not paused");
        }
        paused = false;
        advancedSinceResume = 0;
        // Injected messages are checked against the last instant, before a stop moves time to its own
        // time: one due exactly then is never delivered, as a run stopped there by until.
        long last = time;
        if (resume.stop()) {
            stopRequested = true;
            stoppedEarly = true;
            if (resume.stopAt() > time && resume.stopAt() <= nextTime()) {
                time = resume.stopAt();
            }
        }
        List<List<Envelope>> byPartition = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            byPartition.add(new ArrayList<>());
        }
        for (Envelope e : resume.injected()) {
            if (e.time() <= last) {
                throw broken("got an injected message due at " + e.time() + ", not after " + last + ": " + e);
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
        if (result.isDone()) {
            return;
        }
        answered(done.partition(), done);
        endMessages += done.messages();
        endEvents += done.events();
        endActivations += done.activations();
        if (lastReport(done.failure())) {
            result.complete(new KernelStats(time == Long.MIN_VALUE ? 0 : time, instants, rounds, endMessages,
                    endEvents, endActivations, actorMessages));
        }
    }

    private void answered(int p, CoordinatorCommand report) {
        if (p < 0 || p >= partitions || outstanding[p] == 0) {
            throw broken("got " + report + " from partition " + p + ", which it had not told to act");
        }
        outstanding[p]--;
    }

    /**
     * Counts one report in, keeping the failure of the lowest component id seen in this step; returns
     * whether the step is over and went well (when it is over with a failure, the run has failed).
     */
    private boolean lastReport(ComponentFailure reported) {
        if (reported != null && (failure == null || reported.componentId() < failure.componentId())) {
            failure = reported;
        }
        if (--awaiting > 0) {
            return false;
        }
        if (failure != null) {
            fail(failure);
            return false;
        }
        return true;
    }

    private void fail(RuntimeException e) {
        result.completeExceptionally(e);
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
                tell(p, new PartitionCommand.RunRound(time, round + 1, expected(p)));
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
                tell(p, new PartitionCommand.RunEndOfInstant(time, round + 1, expected(p)));
            }
        }
        if (awaiting > 0) {
            round++;
            rounds++;
            return;
        }
        long next = nextTime();
        if (woundDown) {
            boolean stopped = next != SimTime.NEVER;
            for (int k = 0; k < n; k++) {
                tell(order[k], new PartitionCommand.RunEnd(time, stopped, expected(order[k])));
            }
            return;
        }
        if (next == SimTime.NEVER || stopRequested) {
            woundDown = true;
            if (time == Long.MIN_VALUE) {
                time = 0; // wound down before the first instant: the wind-down calls run as instant 0
            }
            for (int k = 0; k < n; k++) {
                tell(order[k], new PartitionCommand.RunWindDown(time, round + 1, stoppedEarly, lastInstant,
                        expected(order[k])));
            }
            round++;
            rounds++;
            return;
        }
        if (control != null && control.shouldPause(next, advancedSinceResume)) {
            paused = true;
            control.paused(new KernelControl.Pause(time, next));
            return;
        }
        advancedSinceResume++;
        if (next <= time) {
            throw broken("would move time backwards, to " + next);
        }
        time = next;
        lastInstant = next;
        round = 0;
        instants++;
        rounds++;
        for (int k = 0; k < n; k++) {
            int p = order[k];
            if (effectiveNext(p) == next) {
                tell(p, new PartitionCommand.RunRound(next, 0, expected(p)));
            }
        }
    }

    /**
     * The batches {@code p} must have merged before it acts: per sender with batches to {@code p} not
     * yet reported merged, the number of the last one, as flattened (sender, count) pairs.
     */
    private long[] expected(int p) {
        List<Unmerged> pending = unmerged.get(p);
        if (pending.isEmpty()) {
            return NO_BATCHES;
        }
        long[] pairs = new long[2 * pending.size()];
        int n = 0;
        for (Unmerged u : pending) {
            int i = 0;
            while (i < n && pairs[i] != u.sender()) {
                i += 2;
            }
            if (i == n) {
                pairs[n] = u.sender();
                n += 2;
            }
            pairs[i + 1] = Math.max(pairs[i + 1], u.number());
        }
        return n == pairs.length ? pairs : java.util.Arrays.copyOf(pairs, n);
    }

    private void tell(int p, PartitionCommand command) {
        awaiting++;
        outstanding[p]++;
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

    private KernelFailure broken(String what) {
        return new KernelFailure("coordinator " + what + "; its state: " + describe());
    }

    /** The coordinator's state, for errors. */
    String describe() {
        StringBuilder b = new StringBuilder();
        b.append("at (").append(time == Long.MIN_VALUE ? "start" : time + ", " + round).append("), awaiting ")
                .append(awaiting).append(" reports, wound down ").append(woundDown).append(", stop asked ")
                .append(stopRequested).append("; per partition [next time, next round, end of instant, sent to it,"
                        + " batches to it not reported merged (sender#number)]:");
        for (int p = 0; p < partitions; p++) {
            b.append(' ').append(p).append(":[").append(reportedNext[p] == SimTime.NEVER ? "never" : reportedNext[p])
                    .append(", ").append(reportedNextRound[p]).append(", ").append(wantsEndOfInstant[p]).append(", ");
            for (Unmerged u : unmerged.get(p)) {
                b.append(u.sender()).append('#').append(u.number()).append(' ');
            }
            b.append(']');
        }
        return b.toString();
    }
}
