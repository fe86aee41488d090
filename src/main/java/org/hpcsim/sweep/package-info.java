/**
 * Sweeps: every combination of a base scenario and axes of configuration values
 * ({@link org.hpcsim.sweep.SweepPlan}), run several at once in one actor runtime, resumably, with a
 * {@code results.csv} of their summaries ({@link org.hpcsim.sweep.SweepRunner}), and each run's plots
 * when {@code output.plots} is on. Depends on config, kernel, plot, registry, report and sim.
 */
package org.hpcsim.sweep;
