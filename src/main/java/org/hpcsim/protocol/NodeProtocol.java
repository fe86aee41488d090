package org.hpcsim.protocol;

import org.hpcsim.workload.JobStatus;

/**
 * The node protocol: what a compute node accepts. Each record says who sends it to whom.
 */
public sealed interface NodeProtocol {

    /**
     * Scheduler -> ComputeNode: run job {@code jobIndex} for {@code runTime} microseconds, killing
     * it at {@code limit} if it runs that long. One instance is shared by all the job's nodes when
     * {@code flow} is null; under the links model the lead's carries the flow and the others' say
     * {@code follower}: they wait for the lead's {@link JobOver}. While it runs the node draws
     * {@code watts} (reported to the thermal actor when the room is modelled).
     */
    /**
     * Scheduler -> ComputeNode, in a modelled room with node power states: the node's power state changed;
     * from now on it draws {@code watts} while it runs no job (reported at once if it runs none).
     */
    public record Draw(double watts) implements NodeProtocol {
    }

    public record StartJob(int jobIndex, long runTime, long limit, Flow flow, boolean follower, double watts)
            implements NodeProtocol {
        /** A self-timed start (no links model). */
        public StartJob(int jobIndex, long runTime, long limit, double watts) {
            this(jobIndex, runTime, limit, null, false, watts);
        }
    }

    /**
     * What the lead of a job needs under the links model.
     *
     * @param nodes   the job's nodes (the lead first or not; the lead skips itself)
     * @param links   link ids the job's flows cross, ascending
     * @param weights the job's flow weight on each of them
     * @param c       communication fraction
     * @param tau     delay factor
     * @param io      the job's I/O streams (a line with I/O nodes), or null when it does no I/O
     * @param speed   the speed of its nodes' computing power state (the slowest), which divides the compute part
     */
    public record Flow(int[] nodes, int[] links, long[] weights, double c, double tau, IoPhases io, double speed) {
        /** A flow without I/O. */
        public Flow(int[] nodes, int[] links, long[] weights, double c, double tau) {
            this(nodes, links, weights, c, tau, null);
        }

        /** A flow on nodes that compute at the trace's speed. */
        public Flow(int[] nodes, int[] links, long[] weights, double c, double tau, IoPhases io) {
            this(nodes, links, weights, c, tau, io, 1);
        }

        /** The same flow over other links (a reroute); its I/O and speed stay. */
        public Flow withLinks(int[] links, long[] weights) {
            return new Flow(nodes, links, weights, c, tau, io, speed);
        }

        /** The same flow on nodes whose power state runs the compute part at {@code speed}. */
        public Flow withSpeed(double speed) {
            return new Flow(nodes, links, weights, c, tau, io, speed);
        }
    }

    /**
     * A job's I/O on a line: before computing it reads, after it writes, each phase a fluid flow over
     * the links between its I/O node and its nodes and over the I/O node itself (a pseudo-link after the
     * network's links, served by an I/O node actor), at a rate 1/sigma of its time alone.
     *
     * @param links   link ids (the I/O node's pseudo-link last), ascending
     * @param weights the job's streams on each
     * @param read    the read phase's time alone, microseconds (0: none)
     * @param write   the write phase's time alone, microseconds (0: none)
     */
    public record IoPhases(int[] links, long[] weights, long read, long write) {
    }

    /** ComputeNode -> itself: the job's time on this node is up, if {@code version} is still its latest start. */
    public record RunEnds(int jobIndex, int version) implements NodeProtocol {
    }

    /**
     * Kernel (a scenario event) -> ComputeNode: the node fails now; {@code cause} is what events.csv
     * names as the cause ({@code scenario}).
     */
    public record Fail(String cause) implements NodeProtocol {
    }

    /** Kernel (a scenario event) -> ComputeNode: the node is repaired now. */
    public record Repair(String cause) implements NodeProtocol {
    }

    /** Kernel -> ComputeNode, at the start of a run under a stochastic failure model: start failing on its own. */
    public record StartFailures() implements NodeProtocol {
    }

    /** ComputeNode -> itself: a drawn failure (or repair) is due, if {@code version} is still the latest draw. */
    public record FailureDue(int version, boolean repair) implements NodeProtocol {
    }

    /**
     * Scheduler -> ComputeNode: stop job {@code jobIndex} (another of its nodes failed, or its route
     * was lost) and report it with {@code NodeAborted}; ignored if the node no longer runs it.
     */
    public record Abort(int jobIndex) implements NodeProtocol {
    }

    /** Scheduler -> lead ComputeNode (links model): the job's flows now cross these links (a link failed or came back). */
    public record Reroute(int jobIndex, Flow flow) implements NodeProtocol {
    }

    /** Lead ComputeNode -> itself: the job ends now if {@code version} is still the latest prediction. */
    public record PredictedEnd(int jobIndex, int version) implements NodeProtocol {
    }

    /**
     * Link (or I/O node) -> lead ComputeNode: link {@code link}, the {@code position}-th of the flow the lead
     * joined it with as {@code epoch}, now carries {@code total}, of which {@code own} is the job's. Sent when
     * the job first joins, when the total rises above what the link last told the job, on every change
     * while the lead watches the link, and in answer to {@link LinkProtocol.Watch} and
     * {@link LinkProtocol.Refresh} (see {@link org.hpcsim.link.SharedChannel}).
     */
    public record LinkShare(int jobIndex, int link, int position, int epoch, long total, long own) implements NodeProtocol {
    }

    /** Lead ComputeNode -> follower ComputeNode: the job ended with {@code status}. */
    public record JobOver(int jobIndex, JobStatus status) implements NodeProtocol {
    }
}
