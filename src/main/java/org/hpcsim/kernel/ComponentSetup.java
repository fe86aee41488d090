package org.hpcsim.kernel;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * What the kernel gives a component actor at creation: its component id, its place in its
 * partition, the partition manager it answers to, and the master seed of its random stream.
 */
public record ComponentSetup(int id, int localIndex, ActorRef<PartitionCommand> manager, long masterSeed) {
}
