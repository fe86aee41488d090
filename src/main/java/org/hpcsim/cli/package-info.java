/**
 * The command line (picocli): {@code run}, {@code sweep}, {@code list}, {@code allocate}, {@code experiment}
 * (situation-decision, cplant, torus-schedule, torus-feasibility), {@code trace transform},
 * {@code bench} (run, threads, sweep, scaling, soak, scenarios), {@code generate}, {@code thermal},
 * {@code plot}. Maps bad input to a one-line error and exit status 2, and draws the progress lines of runs
 * and sweeps on stderr ({@code ProgressLine}, its text from {@code ProgressText}). Only parsing and
 * reporting live here, and picocli only here: the work of a command is done by its engine's package
 * ({@code org.hpcsim.bench} for {@code bench}). Option blocks that mean the same on several commands are
 * mixins ({@code RunOptions}, {@code Quiet}, {@code Force}, {@code PluginOptions}; bench's {@code JvmOptions},
 * {@code TraceCache}, {@code ScenarioOptions}). Depends on everything;
 * nothing depends on it.
 */
package org.hpcsim.cli;
