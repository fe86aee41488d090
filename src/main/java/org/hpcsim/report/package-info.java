/**
 * Records: the {@link org.hpcsim.report.Recorder} component (the writer of per-job rows and of the
 * run's logs), run metrics with their locality and network means, and the summary (written with
 * {@link org.hpcsim.report.JsonWriter}, read back by {@link org.hpcsim.report.SummaryJson}). Depends on
 * the kernel, protocol, output (its files, written all or nothing), locality, topology, thermal,
 * workload and batsim (the formats of Batsim's jobs file); no other component package.
 */
package org.hpcsim.report;
