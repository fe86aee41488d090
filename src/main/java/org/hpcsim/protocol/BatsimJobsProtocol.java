package org.hpcsim.protocol;

/**
 * What Batsim's jobs file accepts (batsim_jobs.csv): the jobs' ends. Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface BatsimJobsProtocol permits Report.JobEnded {
}
