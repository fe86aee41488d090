package org.hpcsim.plot;

import java.util.List;

/**
 * Distributions over the jobs that ran: wait time and bounded slowdown, as the summary defines them
 * (wait = first start - arrival; bounded slowdown = max(1, response / max(run time, 10 s)), response =
 * end - arrival, run time that of the last attempt). Both are heavy-tailed, so the x axis is
 * logarithmic once the values span two decades above its start (1 s, or a slowdown of 1).
 */
final class CdfPlots {
    /** Corners drawn per CDF: far finer than a chart's pixels. */
    static final int POINTS = 2000;
    /** The summary's threshold: runs shorter than this count as this long. */
    static final double SLOWDOWN_THRESHOLD_S = 10;
    private static final int WIDTH = 860;
    private static final int HEIGHT = 540;

    private final Jobs jobs;

    CdfPlots(Jobs jobs) {
        this.jobs = jobs;
    }

    List<Plot> all() {
        return List.of(waitCdf(), slowdownCdf());
    }

    /** Waits (s) of the jobs that ran. */
    double[] waitTimes() {
        double[] v = new double[jobs.ranCount()];
        int k = 0;
        for (int i = 0; i < jobs.count; i++) {
            if (jobs.ran(i)) {
                v[k++] = jobs.wait[i];
            }
        }
        return v;
    }

    /** Bounded slowdowns of the jobs that ran. */
    double[] boundedSlowdowns() {
        double[] v = new double[jobs.ranCount()];
        int k = 0;
        for (int i = 0; i < jobs.count; i++) {
            if (jobs.ran(i)) {
                double arrival = jobs.firstStart[i] - jobs.wait[i];
                double response = jobs.end[i] - arrival;
                v[k++] = Math.max(1, response / Math.max(jobs.runTime[i], SLOWDOWN_THRESHOLD_S));
            }
        }
        return v;
    }

    Plot waitCdf() {
        double[] w = waitTimes();
        if (w.length == 0) {
            return Plot.skip("wait-cdf", "no job ran");
        }
        Cdf cdf = new Cdf(w);
        boolean log = cdf.max() >= 100;
        String name = Numbers.count(w.length) + " jobs that ran, mean " + Numbers.format(mean(w), 1) + " s, max "
                + Numbers.format(cdf.max(), 1) + " s";
        if (log) {
            // The log axis starts at 1 s: the share at or below it is where the curve starts.
            long atMostOne = cdf.countAtMost(1);
            name += "; " + Numbers.percent(atMostOne, w.length) + " % (" + Numbers.count(atMostOne) + ") waited ≤ 1 s";
        }
        return Plot.of("wait-cdf", figure("Wait time: cumulative distribution", "wait time (s" + (log ? ", log scale)" : ")"),
                cdf, log ? 1 : cdf.min(), log, name));
    }

    Plot slowdownCdf() {
        double[] s = boundedSlowdowns();
        if (s.length == 0) {
            return Plot.skip("slowdown-cdf", "no job ran");
        }
        Cdf cdf = new Cdf(s);
        boolean log = cdf.max() >= 100;
        String name = Numbers.count(s.length) + " jobs that ran, mean " + Numbers.format(mean(s), 3);
        return Plot.of("slowdown-cdf", figure("Bounded slowdown: cumulative distribution",
                "bounded slowdown = response / max(run time, 10 s)" + (log ? ", log scale" : ""), cdf, 1, log, name));
    }

    private static Figure figure(String title, String xTitle, Cdf cdf, double from, boolean log, String name) {
        Figure f = new Figure(title, xTitle, "fraction of jobs", WIDTH, HEIGHT).xRange(from, cdf.max()).yRange(0, 1);
        f.styler().setXAxisLogarithmic(log);
        f.styler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideSE);
        f.step(name, cdf.corners(from, POINTS), Palette.SERIES[0]);
        return f;
    }

    private static double mean(double[] v) {
        double sum = 0;
        for (double d : v) {
            sum += d;
        }
        return sum / v.length;
    }
}
