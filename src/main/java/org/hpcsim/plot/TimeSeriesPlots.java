package org.hpcsim.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * Charts over time: utilization and queue (from {@code timeseries.csv}), power and temperature (from
 * {@code thermal.csv}, else the room's columns of timeseries.csv) and link load (the links model's
 * columns of timeseries.csv).
 *
 * <p>A run of a few days is drawn as it was (its steps, or each of about {@link #BUCKETS} spans of time
 * as its lowest and highest value). A longer run drawn so would be a barcode of peaks and troughs, so
 * from {@link #MIN_WINDOWS} hours on each series is reduced to one value per window of time, the
 * longest of an hour, 6 hours, a day and a week that still gives at least {@value #MIN_WINDOWS}
 * windows: the mean over the window, and for a series that is itself a maximum (the hottest inlet, the
 * most loaded link) the highest value in it, so that a peak is not averaged away. The legend entries
 * and the time axis say which.
 *
 * <p>The run's events are marked on every chart (see {@link EventMarks}).
 */
final class TimeSeriesPlots {
    /** Time buckets per chart: about its plot width in pixels. */
    static final int BUCKETS = 900;
    private static final BasicStroke DASHED = new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
            new float[] {6, 4}, 0);
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;

    /** A run spanning at least this many hours has its series drawn per window. */
    static final int MIN_WINDOWS = 100;

    /** The windows a long run's series are reduced over (s), shortest first, and their adjectives. */
    private static final double[] WINDOWS = {3600, 6 * 3600, 86400, 7 * 86400};
    private static final String[] WINDOW_NAMES = {"hourly", "6-hourly", "daily", "weekly"};

    private final RunData run;
    private final EventMarks marks;
    private final double end;
    private final TimeUnit unit;
    /** Index into {@link #WINDOWS}, or -1 when the series are drawn as they are. */
    private final int window;

    TimeSeriesPlots(RunData run) {
        this.run = run;
        this.marks = EventMarks.read(run.eventsCsv());
        this.end = run.end();
        this.unit = TimeUnit.forSpan(end);
        this.window = window(end);
    }

    /** The window for a run of {@code span} seconds (an index into WINDOWS), or -1 for none. */
    static int window(double span) {
        int w = -1;
        for (int i = 0; i < WINDOWS.length; i++) {
            if (span / WINDOWS[i] >= MIN_WINDOWS) {
                w = i;
            }
        }
        return w;
    }

    private String xTitle() {
        return "time (" + unit.symbol() + ")" + (window < 0 ? "" : ", " + WINDOW_NAMES[window] + " windows");
    }

    private Figure figure(String title, String yTitle) {
        return new Figure(title, xTitle(), yTitle, WIDTH, HEIGHT).xRange(0, end * unit.perSecond());
    }

    /** A series' legend entry: its name, and when drawn per window, which reduction ("daily mean"). */
    private String name(String name, boolean peak) {
        return window < 0 ? name : name + ", " + WINDOW_NAMES[window] + (peak ? " max" : " mean");
    }

    /** A column's points, times {@code factor}; {@code peak}: the column is a maximum (see the class). */
    private Points points(Table t, String column, double factor, boolean peak) {
        double[] v = t.column(column).clone();
        for (int i = 0; i < v.length; i++) {
            v[i] *= factor;
        }
        return window < 0 ? StepSeries.of(t.column("time"), v, end, BUCKETS, unit.perSecond())
                : StepSeries.windowed(t.column("time"), v, end, WINDOWS[window], peak, unit.perSecond());
    }

    /** The plot of a figure with its data drawn, the run's events marked over it. */
    private Plot marked(String name, Figure f) {
        marks.draw(f, end, unit.perSecond());
        return Plot.of(name, f);
    }

    /** The largest value drawn (0 for none). */
    private static double max(Points... series) {
        double m = 0;
        for (Points p : series) {
            m = Math.max(m, max(p.y()));
        }
        return m;
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
        f.line(name("busy (utilization)", false), points(t, "utilization", 100, false), Palette.SERIES[0]);
        if (any(t, "failed_nodes")) {
            f.line(name("failed", false), points(t, "failed_nodes", 100.0 / nodes, false), Palette.SERIES[3]);
        }
        if (any(t, "drained_nodes")) {
            f.line(name("drained", false), points(t, "drained_nodes", 100.0 / nodes, false), Palette.SERIES[5]);
        }
        return marked("utilization", f);
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
        Points queued = points(t, "queued_jobs", 1, false);
        Points running = points(t, "running_jobs", 1, false);
        Figure f = figure("Jobs queued and running", "jobs").yRange(0, Math.max(1, 1.05 * max(queued, running)));
        f.line(name("queued", false), queued, Palette.SERIES[1]);
        f.line(name("running", false), running, Palette.SERIES[0]);
        return marked("queue", f);
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
        Points it = points(t, "it_power_w", 0.001, false);
        Points cooling = points(t, "cooling_power_w", 0.001, false);
        Figure f = figure("Power: IT load and cooling", "power (kW)").yRange(0, 1.05 * max(it, cooling));
        f.line(name("IT", false), it, Palette.SERIES[1]);
        f.line(name("cooling", false), cooling, Palette.SERIES[0]);
        return marked("power", f);
    }

    /** The nodes' power by their power states (energy.enabled), with the room's cooling and the sum when modelled. */
    Plot nodePower() {
        String missing = energyMissing();
        if (missing != null) {
            return Plot.skip("node-power", missing);
        }
        Table t = run.timeseries;
        Points nodes = points(t, "node_power_w", 0.001, false);
        boolean room = t.has("total_power_w") && t.defined("cooling_power_w");
        Points cooling = room ? points(t, "cooling_power_w", 0.001, false) : null;
        Points total = room ? points(t, "total_power_w", 0.001, false) : null;
        Figure f = figure(room ? "Power: nodes (by power state), cooling and IT + cooling" : "Power: nodes (by power"
                + " state)", "power (kW)").yRange(0, 1.05 * (room ? max(nodes, total) : max(nodes)));
        f.line(name("nodes", false), nodes, Palette.SERIES[1]);
        if (room) {
            f.line(name("cooling", false), cooling, Palette.SERIES[0]);
            f.line(name("IT + cooling", false), total, Palette.SERIES[3]);
        }
        return marked("node-power", f);
    }

    /** The nodes' power states over time: computing, asleep, switching (energy.enabled). */
    Plot nodeStates() {
        String missing = energyMissing();
        if (missing != null) {
            return Plot.skip("node-states", missing);
        }
        Table t = run.timeseries;
        int n = run.machine.size();
        Figure f = figure("Node states: computing, asleep, switching", "nodes (% of " + Numbers.count(n) + ")")
                .yRange(0, 100);
        f.line(name("computing (busy)", false), points(t, "utilization", 100, false), Palette.SERIES[0]);
        f.line(name("asleep", false), points(t, "sleeping_nodes", 100.0 / n, false), Palette.SERIES[2]);
        f.line(name("switching", false), points(t, "switching_nodes", 100.0 / n, false), Palette.SERIES[3]);
        return marked("node-states", f);
    }

    /** Why the energy plots cannot be drawn, or null. */
    private String energyMissing() {
        String missing = timeseriesMissing();
        if (missing != null) {
            return missing;
        }
        return run.timeseries.has("node_power_w") ? null
                : "no power-state columns in timeseries.csv (energy.enabled off)";
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
        boolean actual = columns.contains("max_inlet_actual_c");
        Points inlet = points(t, "max_inlet_c", 1, true);
        Points delivered = actual ? points(t, "max_inlet_actual_c", 1, true) : null;
        Points supply = columns.contains("supply_c") ? points(t, "supply_c", 1, false) : null;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.isNaN(redline) ? Double.NEGATIVE_INFINITY : redline;
        for (Points p : new Points[] {inlet, delivered, supply}) {
            if (p != null && p.y().length > 0) {
                lo = Math.min(lo, min(p.y()));
                hi = Math.max(hi, max(p.y()));
            }
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
        f.line(name(actual ? "max inlet, nominal supply" : "max inlet", true), inlet, Palette.SERIES[1]);
        if (actual) {
            f.line(name("max inlet, delivered", true), delivered, Palette.SERIES[3]);
        }
        if (supply != null) {
            f.line(name("CRAC supply (coldest unit)", false), supply, Palette.SERIES[0]);
        }
        return marked("temperature", f);
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
        Points most = points(t, "max_link_load", 1, true);
        Points mean = points(t, "mean_link_load", 1, false);
        Figure f = figure("Link load", "link load (flows)").yRange(0, Math.max(1, 1.05 * max(most, mean)));
        f.line(name("max over links", true), most, Palette.SERIES[3]);
        f.line(name("mean over links", false), mean, Palette.SERIES[0]);
        return marked("links", f);
    }

    /** The largest value, NaN left out; 0 for none. */
    static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double d : v) {
            if (d > m) {
                m = d;
            }
        }
        return m == Double.NEGATIVE_INFINITY ? 0 : m;
    }

    /** The smallest value, NaN left out; 0 for none. */
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
