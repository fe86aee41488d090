/**
 * The simulation kernel's API, free of Pekko: what components and the code that runs them use.
 * {@link org.hpcsim.kernel.Component}, {@link org.hpcsim.kernel.Context}, typed
 * {@link org.hpcsim.kernel.Address}es that only the kernel makes, {@link org.hpcsim.kernel.Port}s declared
 * by a {@link org.hpcsim.kernel.ComponentType}, the {@link org.hpcsim.kernel.Wiring} plan that adds
 * components (assigning their ids) and connects their ports, {@link org.hpcsim.kernel.KernelControl}
 * (pause, inject, stop), the run's options, statistics and failures (time is
 * {@link org.hpcsim.time.SimTime}'s integer microseconds).
 * An {@link org.hpcsim.kernel.Executor} runs a plan under the time contract (integer-microsecond virtual
 * time in (t, round) pairs, per-round delivery in (sender id, sequence) order, end-of-instant and
 * wind-down calls): {@link org.hpcsim.kernel.sequential.SequentialExecutor}, one queue on one thread, the
 * oracle; or {@link org.hpcsim.kernel.pekko.PekkoExecutor}, actors under a root coordinator and partition
 * managers. What both executors share to host a component is here too, public for them alone:
 * {@link org.hpcsim.kernel.ComponentHost} (a component's context and its calls), the
 * {@link org.hpcsim.kernel.Envelope}s and {@link org.hpcsim.kernel.KernelCommand}s it is handed, the
 * {@link org.hpcsim.kernel.Handled} answer it gives, the {@link org.hpcsim.kernel.PendingQueue} of
 * messages due, and the {@link org.hpcsim.kernel.Resume} a control sends. Depends on the JDK and {@code time}
 * alone; a test checks that no class of this package uses Pekko or an executor's package.
 */
package org.hpcsim.kernel;
