/**
 * Records and outputs: the {@link org.hpcsim.report.Recorder} actor (the only writer of per-job
 * rows), run metrics, the summary, and atomic output directories. Depends on the kernel, topology
 * and workload.
 */
package org.hpcsim.report;
