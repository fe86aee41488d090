/**
 * Job scheduling: the queue policies (FCFS and priority orders, EASY and conservative
 * backfilling), their job comparators, and {@link org.hpcsim.scheduling.SchedulerCore}, the plain-Java
 * scheduler state they run against. Policies are plain Java (no Pekko) and depend on allocation and
 * workload; {@link org.hpcsim.scheduling.SchedulerActor} is the thin actor that runs them in a simulation,
 * with {@link org.hpcsim.scheduling.NetworkPlanner} (network, config) planning each start under a
 * network model.
 */
package org.hpcsim.scheduling;
