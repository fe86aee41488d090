package org.hpcsim.plot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.hpcsim.report.JobsCsv;
import org.hpcsim.report.JsonWriter;

/**
 * Run directories written by hand, following the contracts of the run's outputs (README, Outputs):
 * summary.json, jobs.csv, and when asked timeseries.csv, thermal.csv, inlet.csv, events.csv and
 * attempts.csv.
 */
final class RunDirFixture {
    static final String TIMESERIES_HEADER = "time,busy_nodes,failed_nodes,drained_nodes,queued_jobs,running_jobs,utilization";
    static final String THERMAL_HEADER =
            "time,it_power_w,cooling_power_w,supply_c,max_inlet_c,max_inlet_actual_c,hottest_node,redline_violation";

    private RunDirFixture() {
    }

    static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** summary.json of a run on {@code machine}; with a room {@code layout} and redline when not null. */
    static void summary(Path dir, String machine, int nodes, String layout, Double redline) {
        JsonWriter thermal = layout == null ? null
                : new JsonWriter().put("layout", layout).put("supply_c", 15.0).put("redline_c", redline);
        write(dir.resolve("summary.json"), new JsonWriter().put("machine", machine).put("nodes", nodes)
                .put("jobs_total", 0).put("thermal", thermal).render());
    }

    /**
     * jobs.csv with {@code n} jobs on {@code nodes} nodes: job i arrives at 100 i s, waits (i mod 5) x 30 s,
     * runs 300 + 37 (i mod 7) s on 1 + (i mod 4) consecutive nodes starting at node (3 i) mod (nodes - 4);
     * every seventh job is rejected. Returns the jobs that ran.
     */
    static int jobs(Path dir, int n, int nodes) {
        StringBuilder sb = new StringBuilder(JobsCsv.HEADER).append('\n');
        int ran = 0;
        for (int i = 0; i < n; i++) {
            double submit = 100.0 * i;
            if (i % 7 == 6) {
                sb.append(i).append(',').append(num(submit)).append(",,,,,600,4,,rejected,\"too large, by far\"")
                        .append(",,,,,,,,,,,,,,,,,0,\n");
                continue;
            }
            ran++;
            double wait = (i % 5) * 30.0;
            double start = submit + wait;
            double run = 300 + 37 * (i % 7);
            int first = (3 * i) % (nodes - 4);
            StringBuilder ids = new StringBuilder();
            for (int k = 0; k <= i % 4; k++) {
                ids.append(k == 0 ? "" : ";").append(first + k);
            }
            sb.append(i).append(',').append(num(submit)).append(',').append(num(wait)).append(',').append(num(start))
                    .append(',').append(num(start + run)).append(',').append(num(run)).append(",900,").append(1 + i % 4)
                    .append(',').append(ids).append(",completed,,,,,,,,,,,,,,,,,,1,").append(num(start)).append('\n');
        }
        write(dir.resolve("jobs.csv"), sb.toString());
        return ran;
    }

    static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * timeseries.csv: {@code rows} rows at irregular times over [0, span], busy nodes rising and
     * falling, then the room's and the links' columns when asked.
     */
    static void timeseries(Path dir, int rows, double span, int nodes, boolean room, boolean links) {
        timeseries(dir, rows, span, nodes, room, links, false);
    }

    /** As above, with the power-state columns (energy.enabled) when {@code energy}: idle nodes asleep in turns. */
    static void timeseries(Path dir, int rows, double span, int nodes, boolean room, boolean links, boolean energy) {
        StringBuilder sb = new StringBuilder(TIMESERIES_HEADER);
        if (room) {
            sb.append(",it_power_w,cooling_power_w,supply_c,max_inlet_c");
        }
        if (links) {
            sb.append(",mean_link_load,max_link_load");
        }
        if (energy) {
            sb.append(",node_power_w,sleeping_nodes,switching_nodes").append(room ? ",total_power_w" : "");
        }
        sb.append('\n');
        for (int r = 0; r < rows; r++) {
            double t = span * r / rows + (r % 3);
            int busy = (int) Math.round(nodes * (0.5 + 0.45 * Math.sin(r * 0.05)));
            int failed = r > rows / 2 && r < rows / 2 + 5 ? 2 : 0;
            sb.append(num(t)).append(',').append(busy).append(',').append(failed).append(",0,").append(r % 11)
                    .append(',').append(1 + busy / 4).append(',').append(String.format(Locale.ROOT, "%.6f", (double) busy / nodes));
            if (room) {
                sb.append(',').append(r == 0 ? "" : num(40000 + 100.0 * busy)).append(',')
                        .append(r == 0 ? "" : num(12000 + 50.0 * busy)).append(',').append(r == 0 ? "" : "18.5")
                        .append(',').append(r == 0 ? "" : String.format(Locale.ROOT, "%.6f", 24 + busy / 10.0));
            }
            if (links) {
                sb.append(',').append(String.format(Locale.ROOT, "%.6f", busy / 7.0)).append(',').append(busy / 2);
            }
            if (energy) {
                int asleep = (nodes - busy) / 2;
                int switching = r % 4 == 0 ? Math.min(2, nodes - busy - asleep) : 0;
                sb.append(',').append(num(100.0 * busy + 9.75 * asleep + 425.0 * switching
                        + 30.0 * (nodes - busy - asleep - switching))).append(',').append(asleep).append(',').append(switching);
                if (room) {
                    sb.append(',').append(r == 0 ? "" : num(52000 + 150.0 * busy));
                }
            }
            sb.append('\n');
        }
        write(dir.resolve("timeseries.csv"), sb.toString());
    }

    /** thermal.csv: {@code rows} samples over [0, span]; the supply is empty (no working unit) in one row. */
    static void thermal(Path dir, int rows, double span) {
        StringBuilder sb = new StringBuilder(THERMAL_HEADER).append('\n');
        for (int r = 0; r < rows; r++) {
            double load = 0.5 + 0.5 * Math.sin(r * 0.1);
            sb.append(num(span * r / rows)).append(',').append(String.format(Locale.ROOT, "%.3f,%.3f,", 40000 + 50000 * load,
                    12000 + 30000 * load)).append(r == rows / 3 ? "" : String.format(Locale.ROOT, "%.6f", 20 - 4 * load))
                    .append(String.format(Locale.ROOT, ",%.6f,%.6f,7,%d%n", 24 + 8 * load, 29 + 2 * load, load > 0.95 ? 1 : 0));
        }
        write(dir.resolve("thermal.csv"), sb.toString());
    }

    /** inlet.csv of a {@code rows x racks x slots} room: warmer up the racks and at the row ends. */
    static void inlet(Path dir, int rows, int racks, int slots) {
        StringBuilder sb = new StringBuilder("node,row,rack,slot,mean_inlet_c,max_inlet_c\n");
        for (int row = 0; row < rows; row++) {
            for (int rack = 0; rack < racks; rack++) {
                for (int slot = 0; slot < slots; slot++) {
                    int node = slot + slots * rack + slots * racks * row;
                    double end = Math.min(rack, racks - 1 - rack) == 0 ? 2 : 0;
                    sb.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%.6f,%.6f%n", node, row, rack, slot,
                            20 + slot + end, 23 + 1.5 * slot + end));
                }
            }
        }
        write(dir.resolve("inlet.csv"), sb.toString());
    }
}
