package org.hpcsim.scheduling;

import org.hpcsim.malleable.MalleableOptions;
import org.hpcsim.malleable.Speedup;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.workload.Job;

/**
 * How a job's shape and time follow from where it starts. Rigid jobs run on the nodes they ask for.
 * A malleable job (Bampis et al.) asking for Q_j nodes may start on q_j in [min, Q_j]; its load is
 * a_j = t / f(Q_j) from the trace's run time t on Q_j nodes, so on q_j nodes it runs t f(q_j) / f(Q_j),
 * and its estimate scales alike. A job that does I/O also needs its read and write time. Plain Java.
 */
public final class JobModel {
    /** Rigid jobs without I/O. */
    public static final JobModel RIGID = new JobModel(null, null, null);

    private final Speedup speedup;
    private final MalleableOptions malleable;
    private final IoAssignment io;

    /**
     * @param speedup   f, or null for rigid jobs
     * @param malleable the malleable options (min nodes), or null for rigid jobs
     * @param io        the jobs' I/O, or null when they do none
     */
    public JobModel(Speedup speedup, MalleableOptions malleable, IoAssignment io) {
        this.speedup = speedup;
        this.malleable = malleable;
        this.io = io;
    }

    /** The fewest nodes the job may start on: all it asks for when rigid. */
    public int minNodes(Job job) {
        return speedup == null ? job.nodes() : malleable.minNodes(job.nodes());
    }

    /** The job as it runs on {@code q} nodes: the same job when q is what it asked for. */
    public Job reshape(Job job, int q) {
        if (q == job.nodes()) {
            return job;
        }
        double scale = speedup.f(q) / speedup.f(job.nodes());
        long runTime = job.runTime() < 0 ? job.runTime() : Math.round(job.runTime() * scale);
        long estimate = job.estimate() < 0 ? job.estimate() : Math.round(job.estimate() * scale);
        return new Job(job.index(), job.id(), job.line(), job.submit(), job.arrival(), runTime, estimate, job.procs(), q,
                job.options(), job.swf(), job.rejectReason());
    }

    /** The job's read and write time when nothing shares its links or I/O node (0 without I/O). */
    public long ioMicros(Job job) {
        return io == null ? 0 : io.aloneMicros(io.read(job)) + io.aloneMicros(io.write(job));
    }

    /** The jobs' I/O, or null. */
    public IoAssignment io() {
        return io;
    }
}
