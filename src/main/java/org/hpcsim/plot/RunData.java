package org.hpcsim.plot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.InputException;

/**
 * A run directory's files as the plots need them: the summary and jobs (always there), and the time
 * series, room and inlet files when the run had them (null otherwise).
 */
final class RunData {
    static final List<String> TIMESERIES = List.of("time", "busy_nodes", "failed_nodes", "drained_nodes",
            "queued_jobs", "running_jobs", "utilization");
    static final List<String> TIMESERIES_OPTIONAL = List.of("it_power_w", "cooling_power_w", "supply_c",
            "max_inlet_c", "mean_link_load", "max_link_load", "node_power_w", "sleeping_nodes", "switching_nodes",
            "total_power_w");
    static final List<String> THERMAL = List.of("time", "it_power_w", "cooling_power_w", "supply_c", "max_inlet_c",
            "max_inlet_actual_c");
    static final List<String> INLET = List.of("node", "row", "rack", "slot", "mean_inlet_c", "max_inlet_c");

    final Path dir;
    final SummaryJson summary;
    final Topology machine;
    final Jobs jobs;
    final Table timeseries;
    final Table thermal;
    final Table inlet;

    private RunData(Path dir, SummaryJson summary, Topology machine, Jobs jobs, Table timeseries, Table thermal,
                    Table inlet) {
        this.dir = dir;
        this.summary = summary;
        this.machine = machine;
        this.jobs = jobs;
        this.timeseries = timeseries;
        this.thermal = thermal;
        this.inlet = inlet;
    }

    /**
     * Reads a run directory.
     *
     * @throws InputException naming the directory or file when it is missing or malformed
     */
    static RunData read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new InputException(dir, 0, null, Files.exists(dir) ? "not a directory" : "no such directory");
        }
        SummaryJson summary = SummaryJson.read(dir.resolve("summary.json"));
        String spec = summary.text("machine");
        if (spec == null) {
            throw new InputException(summary.file(), 0, "machine", "missing");
        }
        Topology machine;
        try {
            machine = Machines.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new InputException(summary.file(), 0, "machine", e.getMessage());
        }
        Jobs jobs = Jobs.read(dir.resolve("jobs.csv"), dir.resolve("attempts.csv"), machine.size());
        return new RunData(dir, summary, machine, jobs,
                optional(dir.resolve("timeseries.csv"), TIMESERIES, TIMESERIES_OPTIONAL),
                optional(dir.resolve("thermal.csv"), THERMAL, List.of()),
                optional(dir.resolve("inlet.csv"), INLET, List.of()));
    }

    private static Table optional(Path file, List<String> required, List<String> optional) {
        return Files.exists(file) ? Table.read(file, required, optional) : null;
    }

    /** The events file (it may not exist). */
    Path eventsCsv() {
        return dir.resolve("events.csv");
    }

    /** The first arrival of a job that ran (s); NaN when none ran. */
    double firstArrival() {
        double first = Double.NaN;
        for (int i = 0; i < jobs.count; i++) {
            if (jobs.ran(i)) {
                double arrival = jobs.firstStart[i] - jobs.wait[i];
                first = Double.isNaN(first) ? arrival : Math.min(first, arrival);
            }
        }
        return first;
    }

    /** The last end of a job that ran (s); NaN when none ran. */
    double lastEnd() {
        double last = Double.NaN;
        for (int i = 0; i < jobs.count; i++) {
            if (jobs.ran(i)) {
                last = Double.isNaN(last) ? jobs.end[i] : Math.max(last, jobs.end[i]);
            }
        }
        return last;
    }

    /** The latest time any file shows (s): the last job's end or the last row of a time series. */
    double end() {
        double end = Double.isNaN(lastEnd()) ? 0 : lastEnd();
        for (Table t : new Table[] {timeseries, thermal}) {
            if (t != null && t.rows() > 0) {
                end = Math.max(end, t.column("time")[t.rows() - 1]);
            }
        }
        return end;
    }
}
