/**
 * Processor allocation: the {@link org.hpcsim.allocation.MachineState} of free and busy nodes and
 * the {@link org.hpcsim.allocation.Allocator}s that propose which nodes a job gets. Plain Java;
 * depends on topology and workload only.
 */
package org.hpcsim.allocation;
