/**
 * Batsim's formats as hpcsim reads and writes them: interval sets of resource ids, job names, the
 * jobs file evalys loads ({@link org.hpcsim.batsim.BatsimJobsCsv}). Batsim's JSON workloads are read
 * by {@code workload.BatsimWorkloadReader}, beside the other trace readers. Depends on
 * {@code workload}, and on {@code kernel} for time only.
 */
package org.hpcsim.batsim;
