/**
 * The trace feeder: the component that streams a trace's jobs into a simulation, one bounded batch
 * at a time, and hands the scheduler the jobs never submitted when a run is stopped early. It
 * depends on the kernel's component API, the protocols and the workload; nothing here imports Pekko.
 */
package org.hpcsim.feeder;
