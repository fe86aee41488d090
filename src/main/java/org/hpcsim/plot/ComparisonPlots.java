package org.hpcsim.plot;

import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.style.Styler;

/**
 * Charts that put several runs on one set of axes, for a comparison: the distributions of wait time
 * and of bounded slowdown, one curve per run, as each run's own {@code wait-cdf} and {@code slowdown-cdf}
 * draw them.
 */
public final class ComparisonPlots {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;

    private ComparisonPlots() {
    }

    /**
     * Writes {@code wait-cdf.png} and {@code slowdown-cdf.png} of the runs into {@code dir} (which
     * exists) and returns them; a run where no job ran has no curve.
     */
    public static List<Path> write(List<Path> runDirs, List<String> names, Path dir) {
        List<double[]> waits = new ArrayList<>();
        List<double[]> slowdowns = new ArrayList<>();
        for (Path run : runDirs) {
            CdfPlots cdfs = new CdfPlots(RunData.read(run).jobs);
            waits.add(cdfs.waitTimes());
            slowdowns.add(cdfs.boundedSlowdowns());
        }
        Path wait = dir.resolve("wait-cdf.png");
        Path slowdown = dir.resolve("slowdown-cdf.png");
        overlay("Wait time: cumulative distribution per run", "wait time (s", waits, names).write(PlotFormat.PNG, wait);
        overlay("Bounded slowdown: cumulative distribution per run", "bounded slowdown (", slowdowns, names)
                .write(PlotFormat.PNG, slowdown);
        return List.of(wait, slowdown);
    }

    /** One step curve per run; a log x axis from 1 once some run's values reach 100. */
    private static Figure overlay(String title, String xTitle, List<double[]> values, List<String> names) {
        double max = 1;
        double min = Double.POSITIVE_INFINITY;
        List<Cdf> cdfs = new ArrayList<>();
        for (double[] v : values) {
            Cdf cdf = v.length == 0 ? null : new Cdf(v);
            cdfs.add(cdf);
            if (cdf != null) {
                max = Math.max(max, cdf.max());
                min = Math.min(min, cdf.min());
            }
        }
        boolean log = max >= 100;
        double from = log || min == Double.POSITIVE_INFINITY ? 1 : min;
        String unit = xTitle.endsWith("(s") ? (log ? ", log scale)" : ")") : (log ? "log scale)" : "ratio)");
        Figure f = new Figure(title, xTitle + unit, "fraction of jobs", WIDTH, HEIGHT).xRange(from, max).yRange(0, 1);
        f.styler().setXAxisLogarithmic(log);
        f.styler().setLegendPosition(Styler.LegendPosition.OutsideE);
        Color[] colours = cdfs.size() <= Palette.SERIES.length ? Palette.SERIES : Palette.JOBS;
        for (int i = 0; i < cdfs.size(); i++) {
            if (cdfs.get(i) != null) {
                f.step(names.get(i), cdfs.get(i).corners(from, CdfPlots.POINTS), colours[i % colours.length]);
            }
        }
        return f;
    }
}
