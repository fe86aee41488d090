package org.hpcsim.malleable;

/**
 * One job of an offline instance.
 *
 * @param id       the job's id (as in the instance file)
 * @param load     a_j: the execution load (malleable), or the processing time p_j (rigid)
 * @param maxNodes Q_j: the most compute nodes it may use (malleable), or exactly q_j (rigid)
 * @param io       the I/O node it needs, 0..ioCount()-1
 * @param rigid    whether q_j = Q_j is fixed and the run time is {@code load}
 */
public record MalleableJob(long id, double load, int maxNodes, int io, boolean rigid) {

    public MalleableJob {
        if (!(load > 0) || Double.isInfinite(load)) {
            throw new IllegalArgumentException("job " + id + ": the load must be positive: " + load);
        }
        if (maxNodes < 1) {
            throw new IllegalArgumentException("job " + id + ": it needs at least one node: " + maxNodes);
        }
        if (io < 0) {
            throw new IllegalArgumentException("job " + id + ": bad I/O node " + io);
        }
    }

    /** A malleable job. */
    public static MalleableJob malleable(long id, double load, int maxNodes, int io) {
        return new MalleableJob(id, load, maxNodes, io, false);
    }

    /** A rigid job of {@code nodes} nodes and run time {@code time}. */
    public static MalleableJob rigid(long id, double time, int nodes, int io) {
        return new MalleableJob(id, time, nodes, io, true);
    }

    /** The node counts it may run on: 1..Q_j, or only q_j when rigid. */
    public int minNodes() {
        return rigid ? maxNodes : 1;
    }

    /** p_j on q nodes: a_j f(q), or the fixed time of a rigid job. */
    public double time(int q, Speedup f) {
        return rigid ? load : load * f.f(q);
    }
}
