package org.hpcsim.scheduler;

import org.hpcsim.thermal.PowerModel;

/**
 * The watts a node running a job draws, set when the job starts: the power model's mix for the default
 * communication share, or under a network model the job's own share of its stretched run time,
 * {@code c tau / ((1 - c) + c tau)} (Meng et al.'s Eq. 2). Plain Java.
 */
public final class NodePower {
    private final PowerModel power;
    private final double c;

    /** Whether nodes draw modelled power (a modelled room), which the scheduler then reports. */
    boolean modelled() {
        return power != null;
    }

    /**
     * @param power the node power model of a modelled room, or null (nodes then draw 0 W)
     * @param c     the network model's communication share (used for jobs with a network plan)
     */
    public NodePower(PowerModel power, double c) {
        this.power = power;
        this.c = c;
    }

    /** Watts of a node of a job started under {@code plan} (null without a network model). */
    public double watts(NetworkPlanner.Plan plan) {
        return plan == null ? watts() : watts(plan.tau());
    }

    /** Watts of a node of a job without a network model: the power model's mix for the default share. */
    public double watts() {
        return power == null ? 0 : power.busy();
    }

    /** Watts of a node of a job whose network plan has the delay factor {@code tau}. */
    public double watts(double tau) {
        if (power == null) {
            return 0;
        }
        double comm = c * tau;
        // c = 1 and tau = 0 leave no time at all; the job's share is then the network model's own.
        return 1 - c + comm > 0 ? power.busy(comm / (1 - c + comm)) : power.busy(c);
    }
}
