package org.hpcsim.kernel;

/**
 * A simulation component: plain Java, no Pekko. An executor ({@link PekkoExecutor}, or
 * {@link SequentialExecutor}, the single-threaded oracle) hands it the messages of one virtual
 * instant-round together, in (sender id, sequence) order, one {@link #onMessage} call each. It acts
 * through its {@link Context}: reads the time, sends (a message sent at (t, r) with zero latency is
 * handled at (t, r+1); with latency L &gt; 0 at (t+L, 0)), and asks for the calls below. The context
 * is the same object for the component's life.
 *
 * @param <C> the protocol it receives (a sealed interface of records)
 */
public interface Component<C> {

    /** Handles one message at {@code context.now()}. */
    void onMessage(C message, Context context);

    /** Called once the rounds of the current instant have settled, if it called {@link Context#requestEndOfInstant()}. */
    default void onEndOfInstant(Context context) {
    }

    /**
     * Called once, if it called {@link Context#requestWindDownCall()} or is a
     * {@linkplain ComponentType.Role#SOURCE source}, when the run is about to end:
     * nothing is pending anywhere, or the run was stopped ({@link Context#endSimulation()},
     * {@link Context#stopSimulation()}, or from outside). It runs as one more round of the current instant and may send zero-latency messages
     * (e.g. record what never finished); they are handled before the end, anything due later is not.
     *
     * @param stopped whether the run was stopped (from outside, a console's quit, or by a component's
     *                {@link Context#stopSimulation()}) rather than ending by itself
     */
    default void onWindDown(boolean stopped, Context context) {
    }

    /** Called once when the simulation ends; the component may finish its outputs but not send. */
    default void onSimulationEnd(Context context) {
    }

    /** Called when the run is over, whether it ended or failed: release files here. Must not send. */
    default void onStopped() {
    }

    /**
     * Writes what this component's future depends on, canonically (equal futures, equal writes:
     * no identities, no counters that only number the past), for time-parallel windows, which stitch
     * two runs together where their fingerprints agree. A state-holding component that does not
     * override this cannot take part in windows; sources and sinks are never asked.
     */
    default void writeState(StateDigest out) {
        throw new UnsupportedOperationException("component kind " + getClass().getSimpleName()
                + " cannot fingerprint its state");
    }

    /**
     * Writes a message pending for this component (sent at or before the fingerprint's instant, due
     * after it) into a fingerprint: by default all of it. A component that tags timers with a counter
     * writes whether the timer is still live instead of the counter, and nothing for a stale one,
     * which it would ignore.
     */
    default void writePending(C message, StateDigest out) {
        Canonical.write(message, out);
    }
}
