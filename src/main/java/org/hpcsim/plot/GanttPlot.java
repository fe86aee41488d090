package org.hpcsim.plot;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Which job held which node when: time across, node ids up, one filled bar per job attempt over each
 * run of consecutive node ids it held, and under the bars the stretches of time nodes were down
 * (black) or drained (grey). A run of at most {@code --gantt-max-jobs} jobs is drawn whole; a larger
 * one, whose bars would be thinner than a pixel, in a window of time: the one asked for
 * ({@code --gantt-window}), else the first that holds that many jobs, from the first start until the
 * next job starts. The title says which window was drawn.
 */
final class GanttPlot {
    private static final int WIDTH = 1200;
    private static final int HEIGHT = 720;
    private static final String WINDOW = "--gantt-window";

    private GanttPlot() {
    }

    /** The time drawn, {@code [from, to)} (s), and how it was chosen (null: the whole run). */
    private record Span(double from, double to, String why) {
        /**
         * Whether a hold or period {@code [start, end]} shows in the span: it overlaps it, or, taking no
         * time, lies in it.
         */
        boolean shows(double start, double end) {
            return start < to && (end > from || start >= from);
        }
    }

    static Plot of(RunData run, PlotOptions options) {
        int ran = run.jobs.ranCount();
        if (ran == 0) {
            return Plot.skip("gantt", "no job ran");
        }
        Jobs.Holds h = run.jobs.holds;
        Span span;
        if (options.ganttWindow() != null) {
            span = new Span(options.ganttWindow().from(), options.ganttWindow().to(), WINDOW);
        } else if (ran <= options.ganttMaxJobs()) {
            span = new Span(0, run.end(), null);
        } else if (options.ganttMaxJobs() == 0) {
            return Plot.skip("gantt", "--gantt-max-jobs 0");
        } else {
            span = firstWindow(h, run.jobs.count, options.ganttMaxJobs());
            if (span == null) {
                return Plot.skip("gantt", "more than --gantt-max-jobs " + Numbers.count(options.ganttMaxJobs())
                        + " jobs start at the first start; give --gantt-window");
            }
        }
        // The attempts drawn, in the order they started: a job's colour follows the order of first
        // starts, so jobs started one after another differ.
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < h.count(); i++) {
            if (span.shows(h.start()[i], h.end()[i])) {
                shown.add(i);
            }
        }
        if (shown.isEmpty()) {
            TimeUnit named = TimeUnit.forSpan(span.to());
            return Plot.skip("gantt", "no job ran from " + named.format(span.from()) + " to " + named.format(span.to())
                    + " (" + span.why() + ")");
        }
        shown.sort((a, b) -> Double.compare(h.start()[a], h.start()[b]));
        TimeUnit unit = TimeUnit.forSpan(span.to() - span.from());
        double scale = unit.perSecond();
        int[] colourOfJob = new int[run.jobs.count];
        Arrays.fill(colourOfJob, -1);
        int next = 0;
        int jobs = 0;
        int colours = Palette.JOBS.length;
        Bars[] bars = new Bars[colours];
        for (int c = 0; c < colours; c++) {
            bars[c] = new Bars();
        }
        for (int i : shown) {
            int job = h.job()[i];
            if (colourOfJob[job] < 0) {
                colourOfJob[job] = next++ % colours;
                jobs++;
            }
            Bars b = bars[colourOfJob[job]];
            int[] nodes = h.nodes()[i];
            for (int from = 0; from < nodes.length; ) {
                int to = from;
                while (to + 1 < nodes.length && nodes[to + 1] == nodes[to] + 1) {
                    to++;
                }
                b.add(clip(h.start()[i], span) * scale, clip(h.end()[i], span) * scale, nodes[from], nodes[to] + 1);
                from = to + 1;
            }
        }
        Bars down = new Bars();
        Bars drained = new Bars();
        int nodes = run.machine.size();
        // Periods of consecutive nodes from and to the same times (a drain of a range) as one bar.
        List<NodeStates.Period> periods = new ArrayList<>(NodeStates.periods(run.eventsCsv(), nodes, run.end()));
        periods.removeIf(p -> !span.shows(p.from(), p.to()));
        periods.sort(Comparator.comparing(NodeStates.Period::failed).thenComparingDouble(NodeStates.Period::from)
                .thenComparingDouble(NodeStates.Period::to).thenComparingInt(NodeStates.Period::node));
        for (int i = 0; i < periods.size(); ) {
            NodeStates.Period p = periods.get(i);
            int j = i + 1;
            while (j < periods.size() && periods.get(j).failed() == p.failed() && periods.get(j).from() == p.from()
                    && periods.get(j).to() == p.to() && periods.get(j).node() == p.node() + (j - i)) {
                j++;
            }
            (p.failed() ? down : drained).add(clip(p.from(), span) * scale, clip(p.to(), span) * scale, p.node(),
                    p.node() + (j - i));
            i = j;
        }
        TimeUnit named = TimeUnit.forSpan(span.to());
        String what = span.why() == null ? Numbers.count(ran) + " jobs"
                : Numbers.count(jobs) + " of " + Numbers.count(ran) + " jobs, " + named.format(span.from()) + " to "
                        + named.format(span.to()) + " (" + span.why() + ")";
        Figure f = new Figure("Jobs on nodes over time: " + what + " on " + run.machine.spec()
                + ", a colour each (colours repeat)", "time (" + unit.symbol() + ")", "node id", WIDTH, HEIGHT)
                .xRange(span.from() * scale, span.to() * scale).yRange(0, nodes);
        // Drained under down: a node drained and then failed shows as down.
        drained.draw(f, "drained", Palette.DRAINED, true);
        down.draw(f, "node down", Palette.FAILED, true);
        for (int c = 0; c < colours; c++) {
            bars[c].draw(f, "colour " + c, Palette.JOBS[c], false);
        }
        String note = span.why() == null ? null : what + (span.why().equals(WINDOW) ? ""
                : "; --gantt-window FROM..TO for another window");
        return Plot.of("gantt", f, note);
    }

    /**
     * The first window holding at most {@code maxJobs} jobs: from the first start to the first start
     * of the job after the first {@code maxJobs} (in the order of their first starts; jobs starting
     * together with it are left out too); null when that job starts at the first start.
     */
    private static Span firstWindow(Jobs.Holds h, int jobCount, int maxJobs) {
        double[] first = new double[jobCount];
        Arrays.fill(first, Double.NaN);
        for (int i = 0; i < h.count(); i++) {
            int job = h.job()[i];
            first[job] = Double.isNaN(first[job]) ? h.start()[i] : Math.min(first[job], h.start()[i]);
        }
        double[] starts = Arrays.stream(first).filter(t -> !Double.isNaN(t)).sorted().toArray();
        double from = starts[0];
        double to = starts[maxJobs];
        return to > from ? new Span(from, to, "from the first start, at most --gantt-max-jobs " + Numbers.count(maxJobs))
                : null;
    }

    private static double clip(double t, Span span) {
        return Math.max(span.from(), Math.min(span.to(), t));
    }

    /** Rectangles of one colour, as one series of polygons separated by breaks. */
    private static final class Bars {
        double[] x = new double[64];
        double[] y = new double[64];
        int size;

        /** The rectangle [t0, t1] x [n0, n1] and a break. */
        void add(double t0, double t1, double n0, double n1) {
            if (size + 6 > x.length) {
                x = Arrays.copyOf(x, 2 * x.length);
                y = Arrays.copyOf(y, 2 * y.length);
            }
            double[] bx = {t0, t1, t1, t0, t0};
            double[] by = {n0, n0, n1, n1, n0};
            for (int j = 0; j < 5; j++) {
                x[size] = bx[j];
                y[size++] = by[j];
            }
            x[size] = t0;
            y[size++] = Double.NaN;
        }

        void draw(Figure f, String name, Color colour, boolean inLegend) {
            if (size > 0) {
                f.polygons(name, new Points(Arrays.copyOf(x, size), Arrays.copyOf(y, size)), colour)
                        .setShowInLegend(inLegend);
            }
        }
    }
}
