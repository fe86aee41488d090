package org.hpcsim.cli;

import java.nio.file.Path;
import org.hpcsim.sim.Simulation;
import org.hpcsim.workload.ScanProgress;

/**
 * One run's progress line text: reads the trace scan's counters, then the simulation's, and keeps
 * where the simulation started (counters and wall time) for its speed and time left.
 */
final class RunMonitor {
    private final Path trace;
    private final ScanProgress scan = new ScanProgress();
    private volatile Simulation simulation;
    private RunCounters start;
    private long startNanos;

    RunMonitor(Path trace) {
        this.trace = trace;
    }

    /** Where the trace scan reports (pass to {@link Simulation#prepare}). */
    ScanProgress scan() {
        return scan;
    }

    /** The simulation is built; from now on the line shows it. */
    void prepared(Simulation sim) {
        simulation = sim;
    }

    /** The line's text now (called by one progress line, under its lock). */
    String line() {
        RunCounters now = RunCounters.of(trace, scan, simulation);
        long t = System.nanoTime();
        if (now.prepared() && start == null) {
            start = now;
            startNanos = t;
        }
        return ProgressText.run(now, start, (t - startNanos) / 1e9);
    }
}
