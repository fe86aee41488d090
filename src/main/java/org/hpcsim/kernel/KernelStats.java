package org.hpcsim.kernel;

/**
 * What the kernel did in one run.
 *
 * @param endTime        virtual time of the last instant (microseconds)
 * @param instants       distinct virtual instants visited
 * @param rounds         rounds run (including end-of-instant rounds)
 * @param messages       simulation messages delivered to components
 * @param events         handler invocations: messages delivered plus end-of-instant calls
 * @param activations    times a component was woken (one per component per round it took part in)
 * @param actorMessages  all Pekko messages exchanged, simulation and kernel control together
 */
public record KernelStats(long endTime, long instants, long rounds, long messages, long events, long activations,
                          long actorMessages) {
}
