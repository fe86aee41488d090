/**
 * Job scheduling: the queue policies (FCFS and priority orders, EASY and conservative
 * backfilling), their job comparators, and {@link org.hpcsim.scheduling.SchedulerCore}, the plain-Java
 * scheduler state they run against. Policies are plain Java (no Pekko) and depend on allocation and
 * workload; {@link org.hpcsim.scheduling.SchedulerActor} is the thin actor that runs them in a simulation,
 * with {@link org.hpcsim.scheduling.NetworkPlanner} (network, config) planning each start under a
 * network model. The actor keeps the state over time (pending attempts, histories, counts) and leaves
 * the arithmetic to plain classes: {@link org.hpcsim.scheduling.AttemptAccounting} (a failed attempt's
 * work done, saved by checkpoints and lost, and the job as it is requeued, by the failure fate),
 * {@link org.hpcsim.scheduling.ReroutePlan} (which running jobs a link failure or repair reroutes, leaves
 * alone or leaves without a route), {@link org.hpcsim.scheduling.JobIo} (a job's I/O node and read and
 * write phases on a line machine, storage) and {@link org.hpcsim.scheduling.NodePower} (the watts a
 * running job's node draws, thermal).
 */
package org.hpcsim.scheduling;
