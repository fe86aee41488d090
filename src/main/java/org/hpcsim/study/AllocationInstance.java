package org.hpcsim.study;

/**
 * One stand-alone allocation problem: a machine, its busy nodes, a size and the allocator.
 *
 * @param topology  machine spec, e.g. {@code mesh:16x16}
 * @param busy      node ids already taken (any order, no repeats)
 * @param size      nodes to allocate
 * @param allocator allocator spec, e.g. {@code mm} or {@code best-fit[hilbert]}
 * @param curve     curve for allocators that take one and for the span, or null: the allocator's own
 *                  curve argument, else snake
 * @param seed      seed for allocators that draw random numbers
 */
public record AllocationInstance(String topology, int[] busy, int size, String allocator, String curve, long seed) {
}
