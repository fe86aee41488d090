package org.hpcsim.energy;

import java.util.List;

/**
 * One node's power states, numbered from 0 as Batsim numbers a host's pstates: computing states (a
 * speed, watts idle and at full load), sleep states (watts asleep), and the transition states a node
 * passes through to fall asleep and to wake up (a duration and the watts drawn meanwhile), which no one
 * asks for directly. Plain Java, immutable.
 */
public final class PowerStates {

    /** A power state. */
    public sealed interface State permits Computing, Sleep, Transition {
    }

    /**
     * A state in which the node runs jobs: the compute part of a job's run time is divided by
     * {@code speed} (1: as in the trace); it draws {@code idleWatts} idle and
     * {@code idleWatts + (fullWatts - idleWatts) x load} running a job.
     */
    public record Computing(double speed, double idleWatts, double fullWatts) implements State {
        public Computing {
            if (!(speed > 0) || !Double.isFinite(speed) || !(idleWatts >= 0) || !(fullWatts >= 0)
                    || !Double.isFinite(idleWatts) || !Double.isFinite(fullWatts)) {
                throw new IllegalArgumentException("a computing state needs a speed > 0 and watts >= 0");
            }
        }

        /** The watts a node in this state draws at {@code load} (0: idle, 1: full). */
        public double watts(double load) {
            return idleWatts + (fullWatts - idleWatts) * load;
        }
    }

    /** A state in which the node sleeps, drawing {@code watts}; entered through state {@code switchOff}, left through {@code switchOn}. */
    public record Sleep(double watts, int switchOff, int switchOn) implements State {
        public Sleep {
            if (!(watts >= 0) || !Double.isFinite(watts)) {
                throw new IllegalArgumentException("a sleep state needs watts >= 0");
            }
        }
    }

    /** A transition: switching takes {@code micros} and draws {@code watts}. */
    public record Transition(long micros, double watts) implements State {
        public Transition {
            if (micros < 0 || !(watts >= 0) || !Double.isFinite(watts)) {
                throw new IllegalArgumentException("a transition needs a duration and watts >= 0");
            }
        }
    }

    private final List<State> states;
    private final int firstComputing;

    /**
     * The states in pstate order.
     *
     * @throws IllegalArgumentException without a computing state, or when a sleep state's transitions
     *         are not transition states
     */
    public PowerStates(List<State> states) {
        this.states = List.copyOf(states);
        int first = -1;
        for (int i = 0; i < this.states.size(); i++) {
            State s = this.states.get(i);
            if (s instanceof Computing && first < 0) {
                first = i;
            }
            if (s instanceof Sleep sleep) {
                for (int t : new int[] {sleep.switchOff(), sleep.switchOn()}) {
                    if (t < 0 || t >= this.states.size() || !(this.states.get(t) instanceof Transition)) {
                        throw new IllegalArgumentException("sleep state " + i + " passes through state " + t
                                + ", which is not a transition state");
                    }
                }
            }
        }
        if (first < 0) {
            throw new IllegalArgumentException("no computing state");
        }
        this.firstComputing = first;
    }

    /**
     * hpcsim's configuration: computing states numbered from 0, then the sleep states, then each sleep
     * state's switching-off and switching-on transitions, in that order.
     */
    public static PowerStates of(List<Computing> computing, List<SleepSpec> sleeps) {
        List<State> all = new java.util.ArrayList<>(computing);
        int transitions = computing.size() + sleeps.size();
        for (int i = 0; i < sleeps.size(); i++) {
            all.add(new Sleep(sleeps.get(i).watts(), transitions + 2 * i, transitions + 2 * i + 1));
        }
        for (SleepSpec s : sleeps) {
            all.add(new Transition(s.offMicros(), s.offWatts()));
            all.add(new Transition(s.onMicros(), s.onWatts()));
        }
        return new PowerStates(all);
    }

    /** A sleep state as the configuration gives it: watts asleep, and the time and watts of switching off and on. */
    public record SleepSpec(double watts, long offMicros, double offWatts, long onMicros, double onWatts) {
    }

    /** How many states. */
    public int size() {
        return states.size();
    }

    /** State {@code pstate}. */
    public State get(int pstate) {
        return states.get(pstate);
    }

    /** The first computing state, which a node starts in unless told otherwise. */
    public int firstComputing() {
        return firstComputing;
    }

    /** Whether {@code pstate} is a computing state. */
    public boolean computing(int pstate) {
        return pstate >= 0 && pstate < states.size() && states.get(pstate) instanceof Computing;
    }

    /** Whether {@code pstate} is a sleep state. */
    public boolean sleep(int pstate) {
        return pstate >= 0 && pstate < states.size() && states.get(pstate) instanceof Sleep;
    }

    /** The states, in pstate order. */
    public List<State> states() {
        return states;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PowerStates p && p.states.equals(states);
    }

    @Override
    public int hashCode() {
        return states.hashCode();
    }

    @Override
    public String toString() {
        return states.toString();
    }
}
