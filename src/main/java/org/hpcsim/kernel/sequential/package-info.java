/**
 * The sequential executor: {@link org.hpcsim.kernel.sequential.SequentialExecutor} runs a wiring on the
 * calling thread from one queue of messages ordered by (t, round, receiver, sender id, sequence), the
 * oracle the Pekko executor is tested against. Depends on the kernel API alone.
 */
package org.hpcsim.kernel.sequential;
