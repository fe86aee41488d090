package org.hpcsim.kernel;

/**
 * Runs a wired simulation to its end under the time contract of DESIGN.md. Two implementations run
 * the same components and give the same outputs: {@link PekkoExecutor} (on many threads) and
 * {@link SequentialExecutor} (one thread: the oracle the first is checked against, and the faster of
 * the two when there is one thread to run on).
 */
public interface Executor {

    /**
     * Creates the wiring's components, delivers its scheduled messages and runs until nothing is
     * pending or the run is stopped; then calls every component's end and stop hooks.
     *
     * @param control  pauses, injects and stops the run from another thread; null for none
     * @param progress updated as the run goes (for displays); null for none
     * @return what the kernel did
     * @throws ComponentFailure if a component threw (the lowest component id of the round it happened in)
     * @throws KernelFailure    if the kernel itself failed
     */
    KernelStats run(Wiring wiring, KernelSettings settings, KernelControl control, KernelProgress progress);

    /** Its name, as {@code kernel.executor} and summary.json say it. */
    String name();

    /** The threads and partitions a run given {@code configured} uses under this executor. */
    default KernelSettings effective(KernelSettings configured) {
        return configured;
    }
}
