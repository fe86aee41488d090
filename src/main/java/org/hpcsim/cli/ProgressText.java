package org.hpcsim.cli;

import java.util.List;
import java.util.Locale;
import org.hpcsim.time.SimTime;

/**
 * The text of the progress lines: pure functions of progress counters and elapsed wall time.
 *
 * <p>A run's percentage is jobs finished of the trace's jobs. The total is exact once the trace has
 * been read, and the count reaches 100 % exactly when the run ends, also when a backlog drains long
 * after the last arrival. (Simulated time against the trace's last arrival told the time left about
 * as well on the archive's traces, see docs/performance.md, but where a run ends in simulated time is not known
 * in advance.) Time left is the fraction still to do at the average speed since the simulation
 * started. A run's speed is not steady: it rises while the JIT compiles the simulation (its first 5 to
 * 10 seconds) and falls several-fold while a long queue makes every scheduling pass expensive, so the
 * estimate is a guide.
 * A sweep's fraction counts each run as one part: finished runs whole, running ones by their own
 * fraction.
 */
final class ProgressText {
    /** A run of a sweep in progress: its number (1-based, in combination order) and its counters. */
    record SweepRun(int number, RunCounters counters) {
    }

    /**
     * A sweep's counters.
     *
     * @param total    runs in the sweep
     * @param done     runs finished or failed, earlier sessions included
     * @param toDo     runs this session had to do when it started
     * @param doneNow  of those, finished or failed
     * @param running  the runs in progress, in number order
     */
    record SweepCounters(int total, int done, int toDo, int doneNow, List<SweepRun> running) {
        public SweepCounters {
            running = List.copyOf(running);
        }

        /** How much of this session's work is done, from 0 to 1. */
        double fraction() {
            if (toDo == 0) {
                return 1;
            }
            double sum = doneNow;
            for (SweepRun r : running) {
                sum += r.counters().fraction();
            }
            return Math.min(1, sum / toDo);
        }
    }

    /** Running runs a sweep line names; more are counted ("+2 more"). */
    static final int SWEEP_RUNS_SHOWN = 3;

    private ProgressText() {
    }

    /**
     * A run's line.
     *
     * @param now     the counters now
     * @param start   the counters when the simulation had been built (null before)
     * @param seconds wall time since then
     */
    static String run(RunCounters now, RunCounters start, double seconds) {
        if (!now.prepared()) {
            return reading(now);
        }
        String left = start == null ? "" : left(start.fraction(), now.fraction(), seconds);
        double rate = start == null || seconds <= 0 ? 0 : (now.events() - start.events()) / seconds;
        // Whole seconds: the line is redrawn several times a second, and a millisecond would only flicker.
        return String.format(Locale.ROOT, "%s%s  jobs %d/%d  t=%s  %.0f events/s", percent(now.fraction()),
                left.isEmpty() ? "" : "  " + left, now.jobsDone(), now.jobs(),
                SimTime.clock(now.simTime() - now.simTime() % SimTime.MICROS_PER_SECOND), rate);
    }

    /** Before the simulation is built: how far the trace has been read, then that it is being prepared. */
    static String reading(RunCounters c) {
        if (c.scanned()) {
            return String.format(Locale.ROOT, "read %s: %d jobs; preparing the simulation", c.trace(), c.jobsRead());
        }
        String share = c.traceBytes() > 0
                ? String.format(Locale.ROOT, " %d %%,", Math.min(99, 100 * c.bytesRead() / c.traceBytes())) : "";
        return String.format(Locale.ROOT, "reading trace %s:%s %d jobs", c.trace(), share, c.jobsRead());
    }

    /** A sweep's line: runs done, time left, and each run in progress with its own percentage. */
    static String sweep(SweepCounters c, double seconds) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d/%d runs done", c.done(), c.total()));
        String left = left(0, c.fraction(), seconds);
        if (!left.isEmpty()) {
            sb.append("  ").append(left);
        }
        List<SweepRun> running = c.running();
        for (SweepRun r : running.subList(0, Math.min(SWEEP_RUNS_SHOWN, running.size()))) {
            RunCounters rc = r.counters();
            sb.append(String.format(Locale.ROOT, "  run %d/%d ", r.number(), c.total()));
            if (rc.prepared()) {
                sb.append(percent(rc.fraction()));
            } else if (rc.scanned() || rc.traceBytes() == 0) {
                sb.append("preparing");
            } else {
                sb.append(String.format(Locale.ROOT, "reading %d %%", Math.min(99, 100 * rc.bytesRead() / rc.traceBytes())));
            }
        }
        if (running.size() > SWEEP_RUNS_SHOWN) {
            sb.append("  +").append(running.size() - SWEEP_RUNS_SHOWN).append(" more");
        }
        return sb.toString();
    }

    /** A fraction as a percentage with one decimal, rounded down: 100.0 % only when all is done. */
    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", Math.floor(fraction * 1000) / 10);
    }

    /** Progress (a fraction) to see before estimating the time left: less says more about start-up than speed. */
    static final double ESTIMATE_AFTER = 0.01;

    /**
     * "N left": the fraction still to do at the speed from {@code from} to {@code to} over
     * {@code seconds}; empty while there is too little to go on (under {@value #ESTIMATE_AFTER} of
     * progress or under a second) and when all is done.
     */
    static String left(double from, double to, double seconds) {
        if (to >= 1 || !(to - from >= ESTIMATE_AFTER) || seconds < 1) {
            return "";
        }
        return duration(seconds * (1 - to) / (to - from)) + " left";
    }

    /** Whole seconds, then minutes and seconds, then hours and minutes. */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60);
    }
}
