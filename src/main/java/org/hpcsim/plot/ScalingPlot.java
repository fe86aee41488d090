package org.hpcsim.plot;

import java.nio.file.Path;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The figure of {@code hpcsim bench scaling}: CPU and wall time per job of whole processes, and
 * wall time per job of the simulation alone, against the machine's nodes, both axes logarithmic, so
 * that a cost per job that does not grow with the machine is a level line and one that grows as a
 * power of it a straight slope.
 */
public final class ScalingPlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

    private ScalingPlot() {
    }

    /**
     * Writes the figure in the format to {@code file}. The arrays are one entry per machine size, in
     * increasing order of nodes; a NaN (a time the run could not give) leaves a gap.
     *
     * @param cpuUsPerJob        the process's CPU time (user + system, all threads) per job
     * @param wallUsPerJob       the process's wall time per job, JVM start included
     * @param simulationUsPerJob the simulation's own wall time per job (the run's {@code wall_clock_s})
     */
    public static void write(double[] nodes, double[] cpuUsPerJob, double[] wallUsPerJob, double[] simulationUsPerJob,
                             PlotFormat format, Path file) {
        figure(nodes, cpuUsPerJob, wallUsPerJob, simulationUsPerJob).write(format, file);
    }

    /** The figure {@link #write} writes. */
    static Figure figure(double[] nodes, double[] cpuUsPerJob, double[] wallUsPerJob, double[] simulationUsPerJob) {
        if (nodes.length == 0 || cpuUsPerJob.length != nodes.length || wallUsPerJob.length != nodes.length
                || simulationUsPerJob.length != nodes.length) {
            throw new IllegalArgumentException("three times per size, and at least one size");
        }
        Figure f = new Figure("Cost per job against the machine's size", "nodes (log scale)",
                "\u00b5s per job (log scale)", WIDTH, HEIGHT)
                .xRange(decadeBelow(nodes), decadeAbove(nodes))
                .yRange(decadeBelow(cpuUsPerJob, wallUsPerJob, simulationUsPerJob),
                        decadeAbove(cpuUsPerJob, wallUsPerJob, simulationUsPerJob));
        f.styler().setXAxisLogarithmic(true);
        f.styler().setYAxisLogarithmic(true);
        f.styler().setLegendPosition(Styler.LegendPosition.OutsideE);
        // Plain numbers (1,000 rather than 1E3) at the decades.
        f.styler().setXAxisDecimalPattern("#,##0.##");
        f.styler().setYAxisDecimalPattern("#,##0.##");
        // Few points, each a measurement: marked, not only joined.
        f.styler().setMarkerSize(8);
        marked(f.line("process CPU (user + system)", new Points(nodes.clone(), cpuUsPerJob.clone()), Palette.SERIES[0]));
        marked(f.line("process wall (JVM start included)", new Points(nodes.clone(), wallUsPerJob.clone()),
                Palette.SERIES[1]));
        marked(f.line("simulation wall", new Points(nodes.clone(), simulationUsPerJob.clone()), Palette.SERIES[2]));
        return f;
    }

    private static void marked(XYSeries s) {
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(s.getLineColor());
    }

    /**
     * The power of ten at or below the smallest positive value (1 when there is none): a logarithmic
     * axis labels only its powers of ten, so each axis spans whole decades.
     */
    private static double decadeBelow(double[]... values) {
        double min = Double.POSITIVE_INFINITY;
        for (double[] v : values) {
            for (double x : v) {
                if (x > 0 && x < min) {
                    min = x;
                }
            }
        }
        return min == Double.POSITIVE_INFINITY ? 1 : Math.pow(10, Math.floor(Math.log10(min)));
    }

    /** The power of ten at or above the largest finite value, and above {@link #decadeBelow}. */
    private static double decadeAbove(double[]... values) {
        double max = 0;
        for (double[] v : values) {
            for (double x : v) {
                if (Double.isFinite(x) && x > max) {
                    max = x;
                }
            }
        }
        double below = decadeBelow(values);
        double above = max > 0 ? Math.pow(10, Math.ceil(Math.log10(max))) : 10;
        return Math.max(above, below * 10);
    }
}
