/**
 * Job scheduling policies: the queue policies (FCFS and priority orders, EASY and conservative
 * backfilling), their job comparators, {@link org.hpcsim.scheduling.ReactivePolicy} (a policy told of
 * every arrival and end, as an external scheduler is), and {@link org.hpcsim.scheduling.SchedulerCore},
 * the plain-Java scheduler state they run against, with {@link org.hpcsim.scheduling.JobModel} (how
 * long a job runs on the nodes it gets); the core also carries out power-state requests on the nodes'
 * {@code energy.PowerLedger}. Plain Java (no Pekko, no protocol); depends on allocation, malleable and
 * storage (a job's speed-up and I/O), energy (power states), workload and simulated time (time). The
 * component that runs a policy in a simulation is {@code scheduler.Scheduler}.
 */
package org.hpcsim.scheduling;
