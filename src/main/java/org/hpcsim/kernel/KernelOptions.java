package org.hpcsim.kernel;

/**
 * Kernel options (keys {@code kernel.*}).
 *
 * @param threads              dispatcher threads; 0 = automatic (see {@link #threadsFor(int, int)})
 * @param partitionsPerThread  partition managers per thread
 * @param throughput           Pekko dispatcher throughput
 * @param feederBatch          jobs per feeder wake-up
 * @param executor             which executor runs the components
 */
public record KernelOptions(int threads, int partitionsPerThread, int throughput, int feederBatch, Engine executor) {

    /** The executors (see {@link Executor}): they give the same outputs. */
    public enum Engine {
        /** {@link PekkoExecutor}: actors on {@code threads} dispatcher threads (the default). */
        PEKKO,
        /** {@link SequentialExecutor}: one thread, one queue; the oracle. */
        SEQUENTIAL
    }

    /** Components per thread below which more threads only add hand-offs (measured, see docs/performance.md). */
    static final int COMPONENTS_PER_THREAD = 8192;

    /**
     * Cores at or below which the automatic count is one thread: on 2 cores a second dispatcher
     * thread made no measured run faster (a 4,096-node torus with link actors, 30,000 and 100,000-node
     * machines, the 10,000-node room) and some much slower, since the JIT compiler and the garbage
     * collector need the other core (docs/performance.md).
     */
    static final int SINGLE_THREAD_CORES = 2;

    /**
     * Threads for a simulation of {@code components} actors: the configured number, or when
     * automatic, one on a share of at most {@value #SINGLE_THREAD_CORES} cores, else one per
     * {@value #COMPONENTS_PER_THREAD} components, at least one and at most {@code cores} (all of the
     * machine's for one run; a sweep running several at once gives each its share). A round's work
     * is split over threads only if enough actors act in it; smaller simulations run fastest on one
     * thread. Results are identical either way.
     */
    public int threadsFor(int components, int cores) {
        if (threads > 0) {
            return threads;
        }
        if (cores <= SINGLE_THREAD_CORES) {
            return 1;
        }
        return Math.max(1, Math.min(cores, components / COMPONENTS_PER_THREAD));
    }
}
