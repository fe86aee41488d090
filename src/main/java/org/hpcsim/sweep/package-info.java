/**
 * Sweeps: every combination of a base scenario and axes of configuration values
 * ({@link org.hpcsim.sweep.SweepPlan}), run several at once in one actor runtime, resumably, with a
 * {@code results.csv} of their summaries ({@link org.hpcsim.sweep.SweepRunner}). Depends on config,
 * kernel, registry, report and sim.
 */
package org.hpcsim.sweep;
