package org.hpcsim.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The summary metrics of several runs side by side, each value the exact text of the run's
 * summary.json, and for each metric the runs that do best on it. Only metrics some run has a value
 * for are shown (a thermal column appears only when some run modelled the room).
 */
public final class MetricTable {

    /** Which way a metric improves. */
    public enum Better { LOWER, HIGHER }

    /** A column: its summary.json key, its heading with the unit, and which way it improves. */
    public record Metric(String key, String heading, Better better) {
    }

    /** The metrics a comparison shows, in column order. */
    public static final List<Metric> METRICS = List.of(
            new Metric("jobs_completed", "completed jobs", Better.HIGHER),
            new Metric("jobs_killed", "killed jobs", Better.LOWER),
            new Metric("jobs_failed", "failed jobs", Better.LOWER),
            new Metric("makespan_s", "makespan (s)", Better.LOWER),
            new Metric("mean_wait_s", "mean wait (s)", Better.LOWER),
            new Metric("max_wait_s", "max wait (s)", Better.LOWER),
            new Metric("mean_response_s", "mean response (s)", Better.LOWER),
            new Metric("mean_bounded_slowdown", "mean bounded slowdown", Better.LOWER),
            new Metric("utilization", "utilization (fraction)", Better.HIGHER),
            new Metric("locality.mean.avg_pairwise_hops", "mean avg pairwise hops", Better.LOWER),
            new Metric("locality.mean.components", "mean components", Better.LOWER),
            new Metric("network.mean_dilation", "mean dilation", Better.LOWER),
            new Metric("network.mean_sigma", "mean stretch sigma", Better.LOWER),
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

    private final List<ComparedRun> runs;
    private final List<Metric> metrics;

    private MetricTable(List<ComparedRun> runs, List<Metric> metrics) {
        this.runs = runs;
        this.metrics = metrics;
    }

    /** The table of these runs: the metrics at least one of them has a value for. */
    public static MetricTable of(List<ComparedRun> runs) {
        List<Metric> shown = new ArrayList<>();
        for (Metric m : METRICS) {
            if (runs.stream().anyMatch(r -> r.summary().text(m.key()) != null)) {
                shown.add(m);
            }
        }
        return new MetricTable(List.copyOf(runs), List.copyOf(shown));
    }

    public List<ComparedRun> runs() {
        return runs;
    }

    public List<Metric> metrics() {
        return metrics;
    }

    /** The value's text as the run's summary.json has it, or null when it has none. */
    public String text(int run, Metric m) {
        return runs.get(run).summary().text(m.key());
    }

    /**
     * Whether the run is among the best on the metric: its value equals the best value of the runs
     * that have one. Nothing is marked when every run has the same value (no run is better), or when
     * only one run has a value.
     */
    public boolean best(int run, Metric m) {
        double mine = runs.get(run).summary().number(m.key());
        if (Double.isNaN(mine)) {
            return false;
        }
        double lowest = Double.POSITIVE_INFINITY;
        double highest = Double.NEGATIVE_INFINITY;
        for (ComparedRun r : runs) {
            double v = r.summary().number(m.key());
            if (!Double.isNaN(v)) {
                lowest = Math.min(lowest, v);
                highest = Math.max(highest, v);
            }
        }
        return lowest < highest && mine == (m.better() == Better.LOWER ? lowest : highest);
    }
}
