package org.hpcsim.kernel;

/**
 * Where an executor hands what would go to the run's sinks (components of {@link ComponentType.Role#SINK}),
 * instead of creating and calling them: every delivery in delivery order, the end-of-instant phases
 * after a sink got something, the wind-down and the end. Replaying these into the real sinks, in the
 * same order, calls them exactly as the run would have, since a sink never sends: so the sinks can run
 * on another thread, or take their input from several runs stitched together.
 */
public interface SinkTap {

    /** A message for sink {@code target}, delivered at ({@code time}, {@code round}). */
    void deliver(long time, int round, int target, int sender, Object payload);

    /**
     * The end-of-instant calls of (time, round), once a sink got something since the last ones (it may
     * have asked for a call). {@code alone}: no other component asked, so the executor ran no such
     * round; a run with the sinks in it would have run one for a sink that asked (its statistics count it).
     */
    void endOfInstant(long time, int round, boolean alone);

    /** The wind-down calls. */
    void windDown(long time, int round, boolean stopped);

    /** The simulation's end at {@code time}. */
    void end(long time);
}
