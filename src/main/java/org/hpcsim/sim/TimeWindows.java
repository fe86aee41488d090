package org.hpcsim.sim;

import java.util.ArrayList;
import java.util.List;
import org.hpcsim.feeder.TraceFeeder;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.RunWatch;
import org.hpcsim.kernel.SinkReplay;
import org.hpcsim.kernel.StateDigest;
import org.hpcsim.kernel.Wiring;
import org.hpcsim.kernel.sequential.SequentialExecutor;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStream;
import org.hpcsim.workload.Trace;

/**
 * One simulation on several cores by time-parallel windows with fix-up (Greenberg, Lubachevsky and
 * Mitrani 1991; Fujimoto, Parallel and Distributed Simulation Systems, ch. 6). The trace's span is
 * cut into {@code windows} windows of simulated time; window 0 runs from the start, each other one
 * at once from a guessed state (an empty machine, the trace's jobs arriving from its start on), each
 * a sequential kernel on a thread of its own, at most {@code threads} at a time. Every window
 * fingerprints the state its future depends on at the points of one grid ({@code checks} a window)
 * and goes on past its successor's start until its fingerprint equals the successor's at the same
 * point: from there the successor's run is its run (equal state and the same inputs after it give the
 * same future), so it stops. Following the stops from window 0 gives the one-thread run's trajectory
 * piece by piece; the sinks (jobs.csv and every other output) are fed what each piece delivered, in
 * order, on the calling thread while the windows run, so every file is the one-thread run's, byte for
 * byte. A window whose start never coalesces costs only itself: its predecessor simply runs on.
 *
 * <p>The grid starts at the first arrival; a window is a whole number of grid steps, so every
 * window's start is a grid point. A window's feeder starts at the whole run's last wake-up before the
 * window, so batches and wake-ups match; jobs arriving before the window are taken but not sent.
 */
final class TimeWindows {

    /** Builds a window's components: a fresh scheduler and machine, fed {@code jobs}, starting as {@code window} says. */
    interface Assembler {
        Assembly build(JobStream jobs, Assembly.Window window);
    }

    /**
     * What the windows did: the stitched run's statistics, all events simulated, the windows used, the
     * grid step, and each window's events (the largest bounds the run's time on as many cores as windows).
     */
    record Outcome(KernelStats stats, long eventsSimulated, int windows, long step, List<Long> windowEvents) {
        /** Events simulated beyond the one-thread run's (speculation that was redone or discarded). */
        long wastedEvents() {
            return eventsSimulated - stats.events();
        }
    }

    private final List<Job> jobs;
    private final int windows;
    private final int checks;
    private final int threads;
    private final int feederBatch;
    private final KernelSettings settings;
    private final int maxUnplayed;
    /**
     * A window whose tape holds more records than this, none of them played (no window agreed with it
     * yet), gives up: about 100 MB of a trace's job records at most.
     */
    static final int MAX_UNPLAYED = 1 << 20;
    /** The running windows' coordinator, once they run. */
    private volatile WindowChain running;

    TimeWindows(List<Job> jobs, int windows, int checks, int threads, int feederBatch, KernelSettings settings) {
        this(jobs, windows, checks, threads, feederBatch, settings, MAX_UNPLAYED);
    }

    /** @param maxUnplayed a window's unplayed records at which it gives up (tests: small) */
    TimeWindows(List<Job> jobs, int windows, int checks, int threads, int feederBatch, KernelSettings settings,
                int maxUnplayed) {
        this.maxUnplayed = maxUnplayed;
        this.jobs = jobs;
        this.windows = windows;
        this.checks = checks;
        this.threads = threads;
        this.feederBatch = feederBatch;
        this.settings = settings;
    }

    /** The grid step (microseconds) for this trace: a window is {@code checks} steps. */
    static long step(List<Job> jobs, int windows, int checks) {
        long base = jobs.get(0).arrival();
        long span = jobs.get(jobs.size() - 1).arrival() - base;
        long perWindow = (span + windows - 1) / windows;
        return Math.max(1, (perWindow + checks - 1) / checks);
    }

    /**
     * The windows' first grid points: window k starts at the grid point at or after the arrival of job
     * k n / windows, so that windows hold about as many jobs each (a trace's busy stretches would
     * otherwise make one window the others' wait); starts that fall on one point are merged.
     */
    static int[] starts(List<Job> jobs, int windows, long step) {
        long base = jobs.get(0).arrival();
        long last = jobs.get(jobs.size() - 1).arrival();
        List<Integer> points = new ArrayList<>(List.of(0));
        for (int k = 1; k < windows; k++) {
            long at = jobs.get((int) ((long) k * jobs.size() / windows)).arrival();
            long point = ceilDiv(at - base, step);
            if (point > points.get(points.size() - 1) && base + point * step <= last) {
                points.add(Math.toIntExact(point));
            }
        }
        return points.stream().mapToInt(Integer::intValue).toArray();
    }

    Outcome run(Assembler assembler) {
        long base = jobs.get(0).arrival();
        long step = step(jobs, windows, checks);
        int[] firstPoint = starts(jobs, windows, step);
        int count = firstPoint.length;
        // Points are checked up to a window's length (on average) past the last arrival: a window that
        // has not agreed with its successor by then runs to its end (a bound on the checks, whatever the
        // simulated time after the trace).
        long lastPoint = ceilDiv(jobs.get(jobs.size() - 1).arrival() - base, step) + checks;
        Assembly[] assemblies = new Assembly[count];
        for (int w = 0; w < count; w++) {
            if (w == 0) {
                assemblies[w] = assembler.build(Trace.stream(jobs, 0), null);
            } else {
                long start = base + (long) firstPoint[w] * step;
                TraceFeeder.Start feeder = TraceFeeder.lastWakeBefore(jobs, feederBatch, start);
                assemblies[w] = assembler.build(Trace.stream(jobs, feeder.position()),
                        new Assembly.Window(feeder.wake(), start, start));
            }
        }
        WindowChain chain = new WindowChain(firstPoint, threads);
        running = chain;
        SinkTape[] tapes = new SinkTape[count];
        List<Thread> running = new ArrayList<>();
        List<Wiring.Spec> sinkSpecs = assemblies[0].wiring.specs();
        SinkReplay replay = null;
        try {
            replay = new SinkReplay(sinkSpecs, settings.seed());
            for (int w = 0; w < count; w++) {
                tapes[w] = new SinkTape();
                Thread t = new Thread(window(w, assemblies[w].wiring, chain, tapes[w], base, step, firstPoint[w],
                        lastPoint),
                        "hpcsim-window-" + w);
                t.setDaemon(true);
                running.add(t);
                t.start();
            }
            KernelStats stitched = play(chain, tapes, replay, base, step);
            long simulated = 0;
            List<Long> perWindow = new ArrayList<>();
            for (int w = 0; w < count; w++) {
                KernelStats s = chain.lastStats(w);
                perWindow.add(s == null ? 0 : s.events());
                simulated += s == null ? 0 : s.events();
            }
            KernelStats complete = replay.completed(stitched);
            return new Outcome(complete, simulated + (complete.events() - stitched.events()), count, step,
                    List.copyOf(perWindow));
        } catch (WindowChain.WindowsFailed e) {
            throw rethrow(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            chain.fail(e);
            throw new KernelFailure("interrupted while the windows ran", e);
        } catch (RuntimeException | Error e) {
            chain.fail(e);
            throw e;
        } finally {
            for (Thread t : running) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (replay != null) {
                replay.close();
            }
        }
    }

    /**
     * Stops the run where it is (Ctrl-C), as a stop from outside stops a one-thread run: the window the
     * run is in winds down as stopped, the others are abandoned. False if the windows are not running.
     */
    boolean interrupt() {
        WindowChain chain = running;
        if (chain == null) {
            return false;
        }
        chain.interrupt();
        return true;
    }

    /** Window w's thread: a sequential kernel whose watch fingerprints, publishes and compares at grid points. */
    private Runnable window(int w, Wiring wiring, WindowChain chain, SinkTape tape, long base, long step,
                            int firstPoint, long lastPoint) {
        return () -> {
            boolean[] stopped = {false};
            boolean[] abandoned = {false};
            boolean[] gaveUp = {false};
            try {
                chain.begin(w);
                RunWatch watch = (settled, next, state) -> {
                    if (chain.failure() != null) {
                        abandoned[0] = true;
                        return RunWatch.Verdict.ABANDON;
                    }
                    if (chain.interrupted()) {
                        if (chain.isTail(w)) {
                            return RunWatch.Verdict.STOP;
                        }
                        abandoned[0] = true;
                        return RunWatch.Verdict.ABANDON;
                    }
                    if (w > 0 && tape.size() - tape.played() > maxUnplayed && chain.giveUp(w, state.stats())) {
                        // Its speculation held too many records no predecessor has agreed to: it costs
                        // memory and its predecessor runs on anyway.
                        gaveUp[0] = true;
                        return RunWatch.Verdict.ABANDON;
                    }
                    // Grid points in [settled, next): the state there is the state now.
                    long fromPoint = Math.max(firstPoint, ceilDiv(settled - base, step));
                    long toPoint = Math.min(floorDiv(next - 1 - base, step), lastPoint);
                    if (fromPoint > toPoint) {
                        return RunWatch.Verdict.GO;
                    }
                    StateDigest digest = null;
                    KernelStats stats = null;
                    for (long i = fromPoint; i <= toPoint; i++) {
                        int point = Math.toIntExact(i);
                        if (!chain.wanted(w, point)) {
                            continue;
                        }
                        if (digest == null) {
                            digest = new StateDigest();
                            state.digest(digest);
                            stats = state.stats();
                            tape.flush();
                        }
                        chain.publish(w, point, digest.high(), digest.low(), stats);
                        try {
                            if (chain.compare(w, point, digest.high(), digest.low()) == WindowChain.Decision.STOP) {
                                stopped[0] = true;
                                return RunWatch.Verdict.ABANDON;
                            }
                            if (chain.interrupted()) {
                                return RunWatch.Verdict.GO; // decided at the next instant
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new KernelFailure("interrupted", e);
                        }
                    }
                    return RunWatch.Verdict.GO;
                };
                KernelStats stats = new SequentialExecutor(watch, tape).run(wiring, settings, null, null);
                tape.close();
                if (abandoned[0]) {
                    chain.abandoned(w);
                } else if (gaveUp[0]) {
                    tape.release(tape.size());
                } else if (!stopped[0] && chain.failure() == null) {
                    chain.ended(w, stats);
                }
            } catch (WindowChain.WindowsFailed e) {
                tape.close();
            } catch (Throwable t) {
                tape.close();
                chain.fail(t);
            } finally {
                chain.finish(w);
            }
        };
    }

    /**
     * Plays the chain's segments into the sinks as they become known and their windows write them:
     * window 0 from the start, then each window that a stop handed the run to, from that stop on.
     * Returns the stitched run's statistics (the sinks' own calls not yet counted).
     */
    private static KernelStats play(WindowChain chain, SinkTape[] tapes, SinkReplay replay, long base, long step)
            throws InterruptedException {
        long instants = 0;
        long rounds = 0;
        long messages = 0;
        long events = 0;
        long activations = 0;
        long endTime = 0;
        WindowChain.Segment s = chain.next(null);
        while (s != null) {
            int w = s.window();
            SinkTape tape = tapes[w];
            long from = s.from() < 0 ? Long.MIN_VALUE : base + s.from() * step;
            int i = 0;
            while (tape.await(i)) {
                if (tape.time(i) > from) {
                    break;
                }
                i++;
            }
            // Everything after the segment's start is the run's: a window stops between instants, at the point
            // where its successor takes over, and writes nothing after.
            while (tape.await(i)) {
                i = tape.playVisible(i, replay);
                tape.release(i);
            }
            int to = chain.end(w);
            KernelStats atEnd = chain.statsAt(w, to);
            KernelStats atStart = s.from() < 0 ? null : chain.statsAt(w, s.from());
            instants += atEnd.instants() - (atStart == null ? 0 : atStart.instants());
            rounds += atEnd.rounds() - (atStart == null ? 0 : atStart.rounds());
            messages += atEnd.messages() - (atStart == null ? 0 : atStart.messages());
            events += atEnd.events() - (atStart == null ? 0 : atStart.events());
            activations += atEnd.activations() - (atStart == null ? 0 : atStart.activations());
            endTime = atEnd.endTime();
            s = chain.next(s);
        }
        return new KernelStats(endTime, instants, rounds, messages, events, activations, 0);
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new KernelFailure("a window failed", t);
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    private static long floorDiv(long a, long b) {
        return Math.floorDiv(a, b);
    }
}
