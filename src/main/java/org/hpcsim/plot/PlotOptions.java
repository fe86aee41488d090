package org.hpcsim.plot;

import java.util.EnumSet;
import java.util.Set;

/**
 * What to plot and how.
 *
 * @param at           the time (s) the machine map shows; null: the busiest instant, the first with the
 *                     most nodes busy and of those the most jobs running (mid-run when no job ran)
 * @param formats      the file formats, at least one
 * @param ganttMaxJobs the Gantt chart is drawn only for runs of at most this many jobs
 */
public record PlotOptions(Double at, Set<PlotFormat> formats, int ganttMaxJobs) {
    /** Beyond this many jobs the Gantt chart's bars are thinner than a pixel. */
    public static final int DEFAULT_GANTT_MAX_JOBS = 2000;

    public PlotOptions {
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("no plot format");
        }
        formats = Set.copyOf(formats);
    }

    /** Both formats, the map at the busiest instant, the Gantt chart up to 2,000 jobs. */
    public static PlotOptions defaults() {
        return new PlotOptions(null, EnumSet.allOf(PlotFormat.class), DEFAULT_GANTT_MAX_JOBS);
    }
}
