package org.hpcsim.failure;

import java.util.SplittableRandom;

/**
 * {@code none} and {@code trace}: components never fail on their own. Under {@code trace} the
 * scenario's events (file, {@code --inject}, console) are the failures; under {@code none} a node
 * or link failure event is an input error, so a run meant to be failure-free cannot get one by
 * accident.
 */
public record NoFailures(boolean allowsScripted) implements FailureModel {

    @Override
    public String label() {
        return allowsScripted ? "trace" : "none";
    }

    @Override
    public boolean stochastic() {
        return false;
    }

    @Override
    public long timeToFailure(SplittableRandom random) {
        throw new UnsupportedOperationException("components do not fail on their own");
    }

    @Override
    public long timeToRepair(SplittableRandom random) {
        throw new UnsupportedOperationException("components do not fail on their own");
    }

    @Override
    public boolean allowsScriptedFailures() {
        return allowsScripted;
    }
}
