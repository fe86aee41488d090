package org.hpcsim.thermal;

/**
 * Node power (Meng et al., Section 3.3): a node draws {@code idle} watts when idle and, while running
 * a job, the mix {@code (1 - c) compute + c communication} for a job spending the share c of its run
 * time communicating. A failed node draws nothing.
 *
 * @param idle          watts of an idle node
 * @param compute       watts of a node in a computation phase
 * @param communication watts of a node in a communication phase
 * @param fraction      default communication share c of a running job
 */
public record PowerModel(double idle, double compute, double communication, double fraction) {

    /** The paper's 10-server node: 1000 / 2500 / 2000 W, 30 % communication. */
    public static final PowerModel MENG = new PowerModel(1000, 2500, 2000, 0.3);

    public PowerModel {
        if (!(idle >= 0 && compute >= 0 && communication >= 0) || Double.isInfinite(idle + compute + communication)) {
            throw new IllegalArgumentException("node power must be finite and >= 0");
        }
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("communication fraction must be in [0, 1], got " + fraction);
        }
    }

    /** Watts of a node running a job with communication share {@code c}. */
    public double busy(double c) {
        return (1 - c) * compute + c * communication;
    }

    /** Watts of a node running a job with the default communication share. */
    public double busy() {
        return busy(fraction);
    }

    /** The power a job adds to a node over idle (Meng et al.'s P_util) at the default share. */
    public double utilization() {
        return busy() - idle;
    }
}
