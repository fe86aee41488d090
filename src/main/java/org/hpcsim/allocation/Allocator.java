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
     * The job started on {@code nodes} (what {@link #allocate} proposed, now committed). Allocators that
     * hold more than compute nodes (a line's I/O nodes) take them here; others ignore it.
     */
    default void started(Job job, int[] nodes) {
    }

    /** The job's nodes were given back (it ended, failed or was killed). */
    default void ended(Job job, int[] nodes) {
    }
}
