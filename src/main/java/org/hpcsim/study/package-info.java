/**
 * Allocation studies outside a full simulation: one stand-alone allocation ({@code hpcsim
 * allocate}) and the papers' allocation experiments. Plain Java; depends on allocation, config,
 * kernel, locality, malleable, registry, report (JSON, run metrics), scheduling, sim, topology and
 * workload.
 */
package org.hpcsim.study;
