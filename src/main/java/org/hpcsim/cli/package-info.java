/**
 * The command line (picocli): {@code run}, {@code sweep}, {@code list}, {@code allocate}, {@code experiment}
 * (situation-decision, cplant, torus-schedule, torus-feasibility), {@code trace transform},
 * {@code bench}, {@code generate}, {@code thermal}, {@code plot}. Maps bad input to a one-line error
 * and exit status 2, and draws the progress lines of runs and sweeps on stderr ({@code ProgressLine}, its
 * text from {@code ProgressText}). Depends on everything; nothing depends on it.
 */
package org.hpcsim.cli;
