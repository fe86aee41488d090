package org.hpcsim.scheduling;

import org.hpcsim.workload.JobStatus;

/**
 * A policy that hears what the scheduler hears between its passes, and may decide more than which
 * queued job starts (an external scheduler): through its {@link SchedulingContext} it starts jobs on
 * nodes of its choosing, rejects or kills jobs, and asks to be called again later. The scheduler
 * tells it each event at the instant it learns of it, in the order it learns of them; the next
 * pass follows once the instant's events have all been applied.
 *
 * <p>A reactive policy that can no longer go on throws {@link SchedulingAbortedException} from any of
 * these calls or from its pass: the run stops as a stop from outside does, and its outputs are
 * marked incomplete.
 */
public interface ReactivePolicy extends SchedulingPolicy {

    /**
     * A started job ended at {@code time}: its nodes have all reported (ran to its end, killed at its
     * estimate or by a {@link SchedulingContext#kill}, or cut short by a failure, as {@code status}
     * and {@code reason} say).
     */
    void jobEnded(RunningJob job, JobStatus status, String reason, long time);

    /** Nodes left service (failed or drained) at {@code time}: no job may start on them. */
    void nodesUnavailable(int[] nodes, long time);

    /** Nodes came back into service at {@code time}. */
    void nodesAvailable(int[] nodes, long time);

    /** No job arrives after the ones already enqueued. */
    void traceEnded(long time);

    /** A call asked for with {@link SchedulingContext#callAt} is due. */
    void called(long time);

    /** The run is about to end at {@code time} (nothing else can happen); no pass follows. */
    void runEnds(long time);

    /** Every node of a power-state request has reached {@code pstate} at {@code time} (Batsim's RESOURCE_STATE_CHANGED). */
    default void powerStateChanged(int[] nodes, int pstate, long time) {
    }
}
