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
     * A running job ended (its nodes have all reported) and {@code returned} of its nodes came back
     * free (the others failed or were drained while it ran). Told before the next pass; a policy that
     * keeps state between passes (conservative backfilling's schedule) updates it.
     */
    default void ended(RunningJob job, int returned) {
    }

    /** Nodes left or came back into service: plans made with the old node count may no longer hold. */
    default void capacityChanged() {
    }
}
