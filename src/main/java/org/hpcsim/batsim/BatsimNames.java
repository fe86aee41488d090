package org.hpcsim.batsim;

import org.hpcsim.workload.BatsimWorkloadReader;
import org.hpcsim.workload.Job;

/**
 * How hpcsim names its jobs to Batsim tools: the run's one workload is {@code w0}, as Batsim names
 * the first workload given on its command line, and a job is {@code w0!NAME}: NAME is a Batsim
 * workload's name for the job ({@code BatsimWorkloadReader.jobNames}), the trace's job id for other
 * traces. Batsim's jobs file splits the two into its {@code workload_name} and {@code job_id} columns.
 */
public final class BatsimNames {
    /** The reason hpcsim records for a job an external scheduler killed (Batsim's COMPLETED_KILLED). */
    public static final String KILLED_BY_SCHEDULER = "killed by the external scheduler (KILL_JOB)";

    /** The workload name of every job of a run. */
    public static final String WORKLOAD = BatsimWorkloadReader.WORKLOAD;

    private BatsimNames() {
    }

    /**
     * The walltime Batsim knows for a job of a trace other than a Batsim workload, in microseconds:
     * the requested time the trace gives (SWF field 9 when positive, the estimate column of other
     * formats), or -1, Batsim's "no walltime", when it gives none; never the missing-estimate rule's
     * value, which Batsim does not have. (A Batsim workload's walltime is the one its file writes.)
     */
    public static long walltime(Job job) {
        if (job.swf() != null) {
            return job.swf().requestedTime() > 0 ? job.swf().requestedTime() : -1;
        }
        return job.estimate() > 0 ? job.estimate() : -1;
    }

    /** The protocol id of a job of a trace other than a Batsim workload: {@code w0!ID}, ID its job id. */
    public static String jobId(Job job) {
        return WORKLOAD + "!" + job.id();
    }
}
