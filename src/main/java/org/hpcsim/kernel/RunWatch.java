package org.hpcsim.kernel;

/**
 * Watches a run between its instants, for time-parallel windows: called once the instants up to
 * {@code settled} have settled (end-of-instant calls included), before time moves to {@code next}.
 * It may fingerprint the run's state there, and decides how the run goes on.
 */
public interface RunWatch {

    /** How the run goes on. */
    enum Verdict {
        /** To the next instant. */
        GO,
        /** Not at all: the executor returns at once, with no wind-down and no end calls. */
        ABANDON,
        /** Stopped as from outside (a console's quit): the wind-down calls, with {@code stopped}, then the end. */
        STOP
    }

    /** What the watch may read of the run between two instants. */
    interface State {
        /** Writes every state-holding component's state, in id order, then the pending messages (see {@link Component#writeState}). */
        void digest(StateDigest out);

        /** The statistics so far (the time: the instant last settled). */
        KernelStats stats();
    }

    Verdict between(long settled, long next, State state);
}
