package org.hpcsim.scheduling;

import org.hpcsim.workload.Job;

/**
 * A started job as the scheduler knows it.
 *
 * @param job          the job
 * @param nodes        its nodes, ascending
 * @param start        start time (microseconds)
 * @param estimatedEnd start + estimate: when the scheduler expects its nodes back
 */
public record RunningJob(Job job, int[] nodes, long start, long estimatedEnd) {
}
