package org.hpcsim.scheduling;

/** What a scheduling policy sees and may do during one pass. */
public interface SchedulingContext {

    /** Current time (microseconds). */
    long now();

    /** Nodes in the machine. */
    int totalNodes();

    /** Nodes free right now. */
    int freeNodes();

    /** Whether the node is free: in service, awake and running no job. */
    default boolean isFree(int node) {
        throw new UnsupportedOperationException("this context does not tell nodes apart");
    }

    /** The lowest free node at or above {@code from}, or -1: the free nodes by increasing id. */
    default int nextFree(int from) {
        throw new UnsupportedOperationException("this context does not tell nodes apart");
    }

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

    /** The nodes the allocator would give the job now, without starting it; null when it cannot place it. */
    default int[] propose(org.hpcsim.workload.Job job) {
        throw new UnsupportedOperationException("this context proposes no allocation");
    }

    /**
     * Starts a queued job on the given nodes, as a {@link ReactivePolicy} decided (an external
     * scheduler's allocation), bypassing the allocator.
     *
     * @throws IllegalArgumentException saying why the nodes cannot take the job: one is out of range,
     *         busy, failed or drained, or they are too many or too few for it
     */
    default void start(org.hpcsim.workload.Job job, int[] nodes) {
        throw new UnsupportedOperationException("this scheduler takes no explicit allocations");
    }

    /** Rejects a queued job: it never runs, and ends with status rejected. */
    default void reject(org.hpcsim.workload.Job job, String reason) {
        throw new UnsupportedOperationException("this scheduler rejects no queued job");
    }

    /**
     * Kills a running job on every one of its nodes; when they have all stopped it ends killed, with
     * {@code reason}. Returns false if the job is not running (it already ended).
     */
    default boolean kill(int jobIndex, String reason) {
        throw new UnsupportedOperationException("this scheduler kills no job");
    }

    /** Asks for a {@link ReactivePolicy#called} call at {@code time} (not before now). */
    default void callAt(long time) {
        throw new UnsupportedOperationException("this scheduler makes no calls");
    }

    /**
     * Asks for the nodes to move to power state {@code pstate} (Batsim's SET_RESOURCE_STATE): idle nodes
     * switch off to a sleep state, sleeping nodes switch on to a computing state, idle nodes change
     * computing state at once; switches take their transition's time.
     *
     * @throws IllegalArgumentException saying why the request cannot be carried out (nothing changes)
     */
    default void setPowerState(int[] nodes, int pstate) {
        throw new UnsupportedOperationException("this scheduler changes no power state");
    }

    /**
     * The nodes' power states and the energy drawn so far, or null when energy is not modelled. Read
     * it; change states through {@link #setPowerState}.
     */
    default org.hpcsim.energy.PowerLedger energy() {
        return null;
    }
}
