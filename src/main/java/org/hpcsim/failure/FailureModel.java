package org.hpcsim.failure;

import java.util.SplittableRandom;

/**
 * When a component fails on its own, and how long its repair takes. A component that is up draws
 * its time to the next failure; once failed, its time to repair; then again, each from its own
 * random stream, so components never share draws and results do not depend on which runs first.
 * Scripted events (the scenario file) come on top of any model.
 */
public interface FailureModel {

    /** The model's registry name, e.g. {@code exponential}: the source of its failures in events.csv. */
    String label();

    /** Whether components fail on their own at all (false: only scripted events fail them). */
    boolean stochastic();

    /** Microseconds from now (the component is up) to its next failure, at least 1. */
    long timeToFailure(SplittableRandom random);

    /** Microseconds from a failure to the end of its repair, at least 1. */
    long timeToRepair(SplittableRandom random);

    /**
     * A component's mean time from a repair (or the start) to its next failure, seconds; NaN for a model
     * that draws no failures.
     */
    default double meanTimeToFailure() {
        return Double.NaN;
    }

    /** Whether scripted node and link failures are allowed (false only for {@code none}). */
    default boolean allowsScriptedFailures() {
        return true;
    }

    /** A duration in microseconds, at least 1: draws of 0 would let a component fail twice in one instant. */
    static long micros(double seconds) {
        double us = Math.rint(seconds * 1e6);
        return us < 1 ? 1 : us > Long.MAX_VALUE / 4 ? Long.MAX_VALUE / 4 : (long) us;
    }
}
