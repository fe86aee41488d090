/**
 * Soak testing: running something many times with a bounded wall-clock time per run and busy
 * threads beside it, telling hangs from failures, with a thread dump of every hang. Tooling only
 * (wall-clock time decides nothing in a simulation). Depends on the JDK alone.
 */
package org.hpcsim.soak;
