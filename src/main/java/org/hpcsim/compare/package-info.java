/**
 * Comparison of finished runs ({@code hpcsim report}): the runs of a sweep directory or a list of run
 * directories, a table of their summary metrics per trace and machine (the best per metric marked among
 * those comparable runs only; runs differing only in their seed as one row with mean and confidence
 * interval; numbers to significant digits), and the report written as Markdown and as one
 * self-contained HTML page with their plots side by side. Reads only what runs wrote; depends on report
 * (summary.json), config (config-used.conf), plot and workload (input errors), and commons-math3
 * (Student's t).
 */
package org.hpcsim.compare;
