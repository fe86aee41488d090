package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import org.hpcsim.time.SimTime;

/**
 * Pauses a run between instants, injects messages while it is paused, and resumes or stops it:
 * what a live console needs. The run pauses before the first instant at or after
 * {@link #pauseAt(long)}, before the instant after the next one ({@link #resumeStep()}), or before
 * the next instant once {@link #requestPause()} was called. While paused nothing runs, so the
 * caller may read the model's state; {@link #inject} adds messages from the kernel's own sender,
 * numbered after the ones scheduled before the run, exactly as if they had been scheduled then:
 * a paused-and-injected run gives the same outputs as one that had the messages from the start.
 *
 * <p>Thread use: the run's coordinator calls {@link #shouldPause} and {@link #paused}; one other
 * thread (the console) calls the rest.
 */
public final class KernelControl {

    /**
     * Where a run paused.
     *
     * @param lastInstant the last instant simulated, {@link Long#MIN_VALUE} before the first
     * @param next        the next instant due, {@link SimTime#NEVER} if none
     */
    public record Pause(long lastInstant, long next) {
        /** Whether any instant has been simulated. */
        public boolean started() {
            return lastInstant != Long.MIN_VALUE;
        }
    }

    private static final Object FINISHED = new Object();

    private final LinkedBlockingQueue<Object> signals = new LinkedBlockingQueue<>();
    private final List<Envelope> injected = new ArrayList<>();
    private volatile long pauseAt = SimTime.NEVER;
    private volatile long endAt = SimTime.NEVER;
    /** Set by the coordinator when the run reached {@link #endAt}: the pause it takes is a stop. */
    private volatile boolean ending;
    private volatile boolean pauseRequested;
    private volatile boolean stepping;
    private volatile Consumer<Resume> coordinator;
    private Pause pause;
    private long nextSeq;
    private long stopAt = Long.MIN_VALUE;
    /** Wall time (System.nanoTime) the run last paused at; measurement only, never a simulation decision. */
    private volatile long pausedSince;
    private volatile long pausedNanos;
    private volatile Runnable sampler;
    private volatile boolean sampleWanted;

    /** A control for one run; hand it to the executor with the run. */
    public KernelControl() {
    }

    /** Pause before the first instant at or after {@code time}; {@link SimTime#NEVER} = do not. */
    public void pauseAt(long time) {
        this.pauseAt = time;
    }

    /**
     * Stop the run before the first instant at or after {@code time}, with its wind-down calls at
     * {@code time}: as if it had paused there and been stopped, so the outputs equal a console's
     * {@code run until TIME} then {@code quit}. {@link SimTime#NEVER} = do not. Set before the run.
     */
    public void endAt(long time) {
        this.endAt = time;
    }

    /** Whether the run was stopped by {@link #endAt} (not by a stop from outside, nor by its own end). */
    public boolean endedAt() {
        return ending;
    }

    /**
     * Calls {@code sampler} on the run's own thread between two instants (nothing else runs then, so it
     * may read the model's state), once after each {@link #requestSample()}: how a live view follows a
     * running run without pausing it. It must be quick and must not throw; it never changes the run.
     */
    public void sampler(Runnable sampler) {
        this.sampler = sampler;
    }

    /** Asks for one call of the sampler before the next instant (from another thread while the run goes on). */
    public void requestSample() {
        sampleWanted = true;
    }

    /** Pause before the next instant (on demand, from another thread while the run goes on). */
    public void requestPause() {
        pauseRequested = true;
    }

    /**
     * Waits until the run pauses, and returns where; empty once the run is over (ended, stopped or
     * failed).
     */
    public Optional<Pause> awaitPause() throws InterruptedException {
        Object signal = signals.take();
        if (signal == FINISHED) {
            signals.add(FINISHED);
            return Optional.empty();
        }
        pause = (Pause) signal;
        return Optional.of(pause);
    }

    /**
     * Adds a message from the kernel to {@code to}, handled at ({@code time}, 0); only while paused,
     * and only after the last instant simulated.
     *
     * @throws IllegalStateException if the run is not paused
     * @throws IllegalArgumentException if {@code time} is not after the last instant simulated
     */
    public <C> void inject(Address<C> to, C message, long time) {
        Pause p = requirePaused();
        if (time <= p.lastInstant()) {
            throw new IllegalArgumentException("time " + time + " is not after the last instant simulated, "
                    + p.lastInstant());
        }
        injected.add(new Envelope(time, 0, Envelope.KERNEL, nextSeq++, to.id(), message));
    }

    /**
     * Goes on until the next pause point (see {@link #pauseAt}); a run paused by {@code pauseAt(T)}
     * pauses again at once unless the pause time is moved on first.
     */
    public void resume() {
        send(false, false);
    }

    /** Runs the next instant, then pauses again. */
    public void resumeStep() {
        send(true, false);
    }

    /**
     * Ends the run: wind-down calls at {@code time} (when it lies between the last instant and the
     * next one; else at the last instant), then the end; pending messages are not delivered.
     */
    public void stop(long time) {
        stopAt = time;
        send(false, true);
    }

    private void send(boolean step, boolean stop) {
        requirePaused();
        pausedNanos += System.nanoTime() - pausedSince;
        stepping = step;
        pause = null;
        List<Envelope> batch = List.copyOf(injected);
        injected.clear();
        coordinator.accept(new Resume(batch, stop, stopAt));
    }

    private Pause requirePaused() {
        if (pause == null) {
            throw new IllegalStateException("the run is not paused");
        }
        return pause;
    }

    /**
     * Wall time the run has spent paused so far (nanoseconds): waiting for the console, not simulating, so
     * left out of the run's wall time and event rate.
     */
    public long pausedNanos() {
        return pausedNanos;
    }

    /** The executor's way to resume the run (the coordinator's mailbox, or the sequential loop's queue). */
    public void attach(Consumer<Resume> coordinator) {
        this.coordinator = coordinator;
    }

    public void start(long firstSeq) {
        this.nextSeq = firstSeq;
    }

    /** Coordinator: whether to pause before advancing to {@code next}, having advanced {@code advanced} instants since the last resume. */
    public boolean shouldPause(long next, long advanced) {
        if (sampleWanted) {
            sampleWanted = false;
            Runnable s = sampler;
            if (s != null) {
                s.run();
            }
        }
        if (next >= endAt) {
            ending = true;
            return true;
        }
        if (pauseRequested) {
            pauseRequested = false;
            return true;
        }
        return (stepping && advanced >= 1) || next >= pauseAt;
    }

    public void paused(Pause p) {
        pausedSince = System.nanoTime();
        if (ending) {
            // The end time: the coordinator stops itself; nobody waits for this pause.
            pause = p;
            stopAt = endAt;
            send(false, true);
            return;
        }
        signals.add(p);
    }

    public void finished() {
        signals.add(FINISHED);
    }
}
