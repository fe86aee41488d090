package org.hpcsim.sim;

import org.hpcsim.kernel.KernelOptions;

/**
 * How a run is executed: its executor, its threads, and whether the trace is read and the outputs
 * written on threads of their own beside a one-thread simulation. The cost model (measured in
 * docs/performance.md) is small: explicit settings are kept; automatic threads
 * ({@code kernel.threads = 0}) give time-parallel windows on the machine's cores when it has
 * {@value #WINDOWS_MIN_CORES} or more, the run can use them and has {@value #WINDOWS_MIN_JOBS} jobs or
 * more, else one simulating thread, with the trace and the sinks beside it where there is a core to
 * spare; more threads given get windows where the run can use them, else Pekko's executor. On two
 * cores the JIT compiler's threads already keep the second core busy for most of a run of a few
 * seconds (one SDSC-BLUE run uses 1.4 cores, two CTC runs side by side take twice as long as one), so
 * windows there cost CPU and gain no wall time; below 20,000 jobs a run is mostly the JVM's start.
 *
 * @param warning what the run is told when it asked for windows it cannot use, else null
 */
record EnginePlan(KernelOptions.Engine engine, int threads, boolean sinksApart, String warning) {

    /** Runs of at least this many jobs are worth time-parallel windows when the threads are automatic. */
    static final int WINDOWS_MIN_JOBS = 20_000;
    /** Machines with at least this many cores give automatic threads time-parallel windows. */
    static final int WINDOWS_MIN_CORES = 4;

    /**
     * @param windowsUnfit why the run cannot use windows, or null when it can
     * @param jobs         the trace's jobs
     */
    static EnginePlan choose(KernelOptions k, int cores, String windowsUnfit, int jobs) {
        return switch (k.executor()) {
            case WINDOWS -> windowsUnfit == null
                    ? new EnginePlan(KernelOptions.Engine.WINDOWS, k.threads() > 0 ? k.threads() : cores, false, null)
                    : new EnginePlan(KernelOptions.Engine.SEQUENTIAL, 1, false, "kernel.executor = windows, but this run"
                            + " cannot use time-parallel windows (" + windowsUnfit + "): it runs on one thread, sequentially");
            case AUTO -> {
                if (k.threads() == 0) {
                    if (cores >= WINDOWS_MIN_CORES && windowsUnfit == null && jobs >= WINDOWS_MIN_JOBS) {
                        yield new EnginePlan(KernelOptions.Engine.WINDOWS, cores, false, null);
                    }
                    yield new EnginePlan(KernelOptions.Engine.SEQUENTIAL, 1, cores >= 2, null);
                }
                if (k.threads() > 1 && windowsUnfit == null) {
                    yield new EnginePlan(KernelOptions.Engine.WINDOWS, k.threads(), false, null);
                }
                yield new EnginePlan(k.engineFor(k.threads()), k.threads(), false, null);
            }
            default -> new EnginePlan(k.executor(), k.runThreads(), false, null);
        };
    }

    /** Whether a run with these settings may get windows, known before its trace is read (to keep the jobs the scan reads). */
    static boolean mayUseWindows(KernelOptions k, int cores) {
        return k.executor() == KernelOptions.Engine.WINDOWS || k.executor() == KernelOptions.Engine.AUTO
                && (k.threads() > 1 || k.threads() == 0 && cores >= WINDOWS_MIN_CORES);
    }
}
