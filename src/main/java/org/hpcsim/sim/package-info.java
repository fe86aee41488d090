/**
 * Assembles one simulation from a {@link org.hpcsim.config.Scenario}: scans the trace, builds the
 * machine and policies, registers every component actor with the kernel, runs it and commits the
 * outputs. Depends on every model package; nothing depends on it but the CLI.
 */
package org.hpcsim.sim;
