/**
 * Batsim's formats as hpcsim reads and writes them: interval sets of resource ids, job names, the
 * jobs file evalys loads ({@link org.hpcsim.batsim.BatsimJobsCsv}), and platform files' compute hosts
 * with their power states ({@link org.hpcsim.batsim.BatsimPlatform}, read with the JDK's XML parser).
 * Batsim's JSON workloads are read by {@code workload.BatsimWorkloadReader}, beside the other trace
 * readers. Depends on {@code workload}, {@code energy} (power states) and {@code time}.
 */
package org.hpcsim.batsim;
