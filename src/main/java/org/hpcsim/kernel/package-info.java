/**
 * The simulation kernel: integer-microsecond virtual time in (t, round) pairs, per-round delivery in
 * (sender component id, sender sequence) order, counted quiescence through partition managers, the
 * root coordinator, and the {@link org.hpcsim.kernel.ComponentActor} base class every model actor
 * extends. The coordinator's and partition managers' rules (what is pending where, kept exactly per
 * pair of partitions; see {@code CoordinatorLogic}) are in Pekko-free classes that the actors
 * {@code Coordinator} and {@code PartitionManager} only feed, so that tests can drive them under any
 * message order. Any failure ends a run with a {@link org.hpcsim.kernel.ComponentFailure} or a
 * {@link org.hpcsim.kernel.KernelFailure}; nothing waits on a dead actor. It depends on Pekko Typed
 * only; models depend on it, never the other way round.
 */
package org.hpcsim.kernel;
