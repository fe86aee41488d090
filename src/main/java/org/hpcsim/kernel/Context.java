package org.hpcsim.kernel;

import java.util.SplittableRandom;

/** What a {@link Component} may do: read virtual time, draw from its own random stream, send, and ask for calls. */
public interface Context {

    /** The component's id, as the wiring assigned it. */
    int id();

    /** Current virtual time in microseconds. */
    long now();

    /**
     * The time of the last instant the run went through, whose messages were all delivered
     * ({@link Long#MIN_VALUE} before the first). It is {@link #now()}, except in the wind-down of a run
     * stopped at a time it had not reached (until a time with messages due, or before its first
     * instant): there, messages due after it were never delivered.
     */
    long lastInstant();

    /** Current round within the instant. */
    int round();

    /** The component's own random stream, derived from (master seed, component id). */
    SplittableRandom random();

    /**
     * Sends over the address's connection: with the latency the wiring plan declared for it (see
     * {@link Address#latency()}), zero (handled at (now, round + 1)) unless it declared one.
     */
    <T> void send(Address<T> to, T message);

    /** Sends with a latency in microseconds: zero means (now, round + 1), otherwise (now + latency, 0). */
    <T> void send(Address<T> to, T message, long latencyMicros);

    /** Asks to be called by {@link Component#onEndOfInstant} once the rounds of this instant have settled. */
    void requestEndOfInstant();

    /** Asks for one {@link Component#onWindDown} call when the run is about to end; asking again changes nothing. */
    void requestWindDownCall();

    /**
     * Ends the run once the rounds of the current instant have settled, even though messages are
     * still pending for later times (a failure process that would go on forever): the wind-down
     * calls follow, then the end.
     */
    void endSimulation();

    /**
     * Stops the run as a stop from outside does (a console's quit): once the rounds of the current
     * instant have settled, the wind-down calls follow with {@code stopped = true}, so that jobs still
     * queued or running end unfinished and jobs not yet submitted are recorded; then the end. For a
     * component that can no longer go on (an external scheduler that died).
     */
    void stopSimulation();
}
