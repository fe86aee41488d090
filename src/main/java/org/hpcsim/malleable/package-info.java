/**
 * Offline scheduling of rigid and malleable jobs on a line of compute and I/O nodes under the
 * contiguity and locality constraints (Bampis et al. 2020, extending Bleuse et al. 2018): instances,
 * speed-up functions, lower bounds, the 2-approximation for uniform proportional instances, the
 * LP-based algorithm for generalized instances, a schedule verifier and an exact solver for tiny
 * instances, and their CSV files. Plain Java; depends on {@code topology} (the line), {@code workload} (input errors) and
 * ojAlgo (the LPs), never on actors.
 */
package org.hpcsim.malleable;
