package org.hpcsim.plot;

import java.awt.Color;
import java.awt.Font;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
    /** The plot area's width, with its axis labels, beside the legend. */
    static final int PLOT_WIDTH = 700;
    /**
     * The legend's font: larger than a single run's plots', since up to a dozen runs are told apart by it
     * alone (the report shows these charts at their own width).
     */
    static final Font LEGEND_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 15);

    private ComparisonPlots() {
    }

    /**
     * An overlay chart and the curves in it that lie exactly on another: {@code identical} has each set
     * of runs with identical curves as "{@code a = b = c}".
     */
    public record Overlay(Path image, List<String> identical) {
    }

    /**
     * Writes {@code wait-cdf.png} and {@code slowdown-cdf.png} of the runs into {@code dir} (which
     * exists) and returns them; a run where no job ran has no curve. A curve identical to an earlier
     * run's (the same values, so the same staircase) would hide under it, so its legend entry says so.
     */
    public static List<Overlay> write(List<Path> runDirs, List<String> names, Path dir) {
        List<double[]> waits = new ArrayList<>();
        List<double[]> slowdowns = new ArrayList<>();
        for (Path run : runDirs) {
            CdfPlots cdfs = new CdfPlots(RunData.read(run).jobs);
            waits.add(cdfs.waitTimes());
            slowdowns.add(cdfs.boundedSlowdowns());
        }
        return List.of(
                overlay("Wait time: cumulative distribution per run", "wait time (s", waits, names, dir.resolve("wait-cdf.png")),
                overlay("Bounded slowdown: cumulative distribution per run", "bounded slowdown (", slowdowns, names,
                        dir.resolve("slowdown-cdf.png")));
    }

    /**
     * For each run, the index of the first earlier run with exactly the same values (in any order), or
     * -1; runs without values are never identical.
     */
    static int[] sameAs(List<double[]> values) {
        List<double[]> sorted = new ArrayList<>();
        for (double[] v : values) {
            double[] s = v.clone();
            Arrays.sort(s);
            sorted.add(s);
        }
        int[] same = new int[values.size()];
        for (int i = 0; i < same.length; i++) {
            same[i] = -1;
            for (int j = 0; j < i && same[i] < 0; j++) {
                if (sorted.get(i).length > 0 && same[j] < 0 && Arrays.equals(sorted.get(i), sorted.get(j))) {
                    same[i] = j;
                }
            }
        }
        return same;
    }

    /**
     * The legend entries: the runs' names; when some curves are identical, numbered ("1. a"), an
     * identical one saying which it lies on ("3. c (identical to 1)"), so that no curve hides unsaid.
     */
    static List<String> legend(List<String> names, int[] same) {
        boolean any = Arrays.stream(same).anyMatch(j -> j >= 0);
        List<String> legend = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            legend.add(!any ? names.get(i) : (i + 1) + ". " + names.get(i)
                    + (same[i] >= 0 ? " (identical to " + (same[i] + 1) + ")" : ""));
        }
        return legend;
    }

    /** Each set of identical curves as "a = b = c", the first run first; empty when there is none. */
    static List<String> identical(List<String> names, int[] same) {
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < same.length; i++) {
            StringBuilder g = new StringBuilder(names.get(i));
            boolean found = false;
            for (int j = i + 1; j < same.length; j++) {
                if (same[j] == i) {
                    g.append(" = ").append(names.get(j));
                    found = true;
                }
            }
            if (found) {
                groups.add(g.toString());
            }
        }
        return groups;
    }

    /**
     * One step curve per run; a log x axis from 1 once some run's values reach 100. The figure is as
     * wide as its legend needs, the plot keeping about 640 pixels.
     */
    private static Overlay overlay(String title, String xTitle, List<double[]> values, List<String> names, Path file) {
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
        int[] same = sameAs(values);
        List<String> legend = legend(names, same);
        int legendWidth = 0;
        for (String entry : legend) {
            legendWidth = Math.max(legendWidth, Figure.textWidth(entry, LEGEND_FONT));
        }
        boolean log = max >= 100;
        double from = log || min == Double.POSITIVE_INFINITY ? 1 : min;
        String unit = xTitle.endsWith("(s") ? (log ? ", log scale)" : ")") : (log ? "log scale)" : "ratio)");
        Figure f = new Figure(title, xTitle + unit, "fraction of jobs", Math.max(WIDTH, PLOT_WIDTH + legendWidth + 90),
                HEIGHT).xRange(from, max).yRange(0, 1);
        f.styler().setXAxisLogarithmic(log);
        f.styler().setLegendPosition(Styler.LegendPosition.OutsideE);
        f.styler().setLegendFont(LEGEND_FONT);
        Color[] colours = cdfs.size() <= Palette.SERIES.length ? Palette.SERIES : Palette.JOBS;
        for (int i = 0; i < cdfs.size(); i++) {
            if (cdfs.get(i) != null) {
                f.step(legend.get(i), cdfs.get(i).corners(from, CdfPlots.POINTS), colours[i % colours.length]);
            }
        }
        f.write(PlotFormat.PNG, file);
        return new Overlay(file, identical(names, same));
    }
}
