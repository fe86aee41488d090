/**
 * Records and outputs: the {@link org.hpcsim.report.Recorder} actor (the only writer of per-job
 * rows and of links.csv), run metrics with their locality and network means, the summary, and
 * outputs written all or nothing (files, run directories). Depends on the kernel, locality, topology and workload.
 */
package org.hpcsim.report;
