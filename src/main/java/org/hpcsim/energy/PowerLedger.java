package org.hpcsim.energy;

import org.hpcsim.time.SimTime;

/**
 * Every node's power state over time and the energy it has drawn: a node is idle or computing in a
 * computing state, switching off, asleep, switching on, or down (failed, drawing nothing). Its energy
 * is integrated from time 0 at the watts of each state it was in: a computing state's idle watts, or
 * with a job {@code idle + (full - idle) x load}; a sleep state's watts; a transition's watts. Plain
 * Java; the scheduler drives it, and a change may be dated in the past (a job's end reaches the
 * scheduler after the nodes' report latency), never before the node's previous change.
 */
public final class PowerLedger {

    /** What a node is doing, as Batsim's machine states count it (and down, which Batsim has not). */
    public enum Mode { IDLE, COMPUTING, SWITCHING_OFF, SLEEPING, SWITCHING_ON, DOWN }

    private final PowerStates[] states;
    private final double load;
    private final int[] pstate;
    /** The computing state a node left to sleep or fail, which it returns to when it comes back. */
    private final int[] computing;
    private final Mode[] mode;
    private final long[] since;
    private final double[] watts;
    private final double[] joules;
    private final int[] counts = new int[Mode.values().length];
    /** The nodes in each mode, so that a policy finds the idle or sleeping ones without reading every node. */
    private final java.util.BitSet[] inMode = new java.util.BitSet[Mode.values().length];
    private double totalWatts;

    /**
     * {@code states}: each node's power states (one object may serve every node); every node starts idle
     * in computing state {@code initial}; a running job loads its nodes by {@code load} (0 to 1).
     *
     * @throws IllegalArgumentException when {@code initial} is not a computing state of some node
     */
    public PowerLedger(PowerStates[] states, int initial, double load) {
        int n = states.length;
        this.states = states.clone();
        this.load = load;
        this.pstate = new int[n];
        this.computing = new int[n];
        this.mode = new Mode[n];
        this.since = new long[n];
        this.watts = new double[n];
        this.joules = new double[n];
        for (int i = 0; i < n; i++) {
            if (!states[i].computing(initial)) {
                throw new IllegalArgumentException("pstate " + initial + " is not a computing state of node " + i);
            }
            pstate[i] = initial;
            computing[i] = initial;
            mode[i] = Mode.IDLE;
            watts[i] = ((PowerStates.Computing) states[i].get(initial)).idleWatts();
            totalWatts += watts[i];
        }
        counts[Mode.IDLE.ordinal()] = n;
        for (Mode m : Mode.values()) {
            inMode[m.ordinal()] = new java.util.BitSet(n);
        }
        inMode[Mode.IDLE.ordinal()].set(0, n);
    }

    /** The lowest node at or above {@code from} in mode {@code m}, or -1: nodes in a mode by increasing id. */
    public int next(Mode m, int from) {
        return inMode[m.ordinal()].nextSetBit(from);
    }

    /** Nodes. */
    public int size() {
        return mode.length;
    }

    /** The node's power states. */
    public PowerStates states(int node) {
        return states[node];
    }

    /** What the node is doing. */
    public Mode mode(int node) {
        return mode[node];
    }

    /** Nodes doing {@code m} now. */
    public int count(Mode m) {
        return counts[m.ordinal()];
    }

    /** The node's pstate: its computing or sleep state, or during a switch the state it is switching to. */
    public int pstate(int node) {
        return pstate[node];
    }

    /** The node's computing state (the last one, while it sleeps, switches or is down). */
    public int computingState(int node) {
        return computing[node];
    }

    /** When the node last changed mode or state (for an idle node: since when it is idle). */
    public long since(int node) {
        return since[node];
    }

    /** The speed of the node's computing state (the last one, while it sleeps or is down). */
    public double speed(int node) {
        return ((PowerStates.Computing) states[node].get(computing[node])).speed();
    }

    /** The watts the node draws now. */
    public double watts(int node) {
        return watts[node];
    }

    /** The watts all nodes draw now. */
    public double totalWatts() {
        return totalWatts;
    }

    /** The watts a node of a job draws in computing state {@code pstate} of node {@code node}. */
    public double jobWatts(int node, int pstate) {
        return ((PowerStates.Computing) states[node].get(pstate)).watts(load);
    }

    /** A job starts on the node at {@code t} (a node down without the scheduler knowing yet stays down). */
    public void jobStarts(int node, long t) {
        if (mode[node] == Mode.DOWN) {
            return;
        }
        requireMode(node, Mode.IDLE, "start a job");
        change(node, Mode.COMPUTING, jobWatts(node, pstate[node]), t);
    }

    /**
     * The node stopped the job it ran since {@code start}, at {@code t} (its end or abort); returns the
     * joules the job drew on it (0 on a node that was down).
     */
    public double jobEnds(int node, long start, long t) {
        if (mode[node] != Mode.COMPUTING) {
            return 0;
        }
        double drawn = watts[node] * SimTime.toSeconds(t - start);
        change(node, Mode.IDLE, idleWatts(node, pstate[node]), t);
        return drawn;
    }

    /** The idle node moves to computing state {@code target} at once (no transition between computing states). */
    public void setComputing(int node, int target, long t) {
        requireMode(node, Mode.IDLE, "change its computing state");
        pstate[node] = target;
        computing[node] = target;
        change(node, Mode.IDLE, idleWatts(node, target), t);
    }

    /** The idle node starts switching off to sleep state {@code sleep} at {@code t}; returns how long it takes. */
    public long switchOff(int node, int sleep, long t) {
        requireMode(node, Mode.IDLE, "switch off");
        PowerStates.Transition off = transition(node, ((PowerStates.Sleep) states[node].get(sleep)).switchOff());
        pstate[node] = sleep;
        change(node, Mode.SWITCHING_OFF, off.watts(), t);
        return off.micros();
    }

    /** The node's switch off is over at {@code t}: it sleeps. */
    public void switchedOff(int node, long t) {
        requireMode(node, Mode.SWITCHING_OFF, "fall asleep");
        change(node, Mode.SLEEPING, ((PowerStates.Sleep) states[node].get(pstate[node])).watts(), t);
    }

    /** The sleeping node starts waking up into computing state {@code target} at {@code t}; returns how long it takes. */
    public long switchOn(int node, int target, long t) {
        requireMode(node, Mode.SLEEPING, "switch on");
        PowerStates.Transition on = transition(node, ((PowerStates.Sleep) states[node].get(pstate[node])).switchOn());
        pstate[node] = target;
        computing[node] = target;
        change(node, Mode.SWITCHING_ON, on.watts(), t);
        return on.micros();
    }

    /** The node's switch on is over at {@code t}: it is idle in its computing state. */
    public void switchedOn(int node, long t) {
        requireMode(node, Mode.SWITCHING_ON, "wake up");
        change(node, Mode.IDLE, idleWatts(node, pstate[node]), t);
    }

    /** The node failed at {@code t}: it draws nothing until repaired; a switch under way is abandoned. */
    public void down(int node, long t) {
        if (mode[node] != Mode.DOWN) {
            change(node, Mode.DOWN, 0, t);
        }
    }

    /** The node was repaired at {@code t}: it is idle in the computing state it had before. */
    public void up(int node, long t) {
        if (mode[node] == Mode.DOWN) {
            pstate[node] = computing[node];
            change(node, Mode.IDLE, idleWatts(node, computing[node]), t);
        }
    }

    /** All nodes' joules from time 0 to {@code t}. */
    public double totalJoules(long t) {
        double sum = 0;
        for (double j : joules(t)) {
            sum += j;
        }
        return sum;
    }

    /**
     * The least all nodes could draw in their current states (Batsim's wattmin: each at an epsilon
     * load): a computing state's idle watts, a sleep state's or a transition's watts, nothing when down.
     */
    public double wattMin() {
        double sum = 0;
        for (int i = 0; i < mode.length; i++) {
            sum += switch (mode[i]) {
                case IDLE, COMPUTING -> idleWatts(i, pstate[i]);
                case SWITCHING_OFF, SWITCHING_ON, SLEEPING, DOWN -> watts[i];
            };
        }
        return sum;
    }

    /** Each node's joules from time 0 to {@code t} (not before any change). */
    public double[] joules(long t) {
        double[] j = new double[joules.length];
        for (int i = 0; i < j.length; i++) {
            j[i] = joules[i] + watts[i] * SimTime.toSeconds(t - since[i]);
        }
        return j;
    }

    private double idleWatts(int node, int p) {
        return ((PowerStates.Computing) states[node].get(p)).idleWatts();
    }

    private PowerStates.Transition transition(int node, int p) {
        return (PowerStates.Transition) states[node].get(p);
    }

    private void requireMode(int node, Mode expected, String what) {
        if (mode[node] != expected) {
            throw new IllegalStateException("node " + node + " cannot " + what + ": it is "
                    + mode[node].name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
        }
    }

    private void change(int node, Mode next, double w, long t) {
        if (t < since[node]) {
            throw new IllegalStateException("node " + node + " changes at " + t + ", before its last change at "
                    + since[node]);
        }
        joules[node] += watts[node] * SimTime.toSeconds(t - since[node]);
        since[node] = t;
        totalWatts += w - watts[node];
        watts[node] = w;
        counts[mode[node].ordinal()]--;
        counts[next.ordinal()]++;
        inMode[mode[node].ordinal()].clear(node);
        inMode[next.ordinal()].set(node);
        mode[node] = next;
    }
}
