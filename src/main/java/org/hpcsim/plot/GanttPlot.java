package org.hpcsim.plot;

import java.util.Arrays;

/**
 * Which job held which node when: time across, node ids up, one filled bar per job attempt over each
 * run of consecutive node ids it held. Only for runs small enough that a bar is still visible.
 */
final class GanttPlot {
    private static final int WIDTH = 1200;
    private static final int HEIGHT = 720;

    private GanttPlot() {
    }

    static Plot of(RunData run, int maxJobs) {
        int ran = run.jobs.ranCount();
        if (ran == 0) {
            return Plot.skip("gantt", "no job ran");
        }
        if (ran > maxJobs) {
            return Plot.skip("gantt", Numbers.count(ran) + " jobs ran, more than --gantt-max-jobs "
                    + Numbers.count(maxJobs));
        }
        Jobs.Holds h = run.jobs.holds;
        TimeUnit unit = TimeUnit.forSpan(run.end());
        double scale = unit.perSecond();
        // A job's colour follows the order of first starts, so jobs started one after another differ.
        Integer[] order = new Integer[h.count()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(h.start()[a], h.start()[b]));
        int[] colourOfJob = new int[run.jobs.count];
        Arrays.fill(colourOfJob, -1);
        int next = 0;
        int colours = Palette.JOBS.length;
        double[][] x = new double[colours][64];
        double[][] y = new double[colours][64];
        int[] size = new int[colours];
        for (int i : order) {
            int job = h.job()[i];
            if (colourOfJob[job] < 0) {
                colourOfJob[job] = next++ % colours;
            }
            int c = colourOfJob[job];
            int[] nodes = h.nodes()[i];
            for (int from = 0; from < nodes.length; ) {
                int to = from;
                while (to + 1 < nodes.length && nodes[to + 1] == nodes[to] + 1) {
                    to++;
                }
                if (size[c] + 6 > x[c].length) {
                    x[c] = Arrays.copyOf(x[c], 2 * x[c].length);
                    y[c] = Arrays.copyOf(y[c], 2 * y[c].length);
                }
                size[c] = bar(x[c], y[c], size[c], h.start()[i] * scale, h.end()[i] * scale, nodes[from],
                        nodes[to] + 1);
                from = to + 1;
            }
        }
        int nodes = run.machine.size();
        Figure f = new Figure("Jobs on nodes over time: " + Numbers.count(ran) + " jobs on " + run.machine.spec()
                + ", a colour each (colours repeat)", "time (" + unit.symbol() + ")", "node id", WIDTH, HEIGHT)
                .xRange(0, run.end() * scale).yRange(0, nodes);
        for (int c = 0; c < colours; c++) {
            if (size[c] > 0) {
                f.polygons("colour " + c, new Points(Arrays.copyOf(x[c], size[c]), Arrays.copyOf(y[c], size[c])),
                        Palette.JOBS[c]).setShowInLegend(false);
            }
        }
        return Plot.of("gantt", f);
    }

    /** Appends the rectangle [t0, t1] x [n0, n1] and a break. */
    private static int bar(double[] x, double[] y, int k, double t0, double t1, double n0, double n1) {
        double[] bx = {t0, t1, t1, t0, t0};
        double[] by = {n0, n0, n1, n1, n0};
        for (int j = 0; j < 5; j++) {
            x[k] = bx[j];
            y[k++] = by[j];
        }
        x[k] = t0;
        y[k++] = Double.NaN;
        return k;
    }
}
