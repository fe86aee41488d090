package org.hpcsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.sim.Simulation;
import org.hpcsim.workload.ScanProgress;

/**
 * A run's progress counters at one moment, as its progress line shows them.
 *
 * @param trace      the trace's file name
 * @param traceBytes the trace file's size
 * @param bytesRead  bytes of it read so far (of a gzip file, compressed bytes)
 * @param jobsRead   jobs read so far
 * @param scanned    whether the trace has been read
 * @param prepared   whether the simulation is built (then the fields below count)
 * @param jobsDone   jobs finished (recorded)
 * @param jobs       jobs in the trace
 * @param simTime    simulated time, microseconds
 * @param events     events handled
 */
record RunCounters(String trace, long traceBytes, long bytesRead, int jobsRead, boolean scanned, boolean prepared,
                   int jobsDone, int jobs, long simTime, long events) {

    /** The counters of a run reading {@code trace} into {@code scan}, and simulating as {@code sim} once that is built. */
    static RunCounters of(Path trace, ScanProgress scan, Simulation sim) {
        Path name = trace.getFileName();
        long size;
        try {
            size = Files.size(trace);
        } catch (IOException e) {
            size = 0; // shown without a percentage; reading it reports the error
        }
        if (sim == null) {
            return new RunCounters(name == null ? trace.toString() : name.toString(), size, scan.bytesRead(), scan.jobs(),
                    scan.done(), false, 0, 0, 0, 0);
        }
        KernelProgress k = sim.kernelProgress();
        return new RunCounters(name == null ? trace.toString() : name.toString(), size, scan.bytesRead(), scan.jobs(),
                true, true, sim.runProgress().jobsDone(), sim.trace().jobs(), k == null ? 0 : k.time(),
                k == null ? 0 : k.events());
    }

    /**
     * How much of the run is done, from 0 to 1: jobs finished of the trace's jobs once the simulation
     * is built (see {@link ProgressText}), else 0.
     */
    double fraction() {
        if (!prepared) {
            return 0;
        }
        return jobs == 0 ? 1 : (double) jobsDone / jobs;
    }
}
