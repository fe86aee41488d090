/**
 * Sweeps: every combination of a base scenario and axes of configuration values
 * ({@link org.hpcsim.sweep.SweepPlan}), run several at once in one actor runtime, resumably, with a
 * {@code results.csv} of their summaries ({@link org.hpcsim.sweep.SweepRunner}), and each run's plots
 * when {@code output.plots} is on; {@link org.hpcsim.sweep.SweepRunner#status} tells a display how far
 * each run has got. A {@link org.hpcsim.sweep.Shard} is a part of a sweep's runs, for a batch system's
 * job array, and {@link org.hpcsim.sweep.SweepRunner#collect} merges the shards' runs. Depends on config, kernel, output, plot, registry, report, sim and workload.
 */
package org.hpcsim.sweep;
