/**
 * Allocation studies outside a full simulation: one stand-alone allocation ({@code hpcsim
 * allocate}) and the papers' allocation experiments. Plain Java; depends on allocation, locality,
 * registry, report (JSON), scheduling, topology and workload.
 */
package org.hpcsim.study;
