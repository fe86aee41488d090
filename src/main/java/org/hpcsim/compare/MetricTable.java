package org.hpcsim.compare;

import com.typesafe.config.Config;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The summary metrics of comparable runs side by side: runs of one trace on one machine (a run of
 * another trace or machine did other work, so its numbers rank nothing). Runs that differ only in
 * their seed are one row, a mean with its 95 % confidence interval (see {@link MeanInterval}). Values
 * are rounded to significant digits ({@link SignificantDigits}); for each metric the rows that do
 * best, judged on the values as shown. Only metrics some run has a value for are shown (a thermal
 * column appears only when some run modelled the room).
 */
public final class MetricTable {

    /** Which way a metric improves. */
    public enum Better { LOWER, HIGHER }

    /** A column: its summary.json key, its heading with the unit, and which way it improves. */
    public record Metric(String key, String heading, Better better) {
    }

    /**
     * The metrics a comparison shows, in column order: locality and the network's stretch first, as what
     * sets allocators apart (a wide table scrolls, and what comes first shows without scrolling).
     */
    public static final List<Metric> METRICS = List.of(
            new Metric("locality.mean.avg_pairwise_hops", "mean avg pairwise hops", Better.LOWER),
            new Metric("locality.mean.components", "mean components", Better.LOWER),
            new Metric("network.mean_dilation", "mean dilation", Better.LOWER),
            new Metric("network.mean_sigma", "mean stretch sigma", Better.LOWER),
            new Metric("jobs_completed", "completed jobs", Better.HIGHER),
            new Metric("jobs_killed", "killed jobs", Better.LOWER),
            new Metric("jobs_failed", "failed jobs", Better.LOWER),
            new Metric("makespan_s", "makespan (s)", Better.LOWER),
            new Metric("mean_wait_s", "mean wait (s)", Better.LOWER),
            new Metric("max_wait_s", "max wait (s)", Better.LOWER),
            new Metric("mean_response_s", "mean response (s)", Better.LOWER),
            new Metric("mean_bounded_slowdown", "mean bounded slowdown", Better.LOWER),
            new Metric("utilization", "utilization (fraction)", Better.HIGHER),
            new Metric("thermal.it_energy_kwh", "IT energy (kWh)", Better.LOWER),
            new Metric("thermal.cooling_energy_kwh", "cooling energy (kWh)", Better.LOWER),
            new Metric("thermal.peak_inlet_actual_c", "peak inlet (°C)", Better.LOWER),
            new Metric("thermal.redline_violation_s", "over redline (s)", Better.LOWER),
            new Metric("failures.lost_node_hours", "lost node-hours", Better.LOWER),
            new Metric("io.mean_io_s", "mean I/O time (s)", Better.LOWER));

    /** What identifies a run's configuration, shown before the metrics. */
    public static final List<Metric> SCENARIO = List.of(
            new Metric("trace", "trace", null),
            new Metric("machine", "machine", null),
            new Metric("scheduler", "scheduler", null),
            new Metric("allocator", "allocator", null),
            new Metric("seed", "seed", null));

    /** What makes runs comparable: the same trace on the same machine. */
    static final List<String> COMPARABLE_BY = List.of("trace", "machine");

    /** A row: one run, or runs that differ only in their seed, shown under one name. */
    public record Row(String name, List<ComparedRun> runs) {
    }

    /**
     * A value as shown: the number (rounded) that ranks it, its text ({@code mean ± half-width} for
     * a row of several runs, with {@code (n = k)} when only k of them have a value), or null for none.
     */
    record Cell(BigDecimal shown, String text) {
    }

    private final List<Row> rows;
    private final List<Metric> metrics;
    private final Map<Metric, List<Cell>> cells = new LinkedHashMap<>();

    private MetricTable(List<Row> rows, List<Metric> metrics) {
        this.rows = rows;
        this.metrics = metrics;
        for (Metric m : metrics) {
            List<Cell> column = new ArrayList<>(rows.size());
            for (Row r : rows) {
                column.add(cell(r, m));
            }
            cells.put(m, column);
        }
    }

    /**
     * The tables of these runs, one per trace and machine in the order they first appear, each with
     * the metrics at least one of its runs has a value for.
     *
     * @throws org.hpcsim.workload.InputException if a run's config-used.conf is not valid HOCON
     */
    public static List<MetricTable> of(List<ComparedRun> runs) {
        Map<List<String>, List<ComparedRun>> groups = new LinkedHashMap<>();
        for (ComparedRun r : runs) {
            List<String> key = new ArrayList<>();
            for (String k : COMPARABLE_BY) {
                key.add(r.summary().text(k));
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        List<MetricTable> tables = new ArrayList<>();
        for (List<ComparedRun> group : groups.values()) {
            List<Metric> shown = new ArrayList<>();
            for (Metric m : METRICS) {
                if (group.stream().anyMatch(r -> r.summary().text(m.key()) != null)) {
                    shown.add(m);
                }
            }
            tables.add(new MetricTable(List.copyOf(rows(group)), List.copyOf(shown)));
        }
        return List.copyOf(tables);
    }

    /**
     * The runs as rows: runs whose settings (config-used.conf but the seed, outputs and kernel) are
     * equal form one row, in the order of its first run; a run without config-used.conf is a row of
     * its own.
     */
    private static List<Row> rows(List<ComparedRun> runs) {
        List<Config> settings = new ArrayList<>();
        List<List<ComparedRun>> members = new ArrayList<>();
        for (ComparedRun r : runs) {
            Config s = r.settings();
            int at = s == null ? -1 : settings.indexOf(s);
            if (at < 0) {
                settings.add(s);
                members.add(new ArrayList<>(List.of(r)));
            } else {
                members.get(at).add(r);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (List<ComparedRun> m : members) {
            rows.add(new Row(rowName(m), List.copyOf(m)));
        }
        return rows;
    }

    /**
     * A row's name: its run's name; for several runs their common name without its seed (a sweep's
     * labels {@code a=1,seed=1} and {@code a=1,seed=2} give {@code a=1}), else their names joined.
     */
    private static String rowName(List<ComparedRun> runs) {
        if (runs.size() == 1) {
            return runs.get(0).name();
        }
        Set<String> stripped = new LinkedHashSet<>();
        for (ComparedRun r : runs) {
            stripped.add(r.name().replaceAll(",seed=[^,]*", ""));
        }
        if (stripped.size() == 1 && !stripped.iterator().next().startsWith("seed=")) {
            return stripped.iterator().next();
        }
        return String.join(", ", runs.stream().map(ComparedRun::name).toList());
    }

    private static Cell cell(Row row, Metric m) {
        List<BigDecimal> values = new ArrayList<>();
        String text = null;
        for (ComparedRun r : row.runs()) {
            String t = r.summary().text(m.key());
            BigDecimal v = SignificantDigits.parse(t);
            if (v != null) {
                values.add(v);
                text = t;
            }
        }
        if (values.isEmpty()) {
            return new Cell(null, null);
        }
        if (row.runs().size() == 1) {
            return new Cell(SignificantDigits.round(values.get(0)), SignificantDigits.format(text));
        }
        MeanInterval ci = MeanInterval.of(values);
        return new Cell(SignificantDigits.round(BigDecimal.valueOf(ci.mean())),
                ci.text() + (values.size() < row.runs().size() ? " (n = " + values.size() + ")" : ""));
    }

    /** The rows, in the order of their first run. */
    public List<Row> rows() {
        return rows;
    }

    /** Every run of the table. */
    public List<ComparedRun> runs() {
        return rows.stream().flatMap(r -> r.runs().stream()).toList();
    }

    public List<Metric> metrics() {
        return metrics;
    }

    /** Whether some row stands for several runs (then the table has a column n). */
    public boolean aggregated() {
        return rows.stream().anyMatch(r -> r.runs().size() > 1);
    }

    /** The value as shown, or null when no run of the row has one. */
    public String text(int row, Metric m) {
        return cells.get(m).get(row).text();
    }

    /**
     * A scenario field of a row: its runs' distinct values joined ({@code 1, 2} for the seeds of a
     * row of seeds), or null when none has one.
     */
    public String scenario(int row, Metric m) {
        Set<String> values = new LinkedHashSet<>();
        for (ComparedRun r : rows.get(row).runs()) {
            String v = r.summary().text(m.key());
            if (v != null) {
                values.add(v);
            }
        }
        return values.isEmpty() ? null : String.join(", ", values);
    }

    /** Whether a scenario field has the same value in every row. */
    public boolean shared(Metric m) {
        for (int i = 1; i < rows.size(); i++) {
            if (!Objects.equals(scenario(0, m), scenario(i, m))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the row is among the best on the metric: its value as shown equals the best shown value
     * of the rows that have one. Nothing is marked when every row shows the same value (no row is
     * better), or when only one row has a value.
     */
    public boolean best(int row, Metric m) {
        BigDecimal mine = cells.get(m).get(row).shown();
        if (mine == null) {
            return false;
        }
        BigDecimal lowest = null;
        BigDecimal highest = null;
        for (Cell c : cells.get(m)) {
            if (c.shown() != null) {
                lowest = lowest == null || c.shown().compareTo(lowest) < 0 ? c.shown() : lowest;
                highest = highest == null || c.shown().compareTo(highest) > 0 ? c.shown() : highest;
            }
        }
        return lowest.compareTo(highest) < 0
                && mine.compareTo(m.better() == Better.LOWER ? lowest : highest) == 0;
    }
}
