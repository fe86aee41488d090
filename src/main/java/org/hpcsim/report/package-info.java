/**
 * Records and outputs: the {@link org.hpcsim.report.Recorder} component (the writer of per-job
 * rows and of the run's logs), run metrics with their locality and network means, the summary, and
 * outputs written all or nothing (files, run directories). Depends on the kernel, protocol, locality, topology, thermal,
 * workload and batsim (the formats of Batsim's jobs file).
 */
package org.hpcsim.report;
