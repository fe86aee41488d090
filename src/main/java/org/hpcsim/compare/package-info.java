/**
 * Comparison of finished runs ({@code hpcsim report}): the runs of a sweep directory or a list of run
 * directories, a table of their summary metrics with the best per metric marked, and the report
 * written as Markdown and as one self-contained HTML page with their plots side by side. Reads only
 * what runs wrote; depends on report (summary.json), plot and workload (input errors).
 */
package org.hpcsim.compare;
