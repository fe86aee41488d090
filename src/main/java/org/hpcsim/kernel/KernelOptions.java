package org.hpcsim.kernel;

/**
 * Kernel options (keys {@code kernel.*}).
 *
 * @param threads              dispatcher threads; 0 = automatic (see {@link #runThreads()})
 * @param partitionsPerThread  partition managers per thread
 * @param throughput           Pekko dispatcher throughput
 * @param feederBatch          jobs per feeder wake-up
 * @param executor             which executor runs the components
 * @param hosting              under the Pekko executor, what runs each component's handlers
 * @param windows              time-parallel windows; 0 = as many as threads
 * @param windowChecks         fingerprint points per window
 */
public record KernelOptions(int threads, int partitionsPerThread, int throughput, int feederBatch, Engine executor,
                            Hosting hosting, int windows, int windowChecks) {

    /** The options before time-parallel windows, with their defaults. */
    public KernelOptions(int threads, int partitionsPerThread, int throughput, int feederBatch, Engine executor,
                         Hosting hosting) {
        this(threads, partitionsPerThread, throughput, feederBatch, executor, hosting, 0, 64);
    }

    /** The executors (see {@link Executor}): they give the same outputs. */
    public enum Engine {
        /** The default: {@link #SEQUENTIAL} when the run gets one thread, else {@link #PEKKO}. */
        AUTO,
        /** {@link PekkoExecutor}: actors on {@code threads} dispatcher threads. */
        PEKKO,
        /** {@link SequentialExecutor}: one thread, one queue; the oracle. */
        SEQUENTIAL,
        /**
         * Time-parallel windows: sequential kernels on windows of simulated time, run at once on the
         * threads and stitched where their states agree (for the runs whose every component can
         * fingerprint its state; others run sequentially).
         */
        WINDOWS
    }

    /** Under the Pekko executor, where a component's handlers run (see {@link PekkoExecutor}). */
    public enum Hosting {
        /**
         * The default: its partition manager actor calls them in its own turn, so a round costs one
         * actor message per partition, not two per component that acts.
         */
        PARTITION,
        /** Each component is an actor of its own, which its partition manager messages per delivery. */
        ACTOR
    }

    /**
     * The executor a run on {@code threads} threads gets. Automatic: the sequential one on one thread,
     * where Pekko's mailboxes and hand-offs buy nothing (measured about twice the CPU time, see
     * docs/performance.md) and the actor system need not even start; Pekko's on more.
     */
    public Engine engineFor(int threads) {
        if (executor != Engine.AUTO) {
            return executor;
        }
        return threads == 1 ? Engine.SEQUENTIAL : Engine.PEKKO;
    }

    /**
     * Whether a run surely needs the actor system, known before the machine is built (so that it can
     * start while the trace is read): only when it asks for Pekko's executor. Under the automatic one,
     * more threads go to time-parallel windows wherever the run can use them, which need no actors;
     * a run that cannot starts the actor system when it runs.
     */
    public boolean mayNeedActors() {
        return executor == Engine.PEKKO;
    }

    /**
     * The threads a run gets before its trace is known: the configured number, or one when automatic
     * ({@code kernel.threads = 0}). Pekko's round-by-round executor never beat one thread under the
     * sequential one in any simulation measured (docs/performance.md, Threads); a run that can use
     * time-parallel windows gets the machine's cores instead, decided once its trace is read
     * ({@code sim.Simulation}).
     */
    public int runThreads() {
        return threads > 0 ? threads : 1;
    }
}
