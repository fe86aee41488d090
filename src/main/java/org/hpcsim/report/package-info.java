/**
 * The output sinks, each a component on the ports it listens to and the writer of one output:
 * {@link org.hpcsim.report.JobsLog} (jobs.csv with the locality metrics; the run's metrics),
 * {@link org.hpcsim.report.TimeSeriesLog}, {@link org.hpcsim.report.LinksCsv},
 * {@link org.hpcsim.report.ThermalLog} (the room's files), {@link org.hpcsim.report.FailureLog},
 * {@link org.hpcsim.report.IoLog}, {@link org.hpcsim.report.BatsimJobsLog} and {@link org.hpcsim.report.EnergyLog} (energy.csv), {@link org.hpcsim.report.BatsimEnergyLog} (Batsim's energy files); run metrics with their locality and network means, and the summary (written with
 * {@link org.hpcsim.report.JsonWriter}, read back by {@link org.hpcsim.report.SummaryJson}). Depends on
 * the kernel, protocol, output (its files, written all or nothing), locality, topology, thermal,
 * workload and batsim (the formats of Batsim's jobs file); no other component package.
 */
package org.hpcsim.report;
