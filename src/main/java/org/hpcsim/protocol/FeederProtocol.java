package org.hpcsim.protocol;

/**
 * The feeder protocol: what the trace feeder accepts. Each record says who sends it to whom.
 */
public sealed interface FeederProtocol {

    /** Kernel (first) or TraceFeeder -> itself: send the next batch. */
    public record Feed() implements FeederProtocol {
    }
}
