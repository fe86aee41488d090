/**
 * Plots of a finished run, read back from its output directory: time series (utilization, queue,
 * power, temperature, link load; a long run's per window of time; the run's events marked), CDFs of
 * wait and bounded slowdown, maps of the machine (jobs at one time, busy time; down and drained nodes
 * marked) and of the room's inlet temperatures, and a Gantt chart (whole, or a window of time), each as
 * PNG and SVG drawn with XChart; the overlays a comparison draws; and {@code bench scaling}'s cost per job
 * against the machine's size (from the figures it is given). Reads only the run's files (never the simulation's objects); depends on report (the
 * summary reader), output (staged output directories), topology (machine specs, node lists), thermal (room
 * layouts) and workload (input errors).
 */
package org.hpcsim.plot;
