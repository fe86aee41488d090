package org.hpcsim.kernel;

/**
 * Kernel options (keys {@code kernel.*}).
 *
 * @param threads              dispatcher threads; 0 = automatic (see {@link #threadsFor(int, int)})
 * @param partitionsPerThread  partition managers per thread
 * @param throughput           Pekko dispatcher throughput
 * @param feederBatch          jobs per feeder wake-up
 * @param executor             which executor runs the components
 * @param hosting              under the Pekko executor, what runs each component's handlers
 */
public record KernelOptions(int threads, int partitionsPerThread, int throughput, int feederBatch, Engine executor,
                            Hosting hosting) {

    /** The executors (see {@link Executor}): they give the same outputs. */
    public enum Engine {
        /** The default: {@link #SEQUENTIAL} when the run gets one thread, else {@link #PEKKO}. */
        AUTO,
        /** {@link PekkoExecutor}: actors on {@code threads} dispatcher threads. */
        PEKKO,
        /** {@link SequentialExecutor}: one thread, one queue; the oracle. */
        SEQUENTIAL
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
     * Whether a run on a share of {@code cores} cores may need the actor system: false only when it is
     * sure to run sequentially (said so, or automatic on one thread), which is known before the
     * machine is built except for automatic threads on more than {@value #SINGLE_THREAD_CORES} cores.
     */
    public boolean mayNeedActors(int cores) {
        return switch (executor) {
            case PEKKO -> true;
            case SEQUENTIAL -> false;
            case AUTO -> threads > 1 || threads == 0 && cores > SINGLE_THREAD_CORES;
        };
    }

    /** Components per thread below which more threads only add hand-offs (measured, see docs/performance.md). */
    static final int COMPONENTS_PER_THREAD = 8192;

    /**
     * Cores at or below which the automatic count is one thread: on 2 cores a second dispatcher
     * thread made no measured run faster (a 4,096-node torus with link actors, 30,000 and 100,000-node
     * machines, the 10,000-node room) and some much slower, since the JIT compiler and the garbage
     * collector need the other core (docs/performance.md).
     */
    public static final int SINGLE_THREAD_CORES = 2;

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
