/**
 * The simulation kernel. Its component API is plain Java: {@link org.hpcsim.kernel.Component},
 * {@link org.hpcsim.kernel.Context}, typed {@link org.hpcsim.kernel.Address}es that only the kernel
 * makes, {@link org.hpcsim.kernel.Port}s declared by a {@link org.hpcsim.kernel.ComponentType}, and the
 * {@link org.hpcsim.kernel.Wiring} plan that adds components (assigning their ids) and connects their
 * ports. Two {@link org.hpcsim.kernel.Executor}s run a plan under the time contract (integer-microsecond
 * virtual time in (t, round) pairs, per-round delivery in (sender id, sequence) order, end-of-instant
 * and wind-down calls): {@link org.hpcsim.kernel.PekkoExecutor}, actors under a root coordinator and
 * partition managers that count messages to quiescence, and {@link org.hpcsim.kernel.SequentialExecutor},
 * one queue on one thread, the oracle. Both host components through {@code ComponentHost}. The
 * coordinator's and partition managers' rules are in Pekko-free classes ({@code CoordinatorLogic},
 * {@code PartitionLogic}) that their actors only feed, so that tests drive them under any message order.
 * Any failure ends a run with a {@link org.hpcsim.kernel.ComponentFailure} or a
 * {@link org.hpcsim.kernel.KernelFailure}; nothing waits on a dead actor. Depends on Pekko Typed only
 * (in the Pekko executor's classes); every other package may depend on it, it on none of them.
 */
package org.hpcsim.kernel;
