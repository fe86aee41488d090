package org.hpcsim.kernel;

/**
 * Watches a run between its instants, for time-parallel windows: called once the instants up to
 * {@code settled} have settled (end-of-instant calls included), before time moves to {@code next}.
 * It may fingerprint the run's state there, and may abandon the run: the executor then returns at
 * once, with no wind-down and no end calls.
 */
public interface RunWatch {

    /** What the watch may read of the run between two instants. */
    interface State {
        /** Writes every state-holding component's state, in id order, then the pending messages (see {@link Component#writeState}). */
        void digest(StateDigest out);

        /** The statistics so far (the time: the instant last settled). */
        KernelStats stats();
    }

    /** @return false to abandon the run here */
    boolean between(long settled, long next, State state);
}
