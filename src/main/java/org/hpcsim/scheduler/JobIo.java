package org.hpcsim.scheduler;

import org.hpcsim.protocol.NodeProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.workload.Job;

/**
 * A started job's I/O on a line machine: the I/O node it uses and how long its read (at its start) and
 * write (at its end) phases take alone. Plain Java; the scheduler keeps one per running job.
 *
 * @param ioNode     the job's I/O node, -1 when it moves no data
 * @param readAlone  microseconds of its read phase alone
 * @param writeAlone microseconds of its write phase alone
 */
public record JobIo(int ioNode, long readAlone, long writeAlone) {

    /** A job that moves no data. */
    public static final JobIo NONE = new JobIo(-1, 0, 0);

    /**
     * The I/O of {@code job} started on {@code nodes} (ascending): its own I/O node, else the nearest;
     * {@link #NONE} without I/O nodes ({@code io} null) or when it reads and writes nothing.
     */
    public static JobIo of(IoAssignment io, Job job, int[] nodes) {
        if (io == null) {
            return NONE;
        }
        long read = io.aloneMicros(io.read(job));
        long write = io.aloneMicros(io.write(job));
        return read + write > 0 ? new JobIo(io.ioOf(job, nodes), read, write) : NONE;
    }

    /** Whether the job moves data. */
    public boolean any() {
        return ioNode >= 0;
    }

    /** Its read and write phases' time alone (0 without I/O): what nodes without a flow add to the run. */
    public long aloneTime() {
        return readAlone + writeAlone;
    }

    /** The lead's flow carrying the job's I/O streams (phases over the line's links), or {@code flow} itself without I/O. */
    public NodeProtocol.Flow flow(NodeProtocol.Flow flow, NetworkPlanner network, int[] nodes) {
        if (!any()) {
            return flow;
        }
        NodeProtocol.IoPhases phases = network.io(nodes, ioNode, readAlone, writeAlone);
        return new NodeProtocol.Flow(flow.nodes(), flow.links(), flow.weights(), flow.c(), flow.tau(),
                phases);
    }

    /**
     * The record of the job's I/O once it ended (it moves data): the bytes, and each phase's time as the
     * lead measured it under contention ({@code contention}, with a links plan), else its time alone.
     *
     * @param plan       the job's network plan, or null
     * @param contention what the lead reported, or null
     */
    public Report.IoEnded ended(IoAssignment io, Job job, NetworkPlanner.Plan plan,
                                          SchedulerProtocol.Contention contention) {
        boolean measured = contention != null && plan != null && plan.flow() != null;
        return new Report.IoEnded(job, ioNode, io.read(job), io.write(job),
                measured ? contention.readTime() : readAlone, measured ? contention.writeTime() : writeAlone);
    }
}
