package org.hpcsim.protocol;

/**
 * What the jobs sink accepts (jobs.csv and the run's metrics): the jobs' ends, the attempts a
 * failure cut short (their node time), the room's samples (each job's cooling power). Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface JobsProtocol permits Report.JobEnded, Report.AttemptEnded, Report.ThermalSample {
}
