/**
 * Plots of a finished run, read back from its output directory: time series (utilization, queue,
 * power, temperature, link load), CDFs of wait and bounded slowdown, maps of the machine (jobs at one
 * time, busy time) and of the room's inlet temperatures, and a Gantt chart, each as PNG and SVG drawn
 * with XChart. Reads only the run's files (never the simulation's objects); depends on report (the
 * summary reader, staged output directories), topology (machine specs, node lists), thermal (room
 * layouts) and workload (input errors).
 */
package org.hpcsim.plot;
