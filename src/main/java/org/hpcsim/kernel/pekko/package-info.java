/**
 * The Pekko executor: {@link org.hpcsim.kernel.pekko.PekkoExecutor} runs a wiring as actors in an
 * {@link org.hpcsim.kernel.pekko.ActorRuntime}, under a root coordinator and partition managers that count
 * messages to quiescence; components are hosted by their partition manager or are actors of their own
 * ({@code kernel.hosting}). The coordinator's and partition managers' rules are in Pekko-free classes
 * ({@code CoordinatorLogic}, {@code PartitionLogic}) that their actors only feed, so that tests drive them
 * under any message order. Depends on the kernel API and Pekko Typed.
 */
package org.hpcsim.kernel.pekko;
