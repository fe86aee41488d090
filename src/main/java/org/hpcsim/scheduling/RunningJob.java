package org.hpcsim.scheduling;

import org.hpcsim.workload.Job;

/**
 * A started job as the scheduler knows it.
 *
 * @param job          the job
 * @param nodes        its nodes, ascending
 * @param start        start time (microseconds)
 * @param estimatedEnd start + estimate (+ its I/O time alone): when the scheduler expects its nodes back
 * @param queued       the job as it was queued: {@code job} itself unless a malleable job started on fewer
 *                     nodes than it asked for (then {@code job} has the shape it runs with)
 */
public record RunningJob(Job job, int[] nodes, long start, long estimatedEnd, Job queued) {
    /** A job that runs as it was queued. */
    public RunningJob(Job job, int[] nodes, long start, long estimatedEnd) {
        this(job, nodes, start, estimatedEnd, job);
    }
}
