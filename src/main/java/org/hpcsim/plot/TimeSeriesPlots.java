package org.hpcsim.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * Charts over time: utilization and queue (from {@code timeseries.csv}), power and temperature (from
 * {@code thermal.csv}, else the room's columns of timeseries.csv) and link load (the links model's
 * columns of timeseries.csv).
 */
final class TimeSeriesPlots {
    /** Time buckets per chart: about its plot width in pixels. */
    static final int BUCKETS = 900;
    private static final BasicStroke DASHED = new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
            new float[] {6, 4}, 0);
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;

    private final RunData run;
    private final double end;
    private final TimeUnit unit;

    TimeSeriesPlots(RunData run) {
        this.run = run;
        this.end = run.end();
        this.unit = TimeUnit.forSpan(end);
    }

    private String xTitle() {
        return "time (" + unit.symbol() + ")";
    }

    private Figure figure(String title, String yTitle) {
        return new Figure(title, xTitle(), yTitle, WIDTH, HEIGHT).xRange(0, end * unit.perSecond());
    }

    private Points points(Table t, String column, double factor) {
        double[] v = t.column(column).clone();
        for (int i = 0; i < v.length; i++) {
            v[i] *= factor;
        }
        return StepSeries.of(t.column("time"), v, end, BUCKETS, unit.perSecond());
    }

    /** Why a timeseries.csv plot cannot be drawn, or null. */
    private String timeseriesMissing() {
        if (run.timeseries == null) {
            return "no timeseries.csv";
        }
        return run.timeseries.rows() == 0 ? "timeseries.csv has no rows" : null;
    }

    Plot utilization() {
        String missing = timeseriesMissing();
        if (missing != null) {
            return Plot.skip("utilization", missing);
        }
        Table t = run.timeseries;
        int nodes = run.machine.size();
        Figure f = figure("Utilization: nodes busy" + (any(t, "failed_nodes") ? ", failed" : "")
                + (any(t, "drained_nodes") ? ", drained" : ""), "utilization (% of " + Numbers.count(nodes) + " nodes)")
                .yRange(0, 100);
        f.line("busy (utilization)", points(t, "utilization", 100), Palette.SERIES[0]);
        if (any(t, "failed_nodes")) {
            f.line("failed", points(t, "failed_nodes", 100.0 / nodes), Palette.SERIES[3]);
        }
        if (any(t, "drained_nodes")) {
            f.line("drained", points(t, "drained_nodes", 100.0 / nodes), Palette.SERIES[5]);
        }
        return Plot.of("utilization", f);
    }

    /** Whether a column has a non-zero value (failed and drained nodes are drawn only then). */
    private static boolean any(Table t, String column) {
        for (double v : t.column(column)) {
            if (v != 0 && !Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }

    Plot queue() {
        String missing = timeseriesMissing();
        if (missing != null) {
            return Plot.skip("queue", missing);
        }
        Table t = run.timeseries;
        Figure f = figure("Jobs queued and running", "jobs")
                .yRange(0, Math.max(1, 1.05 * Math.max(max(t.column("queued_jobs")), max(t.column("running_jobs")))));
        f.line("queued", points(t, "queued_jobs", 1), Palette.SERIES[1]);
        f.line("running", points(t, "running_jobs", 1), Palette.SERIES[0]);
        return Plot.of("queue", f);
    }

    /**
     * The room's samples: thermal.csv when there is one (every change, and the delivered inlet too),
     * else timeseries.csv when it carries the room's columns; null without the thermal model.
     */
    private Table room() {
        if (run.thermal != null && run.thermal.rows() > 0) {
            return run.thermal;
        }
        if (run.timeseries != null && run.timeseries.defined("it_power_w")) {
            return run.timeseries;
        }
        return null;
    }

    Plot power() {
        Table t = room();
        if (t == null) {
            return Plot.skip("power", "no thermal.csv and no power columns in timeseries.csv (thermal model off)");
        }
        Figure f = figure("Power: IT load and cooling", "power (kW)")
                .yRange(0, 1.05 * Math.max(max(t.column("it_power_w")), max(t.column("cooling_power_w"))) / 1000);
        f.line("IT", points(t, "it_power_w", 0.001), Palette.SERIES[1]);
        f.line("cooling", points(t, "cooling_power_w", 0.001), Palette.SERIES[0]);
        return Plot.of("power", f);
    }

    Plot temperature() {
        Table t = room();
        if (t == null) {
            return Plot.skip("temperature", "no thermal.csv and no temperature columns in timeseries.csv (thermal model off)");
        }
        double redline = run.summary.number("thermal.redline_c");
        List<String> columns = new ArrayList<>(List.of("max_inlet_c"));
        if (t.has("max_inlet_actual_c")) {
            columns.add("max_inlet_actual_c");
        }
        if (t.defined("supply_c")) {
            columns.add("supply_c");
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.isNaN(redline) ? Double.NEGATIVE_INFINITY : redline;
        for (String c : columns) {
            lo = Math.min(lo, min(t.column(c)));
            hi = Math.max(hi, max(t.column(c)));
        }
        double pad = Math.max(0.5, 0.05 * (hi - lo));
        Figure f = figure("Room temperatures: hottest inlet and CRAC supply", "temperature (°C)")
                .yRange(Math.floor(lo - pad), Math.ceil(hi + pad));
        // The redline first, under the lines: the delivered inlet often runs right along it.
        if (!Double.isNaN(redline)) {
            f.line("redline " + Numbers.format(redline, 2) + " °C",
                    new Points(new double[] {0, end * unit.perSecond()}, new double[] {redline, redline}),
                    Color.BLACK).setLineStyle(DASHED);
        }
        boolean actual = columns.contains("max_inlet_actual_c");
        f.line(actual ? "max inlet, nominal supply" : "max inlet", points(t, "max_inlet_c", 1), Palette.SERIES[1]);
        if (actual) {
            f.line("max inlet, delivered", points(t, "max_inlet_actual_c", 1), Palette.SERIES[3]);
        }
        if (columns.contains("supply_c")) {
            f.line("CRAC supply (coldest unit)", points(t, "supply_c", 1), Palette.SERIES[0]);
        }
        return Plot.of("temperature", f);
    }

    Plot links() {
        String missing = timeseriesMissing();
        if (missing != null) {
            return Plot.skip("links", missing);
        }
        Table t = run.timeseries;
        if (!t.has("mean_link_load") || !t.has("max_link_load")) {
            return Plot.skip("links", "no link-load columns in timeseries.csv (network model is not links)");
        }
        Figure f = figure("Link load", "link load (flows)")
                .yRange(0, Math.max(1, 1.05 * max(t.column("max_link_load"))));
        f.line("max over links", points(t, "max_link_load", 1), Palette.SERIES[3]);
        f.line("mean over links", points(t, "mean_link_load", 1), Palette.SERIES[0]);
        return Plot.of("links", f);
    }

    static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double d : v) {
            if (d > m) {
                m = d;
            }
        }
        return m == Double.NEGATIVE_INFINITY ? 0 : m;
    }

    static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double d : v) {
            if (d < m) {
                m = d;
            }
        }
        return m == Double.POSITIVE_INFINITY ? 0 : m;
    }
}
