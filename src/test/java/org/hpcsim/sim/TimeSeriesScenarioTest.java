package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.report.TimeSeriesLog;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** timeseries.csv and inlet.csv from whole runs: their invariants against the other outputs, and determinism. */
class TimeSeriesScenarioTest {
    private static final String BASE = TimeSeriesLog.header(false, false);

    @TempDir
    Path dir;

    private Path run(String name, String... extra) {
        List<String> keys = new ArrayList<>(List.of("trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf")
                .toString(), "machine", "mesh:16x8", "scheduler.policy", "easy", "allocator.policy",
                "sorted-free-list[snake]", "output.dir", dir.resolve(name).toString()));
        keys.addAll(List.of(extra));
        Runs.run(Runs.scenario(keys.toArray(String[]::new)));
        return dir.resolve(name);
    }

    /** A room of 2 rows x 5 racks x 4 nodes with two CRAC units (the bundled trace at 4 cores per node). */
    private Path room(String name, String... extra) {
        List<String> keys = new ArrayList<>(List.of("machine", "mesh:4x5x2", "workload.cores-per-node", "4",
                "thermal.enabled", "true", "cooling.units", "[\"0-19\", \"20-39\"]"));
        keys.addAll(List.of(extra));
        return run(name, keys.toArray(String[]::new));
    }

    private static String[] lines(Path file) {
        return Runs.read(file).split("\n");
    }

    /** The rows after the header, as numbers (an empty field is NaN). */
    private static List<double[]> rows(Path file) {
        String[] lines = lines(file);
        int columns = lines[0].split(",").length;
        List<double[]> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",", -1);
            assertEquals(columns, f.length, lines[i]);
            double[] r = new double[columns];
            for (int c = 0; c < columns; c++) {
                r[c] = f[c].isEmpty() ? Double.NaN : Double.parseDouble(f[c]);
            }
            rows.add(r);
        }
        return rows;
    }

    /** The time integral of busy_nodes over the rows (each row's value holds until the next). */
    private static double busyNodeSeconds(List<double[]> rows) {
        double sum = 0;
        for (int i = 0; i + 1 < rows.size(); i++) {
            sum += rows.get(i)[1] * (rows.get(i + 1)[0] - rows.get(i)[0]);
        }
        return sum;
    }

    @Test
    void theDefaultRunsSeriesAddsUpToItsUtilizationAndEndsEmpty() throws IOException {
        Path every = run("every", "output.timeseries-interval", "0");
        Path thinned = run("thinned");
        assertEquals(BASE, lines(every.resolve("timeseries.csv"))[0]);
        List<double[]> all = rows(every.resolve("timeseries.csv"));
        assertTrue(all.size() > 1000, "rows: " + all.size());
        for (int i = 0; i < all.size(); i++) {
            double[] r = all.get(i);
            assertTrue(r[1] >= 0 && r[1] <= 128 && r[2] == 0 && r[3] == 0, "row " + i);
            assertEquals(r[1] / 128, r[6], 5.000001e-7, "utilization of row " + i + " (six decimals)");
            assertTrue(i == 0 || r[0] > all.get(i - 1)[0], "one row per instant, in time order");
        }
        double[] last = all.get(all.size() - 1);
        assertEquals(0, last[4], "nothing queued at the end");
        assertEquals(0, last[5], "nothing running at the end");
        assertEquals(0, last[1]);
        SummaryJson summary = SummaryJson.read(every.resolve("summary.json"));
        double expected = summary.number("utilization") * summary.number("nodes") * summary.number("makespan_s");
        // summary.json gives utilization to six decimals
        assertEquals(expected, busyNodeSeconds(all), 5.000001e-7 * summary.number("nodes") * summary.number("makespan_s"));

        // Thinned (60 s): a subset of the same rows, 60 s apart but for the last, which is the same.
        List<String> everyLines = List.of(lines(every.resolve("timeseries.csv")));
        String[] thin = lines(thinned.resolve("timeseries.csv"));
        List<double[]> few = rows(thinned.resolve("timeseries.csv"));
        assertTrue(few.size() < all.size() && few.size() > 100, "rows: " + few.size());
        for (int i = 1; i < thin.length; i++) {
            assertTrue(everyLines.contains(thin[i]), thin[i]);
        }
        for (int i = 1; i + 1 < few.size(); i++) {
            assertTrue(few.get(i)[0] - few.get(i - 1)[0] >= 60, "row at " + few.get(i)[0]);
        }
        assertEquals(everyLines.get(1), thin[1], "the first changed instant");
        assertEquals(everyLines.get(everyLines.size() - 1), thin[thin.length - 1], "the final state");
        assertEquals(Runs.read(every.resolve("jobs.csv")), Runs.read(thinned.resolve("jobs.csv")));
    }

    @Test
    void failedAndDrainedNodesShowAtTheirInstants() {
        Path out = run("faults", "output.timeseries-interval", "0", "events", "[\"at 3600s fail node 17\", "
                + "\"at 2h repair node 17\", \"at 5000s drain nodes 0-3\", \"at 5000s fail node 2\", \"at 3h resume nodes 0-3\"]");
        List<double[]> all = rows(out.resolve("timeseries.csv"));
        assertEquals(1, at(all, 3600)[2], "failed at 3600 s");
        assertEquals(0, at(all, 3600)[3]);
        double[] drained = at(all, 5000);
        assertEquals(2, drained[2], "nodes 17 and 2 down");
        assertEquals(3, drained[3], "0, 1, 3 drained; 2 is down");
        assertEquals(1, at(all, 7200)[2], "node 17 repaired");
        assertEquals(0, at(all, 10800)[3], "resumed");
        assertEquals(1, at(all, 10800)[2], "node 2 stays down");
        SummaryJson summary = SummaryJson.read(out.resolve("summary.json"));
        double expected = summary.number("utilization") * summary.number("nodes") * summary.number("makespan_s");
        // summary.json gives utilization to six decimals
        assertEquals(expected, busyNodeSeconds(all), 5.000001e-7 * summary.number("nodes") * summary.number("makespan_s"));
    }

    /** The row of the instant at {@code t}. */
    private static double[] at(List<double[]> rows, double t) {
        return rows.stream().filter(r -> r[0] == t).findFirst().orElseThrow(() -> new AssertionError("no row at " + t));
    }

    @Test
    void jobsThatCanNeverRunLeaveTheQueueWhenTheRunEnds() throws IOException {
        Path trace = dir.resolve("t.sim");
        Files.writeString(trace, "0 2 100 -1\n10 4 50 -1\n");
        Runs.run(Runs.scenario("trace", trace.toString(), "machine", "simple:4", "events", "[\"at 5s fail node 3\"]",
                "output.timeseries-interval", "0", "output.dir", dir.resolve("stuck").toString()));
        assertEquals(List.of(BASE, "0,2,0,0,0,1,0.500000", "5,2,1,0,0,1,0.500000", "10,2,1,0,1,1,0.500000",
                "100,0,1,0,0,0,0.000000"), List.of(lines(dir.resolve("stuck").resolve("timeseries.csv"))));
    }

    @Test
    void theRoomAndTheLinksAddTheirColumnsAndInletCsv() {
        Path thermal = room("thermal", "output.timeseries-interval", "0");
        assertEquals(TimeSeriesLog.header(true, false), lines(thermal.resolve("timeseries.csv"))[0]);
        checkInlets(thermal);

        String[] both = {"network.model", "links", "output.timeseries-interval", "0"};
        Path links = room("links", both);
        assertEquals(TimeSeriesLog.header(true, true), lines(links.resolve("timeseries.csv"))[0]);
        List<double[]> rows = rows(links.resolve("timeseries.csv"));
        boolean loaded = false;
        for (double[] r : rows) {
            assertTrue(r[12] >= r[11], "max link load >= mean at " + r[0]);
            loaded |= r[12] > 0;
        }
        assertTrue(loaded);
        assertEquals(0, rows.get(rows.size() - 1)[12], "no load left at the end");
        checkInlets(links);
    }

    /** inlet.csv has one row per node in the room's order, mean <= max, and the peak is the summary's and the series'. */
    private static void checkInlets(Path out) {
        String[] inlet = lines(out.resolve("inlet.csv"));
        assertEquals("node,row,rack,slot,mean_inlet_c,max_inlet_c", inlet[0]);
        assertEquals(41, inlet.length);
        assertTrue(inlet[1].startsWith("0,0,0,0,") && inlet[7].startsWith("6,0,1,2,") && inlet[40].startsWith("39,1,4,3,"),
                inlet[7]);
        double peak = Double.NEGATIVE_INFINITY;
        for (int i = 1; i < inlet.length; i++) {
            String[] f = inlet[i].split(",");
            double mean = Double.parseDouble(f[4]);
            double max = Double.parseDouble(f[5]);
            assertTrue(mean <= max && mean > 10, inlet[i]);
            peak = Math.max(peak, max);
        }
        double seriesPeak = Double.NEGATIVE_INFINITY;
        for (double[] r : rows(out.resolve("timeseries.csv"))) {
            seriesPeak = Math.max(seriesPeak, r[10]);
        }
        SummaryJson summary = SummaryJson.read(out.resolve("summary.json"));
        assertEquals(summary.number("thermal.peak_inlet_actual_c"), peak, 1e-6);
        assertEquals(peak, seriesPeak, 1e-6);
    }

    @Test
    void theSeriesAndTheInletsAreIdenticalAcrossThreads() {
        String[] keys = {"network.model", "links", "events", "[\"at 300000s crac 1 fail\", \"at 3600s fail node 17\","
                + " \"at 400000s crac 1 repair\"]"};
        List<String> one = new ArrayList<>(List.of(keys));
        one.addAll(List.of("kernel.threads", "1"));
        List<String> two = new ArrayList<>(List.of(keys));
        two.addAll(List.of("kernel.threads", "2"));
        Path a = room("one", one.toArray(String[]::new));
        Path b = room("two", two.toArray(String[]::new));
        for (String file : new String[] {"timeseries.csv", "inlet.csv"}) {
            assertEquals(Runs.read(a.resolve(file)), Runs.read(b.resolve(file)), file);
        }
    }

    @Test
    void turnedOffThereIsNoSeries() {
        Path out = run("off", "output.timeseries", "false");
        assertFalse(Files.exists(out.resolve("timeseries.csv")));
        assertTrue(Files.exists(out.resolve("jobs.csv")));
    }
}
