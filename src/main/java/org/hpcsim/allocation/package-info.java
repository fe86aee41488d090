/**
 * Processor allocation: the {@link org.hpcsim.allocation.MachineState} of free and busy nodes and
 * the {@link org.hpcsim.allocation.Allocator}s that propose which nodes a job gets. Plain Java;
 * depends on topology, workload, thermal (the heat model the cooling-aware allocators read) and storage
 * (the I/O nodes {@code ContiguousLocalAllocator} places jobs beside), with
 * Commons Math (MPIT's LP) and ojAlgo (the exact MIP).
 */
package org.hpcsim.allocation;
