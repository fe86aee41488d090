/**
 * One simulation from a {@link org.hpcsim.config.Scenario}: {@code Simulation} scans the trace, builds
 * the machine and policies and checks every input; {@code Assembly} lays out and wires the run's
 * components (the one place they are listed and connected); an executor runs them; {@code RunSummary}
 * renders summary.json; the outputs are committed together. {@code LiveRun} drives a run from the
 * console. Depends on config, the components and the models; nothing depends on it but the commands.
 */
package org.hpcsim.sim;
