package org.hpcsim.scheduling;

import org.hpcsim.workload.Job;

/** Decides which queued jobs start. Owns its queue; starts jobs through the context. */
public interface SchedulingPolicy {

    /** A job arrives (it fits the machine). */
    void enqueue(Job job);

    /** One scheduling pass: all arrivals and completions of this instant have been applied. */
    void schedule(SchedulingContext context);

    /** Jobs waiting. */
    int queueLength();

    /** The jobs waiting, in queue order (a copy). */
    java.util.List<Job> queued();

    /**
     * Writes what the policy's future decisions depend on (see {@link org.hpcsim.kernel.Component#writeState});
     * a policy that does not cannot take part in time-parallel windows.
     */
    default void writeState(org.hpcsim.kernel.StateDigest out) {
        throw new UnsupportedOperationException("scheduling policy " + getClass().getSimpleName()
                + " cannot fingerprint its state");
    }

    /** Whether the policy needs node power states ({@code energy.enabled}): it switches nodes or caps power. */
    default boolean needsEnergy() {
        return false;
    }
}
