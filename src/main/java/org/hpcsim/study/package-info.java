/**
 * The papers' experiments: one stand-alone allocation ({@code hpcsim allocate}), the allocation
 * experiments (Bender et al.'s situations and decisions, Leung et al.'s Cplant sweep), and the ones
 * that run whole simulations (Meng et al.'s cooling, Bampis et al.'s malleable jobs online). Depends
 * on allocation, config, kernel, locality, malleable, registry, report (JSON, run metrics), scheduling,
 * sim, topology and workload. The Cplant and T3D experiments schedule on
 * {@link org.hpcsim.study.SequentialRun}, a loop over the scheduler's core that gives the simulation's
 * schedule for half the CPU time of running the simulation (its Javadoc says why it stays).
 */
package org.hpcsim.study;
