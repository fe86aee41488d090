package org.hpcsim.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hpcsim.kernel.KernelStats;

/**
 * The coordinator of time-parallel windows, as plain synchronized logic (the threads that run the
 * windows call it; a test drives it in any order). Window 0 runs from the run's start; window k
 * &gt; 0 from an empty machine at {@code starts[k]}. Every window fingerprints its state at the
 * points of one grid ({@code base + i * step}) from its start on and publishes the digests;
 * window k also compares each of its digests with the one of its first successor alive at that point
 * and stops at the first that agrees: from there on, the successor's trajectory is k's. Following
 * the stops from window 0 gives the segments whose concatenation is the one-thread run (see
 * {@link #chain()}). At most {@code permits} windows run at once; one waiting for a successor to
 * reach a point gives its permit up, and a free permit goes to the lowest-numbered window ready to run.
 */
final class WindowChain {

    /** What a window does at a grid point. */
    enum Decision { GO, STOP }

    /** A stretch of the one-thread run: window {@code window} from grid point {@code from} (exclusive; -1: the start) to {@code to} (inclusive; -1: its end). */
    record Segment(int window, int from, int to) {
    }

    private static final int RUNNING = 0;
    private static final int STOPPED = 1;
    private static final int ENDED = 2;
    /** Gave up before any window agreed with it: never compared with, never on the chain. */
    private static final int GAVE_UP = 3;

    private final int windows;
    private final int[] firstPoint;
    private final long[][] digests;
    private final KernelStats[][] stats;
    private final int[] published;
    private final int[] status;
    private final int[] stopPoint;
    private final int[] matched;
    private final KernelStats[] finalStats;
    private final boolean[] wantsToRun;
    private final boolean[] holding;
    private final int permits;
    private int running;
    /** Read at every instant of every window: volatile, not behind the coordinator's lock. */
    private volatile Throwable failure;
    /** The run was interrupted: the window the run is in stops as from outside, the others are abandoned. */
    private volatile boolean interrupted;

    /** @param firstPoint each window's first grid point (window 0's: 0) */
    WindowChain(int[] firstPoint, int permits) {
        this.windows = firstPoint.length;
        this.firstPoint = firstPoint.clone();
        this.permits = permits;
        digests = new long[windows][];
        stats = new KernelStats[windows][];
        published = new int[windows];
        status = new int[windows];
        stopPoint = new int[windows];
        matched = new int[windows];
        finalStats = new KernelStats[windows];
        wantsToRun = new boolean[windows];
        holding = new boolean[windows];
        Arrays.fill(published, -1);
        Arrays.fill(stopPoint, -1);
        Arrays.fill(matched, -1);
        for (int k = 0; k < windows; k++) {
            digests[k] = new long[64];
            stats[k] = new KernelStats[32];
        }
    }

    /** Waits for a permit to run window k. */
    synchronized void begin(int k) throws InterruptedException {
        acquire(k);
    }

    /** Window k is done running (stopped, ended or failed): its permit is free. */
    synchronized void finish(int k) {
        if (holding[k]) {
            holding[k] = false;
            running--;
        }
        notifyAll();
    }

    /** A window failed: every waiting window gives up, and the run fails with this. */
    synchronized void fail(Throwable t) {
        if (failure == null) {
            failure = t;
        }
        notifyAll();
    }

    Throwable failure() {
        return failure;
    }

    /** Stops the run where it is now (Ctrl-C): see {@link #isTail}. */
    synchronized void interrupt() {
        interrupted = true;
        notifyAll();
    }

    boolean interrupted() {
        return interrupted;
    }

    /**
     * Whether window k is where the one-thread run is now: following the stops from window 0, the
     * first window that has not stopped. Stopped there, the stitched run is a stopped one-thread run.
     */
    synchronized boolean isTail(int k) {
        int w = 0;
        while (status[w] == STOPPED) {
            w = matched[w];
        }
        return w == k;
    }

    /**
     * Window k gives up its speculation (its tape has grown too large while no window agreed with it)
     * unless a window already agreed with it: from then on no window compares with it, and it is never
     * on the chain. Returns whether it gave up.
     */
    synchronized boolean giveUp(int k, KernelStats now) {
        for (int j = 0; j < k; j++) {
            if (matched[j] == k) {
                return false;
            }
        }
        status[k] = GAVE_UP;
        finalStats[k] = now;
        notifyAll();
        return true;
    }

    /** Window k gave up (the run was interrupted and it is not where the run is): nobody follows it. */
    synchronized void abandoned(int k) {
        status[k] = ENDED;
        notifyAll();
    }

    /**
     * Whether window k need fingerprint point i at all: some window before it is still running (or
     * yet to run) and may come to compare there, or k itself has a successor to compare with.
     */
    synchronized boolean wanted(int k, int i) {
        for (int j = 0; j < k; j++) {
            if (status[j] == RUNNING) {
                return true;
            }
        }
        return k + 1 < windows && firstPoint[k + 1] <= i;
    }

    /** Window k's digest and statistics at grid point i (points published in increasing order). */
    synchronized void publish(int k, int i, long high, long low, KernelStats s) {
        int at = i - firstPoint[k];
        if (2 * at + 1 >= digests[k].length) {
            digests[k] = Arrays.copyOf(digests[k], Math.max(2 * at + 2, 2 * digests[k].length));
        }
        if (at >= stats[k].length) {
            stats[k] = Arrays.copyOf(stats[k], Math.max(at + 1, 2 * stats[k].length));
        }
        digests[k][2 * at] = high;
        digests[k][2 * at + 1] = low;
        stats[k][at] = s;
        published[k] = i;
        notifyAll();
    }

    /**
     * Window k, at grid point i with this digest: compares with its first successor alive at i,
     * waiting (without its permit) until that one has reached i. STOP: they agree, k stops here.
     */
    synchronized Decision compare(int k, int i, long high, long low) throws InterruptedException {
        int j = k + 1;
        while (true) {
            check();
            if (interrupted || j >= windows || firstPoint[j] > i) {
                return Decision.GO;
            }
            if (status[j] == GAVE_UP) {
                j++;
                continue;
            }
            if (published[j] >= i) {
                int at = i - firstPoint[j];
                if (digests[j][2 * at] == high && digests[j][2 * at + 1] == low) {
                    status[k] = STOPPED;
                    stopPoint[k] = i;
                    matched[k] = j;
                    notifyAll();
                    return Decision.STOP;
                }
                return Decision.GO;
            }
            if (status[j] != RUNNING) {
                j++; // stopped or ended before i: its future is a later window's, or over
                continue;
            }
            running--;
            holding[k] = false;
            notifyAll();
            while (failure == null && !interrupted && status[j] == RUNNING && published[j] < i) {
                wait();
            }
            acquire(k);
            if (interrupted) {
                return Decision.GO;
            }
        }
    }

    /** Window k ran to the end of the simulation (no successor agreed with it). */
    synchronized void ended(int k, KernelStats s) {
        status[k] = ENDED;
        finalStats[k] = s;
        notifyAll();
    }

    /** Window k's statistics where it stopped (its last publication), for the waste. */
    private KernelStats stoppedStats(int k) {
        return stats[k][stopPoint[k] - firstPoint[k]];
    }

    /**
     * The segment of the one-thread run that follows {@code previous} (null: the first), waiting
     * until it is known: window 0 from the start; after a window that stopped at point c by agreeing
     * with window m, window m from c. Null after the window that ran to the end.
     */
    synchronized Segment next(Segment previous) throws InterruptedException {
        if (previous == null) {
            return new Segment(0, -1, -1);
        }
        int k = previous.window();
        while (status[k] == RUNNING) {
            check();
            wait();
        }
        check();
        return status[k] == STOPPED ? new Segment(matched[k], stopPoint[k], -1) : null;
    }

    /** Where window k's segment ends, waiting until known: its stop point, or -1 (it ran to the end). */
    synchronized int end(int k) throws InterruptedException {
        while (status[k] == RUNNING) {
            check();
            wait();
        }
        check();
        return status[k] == STOPPED ? stopPoint[k] : -1;
    }

    /** The whole chain, once every window is done. */
    synchronized List<Segment> chain() throws InterruptedException {
        List<Segment> out = new ArrayList<>();
        Segment s = next(null);
        while (s != null) {
            int to = end(s.window());
            out.add(new Segment(s.window(), s.from(), to));
            s = next(s);
        }
        return out;
    }

    /** Window k's statistics at grid point i (it published i), or its final ones for i = -1 (it ended). */
    synchronized KernelStats statsAt(int k, int i) {
        return i < 0 ? finalStats[k] : stats[k][i - firstPoint[k]];
    }

    /** Window k's statistics where it stopped or ended. */
    synchronized KernelStats lastStats(int k) {
        return status[k] == ENDED || status[k] == GAVE_UP ? finalStats[k] : status[k] == STOPPED ? stoppedStats(k) : null;
    }

    private void acquire(int k) throws InterruptedException {
        wantsToRun[k] = true;
        while (failure == null && !interrupted && (running >= permits || lowerWantsToRun(k))) {
            wait();
        }
        wantsToRun[k] = false;
        check();
        running++;
        holding[k] = true;
    }

    /** Whether a lower-numbered window waits for a permit (it goes first). */
    private boolean lowerWantsToRun(int k) {
        for (int j = 0; j < k; j++) {
            if (wantsToRun[j]) {
                return true;
            }
        }
        return false;
    }

    private void check() {
        if (failure != null) {
            throw new WindowsFailed(failure);
        }
    }

    /** Thrown in a window's thread when another failed: it stops quietly, the first failure is the run's. */
    static final class WindowsFailed extends RuntimeException {
        WindowsFailed(Throwable cause) {
            super(cause);
        }
    }
}
