/**
 * The scheduler component: {@link org.hpcsim.scheduler.Scheduler} runs a {@code scheduling}
 * policy over {@code scheduling.SchedulerCore} in a simulation, keeping the state over time (pending
 * attempts, histories, counts) and leaving the arithmetic to plain classes that speak its protocols:
 * {@link org.hpcsim.scheduler.NetworkPlanner} (each start's flows and delay under a network model),
 * {@link org.hpcsim.scheduler.AttemptAccounting} (a failed attempt's work done, saved by checkpoints
 * and lost, and the job as it is requeued, by the failure fate),
 * {@link org.hpcsim.scheduler.ReroutePlan} (which running jobs a link failure or repair reroutes,
 * leaves alone or leaves without a route), {@link org.hpcsim.scheduler.JobIo} (a job's I/O node and
 * read and write phases on a line machine) and {@link org.hpcsim.scheduler.NodePower} (the watts a
 * running job's node draws). Depends on the kernel's component API, the protocols, scheduling,
 * allocation, network, failure, thermal, storage, topology and workload; no other component package.
 */
package org.hpcsim.scheduler;
