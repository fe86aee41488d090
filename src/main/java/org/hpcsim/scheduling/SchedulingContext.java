package org.hpcsim.scheduling;

/** What a scheduling policy sees and may do during one pass. */
public interface SchedulingContext {

    /** Current time (microseconds). */
    long now();

    /** Nodes in the machine. */
    int totalNodes();

    /** Nodes free right now. */
    int freeNodes();

    /** Running jobs in order of estimated end, then job index. */
    Iterable<RunningJob> running();

    /**
     * How many of the running job's nodes become free when it ends: all of them, except nodes that
     * failed or were drained while it ran.
     */
    default int released(RunningJob job) {
        return job.nodes().length;
    }

    /**
     * Asks the allocator to place the job now; if it can, the allocation is committed and the job
     * starts. Returns whether it started.
     */
    boolean tryStart(org.hpcsim.workload.Job job);
}
