package org.hpcsim.allocation;

import org.hpcsim.workload.Job;

/**
 * Chooses nodes for a job. Like SST's {@code Allocator::allocate}, it proposes an allocation and
 * commits nothing: the caller commits it with {@link MachineState#allocate}. Deterministic; ties
 * are broken by the lowest node id (or rank).
 */
public interface Allocator {

    /**
     * Proposes {@code nodes} free nodes for the job, in ascending node id order (the order tasks map
     * to nodes), or returns null when it cannot place the job now. {@code job} is null for a
     * stand-alone allocation ({@code hpcsim allocate}); allocators must not need it.
     */
    int[] allocate(Job job, int nodes);

    /**
     * Writes what the allocator's future proposals depend on beyond the machine's state (which the
     * scheduler writes): nothing for an allocator whose every field follows from the free nodes;
     * one with a history of its own (a random stream, free lists in release order) cannot take part
     * in time-parallel windows unless it writes it.
     */
    default void writeState(org.hpcsim.kernel.StateDigest out) {
        throw new UnsupportedOperationException("allocator " + getClass().getSimpleName()
                + " cannot fingerprint its state");
    }

    /**
     * The job started on {@code nodes} (what {@link #allocate} proposed, now committed). Allocators that
     * hold more than compute nodes (a line's I/O nodes) take them here; others ignore it.
     */
    default void started(Job job, int[] nodes) {
    }

    /** The job's nodes were given back (it ended, failed or was killed). */
    default void ended(Job job, int[] nodes) {
    }
}
