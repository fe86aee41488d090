package org.hpcsim.plot;

import java.util.EnumSet;
import java.util.Set;

/**
 * What to plot and how.
 *
 * @param at           the time (s) the machine map shows; null: the busiest instant, the first with the
 *                     most nodes busy and of those the most jobs running (mid-run when no job ran)
 * @param formats      the file formats, at least one
 * @param ganttMaxJobs the Gantt chart shows the whole run when at most this many jobs ran, else a window
 *                     of time holding at most this many (0: no Gantt chart)
 * @param ganttWindow  the window of time the Gantt chart shows whatever the number of jobs, or null
 */
public record PlotOptions(Double at, Set<PlotFormat> formats, int ganttMaxJobs, Window ganttWindow) {
    /** Beyond this many jobs the Gantt chart's bars are thinner than a pixel. */
    public static final int DEFAULT_GANTT_MAX_JOBS = 2000;

    /** A window of time {@code [from, to)} in seconds, {@code from < to}. */
    public record Window(double from, double to) {
        public Window {
            if (!(from >= 0 && from < to)) {
                throw new IllegalArgumentException("a window runs from a time >= 0 to a later one, got " + from
                        + " s to " + to + " s");
            }
        }
    }

    public PlotOptions {
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("no plot format");
        }
        formats = Set.copyOf(formats);
    }

    /** Without a Gantt window. */
    public PlotOptions(Double at, Set<PlotFormat> formats, int ganttMaxJobs) {
        this(at, formats, ganttMaxJobs, null);
    }

    /** Both formats, the map at the busiest instant, the Gantt chart of up to 2,000 jobs. */
    public static PlotOptions defaults() {
        return new PlotOptions(null, EnumSet.allOf(PlotFormat.class), DEFAULT_GANTT_MAX_JOBS);
    }
}
