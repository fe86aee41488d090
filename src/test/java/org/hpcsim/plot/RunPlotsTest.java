package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hpcsim.report.FailureLog;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunPlotsTest {
    static final List<String> ALL = List.of("utilization", "queue", "wait-cdf", "slowdown-cdf", "power", "node-power",
            "node-states", "temperature", "links", "machine-map", "busy-map", "room-inlet-map", "room-inlet-mean-map",
            "gantt");
    static final List<String> FROM_JOBS = List.of("wait-cdf", "slowdown-cdf", "machine-map", "busy-map", "gantt");

    @TempDir
    Path dir;

    /** A run on mesh:4x5x2 with the room (2 rows x 5 racks x 4 slots), the links model, power states and a node failure. */
    private Path fullRun() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:4x5x2", 40, "2x5x4", 30.0);
        RunDirFixture.jobs(run, 60, 40);
        RunDirFixture.timeseries(run, 3000, 9000, 40, true, true, true);
        RunDirFixture.thermal(run, 5000, 9000);
        RunDirFixture.inlet(run, 2, 5, 4);
        RunDirFixture.write(run.resolve("events.csv"), FailureLog.EVENTS_HEADER + "\n"
                + "100,fail,node 39,node down (idle),scenario\n200,drain,nodes 36-37,2 nodes drained,scenario\n");
        return run;
    }

    private static List<String> names(List<Path> files, String extension) {
        return files.stream().map(p -> p.getFileName().toString()).filter(n -> n.endsWith("." + extension))
                .map(n -> n.substring(0, n.length() - extension.length() - 1)).toList();
    }

    @Test
    void aRunWithEveryFileGetsEveryPlotAsPngAndSvgWithTitlesAndUnitsAsText() {
        Path run = fullRun();
        Path out = dir.resolve("plots");
        RunPlots.Result r = RunPlots.write(run, out, PlotOptions.defaults());
        assertEquals(List.of(), r.skipped());
        assertEquals(ALL, names(r.files(), "png"));
        assertEquals(ALL, names(r.files(), "svg"));
        Map<String, Plot> plots = RunPlots.plots(RunData.read(run), PlotOptions.defaults()).stream()
                .collect(Collectors.toMap(Plot::name, p -> p));
        for (String name : ALL) {
            Figure f = plots.get(name).figure();
            PlotFiles.assertPng(out.resolve(name + ".png"), f.width(), f.height());
            String text = PlotFiles.svgText(out.resolve(name + ".svg"), f.width(), f.height());
            for (String title : List.of(f.title(), f.xTitle(), f.yTitle())) {
                assertTrue(text.contains(title), name + ".svg has '" + title + "' as text:\n" + text);
            }
        }
        assertEquals("time (h)", plots.get("utilization").figure().xTitle());
        assertEquals("utilization (% of 40 nodes)", plots.get("utilization").figure().yTitle());
        assertEquals("power (kW)", plots.get("power").figure().yTitle());
        assertEquals("temperature (°C)", plots.get("temperature").figure().yTitle());
        assertEquals("fraction of jobs", plots.get("wait-cdf").figure().yTitle());
        assertTrue(PlotFiles.svgText(out.resolve("machine-map.svg"), plots.get("machine-map").figure().width(),
                plots.get("machine-map").figure().height()).contains("z = 1"), "the z-planes are named");
    }

    @Test
    void aRunWithOnlyItsJobsGetsTheJobPlotsAndHearsWhyNotTheOthers() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:16x8", 128, null, null);
        RunDirFixture.jobs(run, 40, 128);
        RunPlots.Result r = RunPlots.write(run, run.resolve("plots"), PlotOptions.defaults());
        assertEquals(FROM_JOBS, names(r.files(), "png"));
        Map<String, String> skipped = r.skipped().stream()
                .collect(Collectors.toMap(RunPlots.Skipped::name, RunPlots.Skipped::reason));
        assertEquals(List.of("utilization", "queue", "power", "node-power", "node-states", "temperature", "links",
                "room-inlet-map", "room-inlet-mean-map"), List.copyOf(r.skipped().stream().map(RunPlots.Skipped::name)
                .toList()));
        assertEquals("no timeseries.csv", skipped.get("utilization"));
        assertEquals("no inlet.csv (thermal model off)", skipped.get("room-inlet-map"));
    }

    @Test
    void pngOnlyAndBeyondItsLimitTheGanttChartOfTheFirstWindowHoldingThatManyJobs() throws IOException {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "simple:16", 16, null, null);
        int ran = RunDirFixture.jobs(run, 14, 16);
        Path out = dir.resolve("p");
        RunPlots.Result r = RunPlots.write(run, out, new PlotOptions(null, EnumSet.of(PlotFormat.PNG), 5));
        assertEquals(List.of("wait-cdf", "slowdown-cdf", "machine-map", "busy-map", "gantt"), names(r.files(), "png"));
        assertEquals(List.of(), names(r.files(), "svg"));
        // Jobs start at 0, 130, 260, 390, 500, 520, 760, ... s (RunDirFixture.jobs): the first 5 by 520 s.
        assertEquals(List.of(new RunPlots.Note("gantt", "5 of " + ran + " jobs, 0 min to 8.667 min (from the first start,"
                + " at most --gantt-max-jobs 5); --gantt-window FROM..TO for another window")), r.notes());
        Figure gantt = GanttPlot.of(RunData.read(run), new PlotOptions(null, EnumSet.of(PlotFormat.PNG), 5)).figure();
        assertTrue(gantt.title().contains(": 5 of 12 jobs, 0 min to 8.667 min (from the first start, at most"
                + " --gantt-max-jobs 5) on simple:16"), gantt.title());
        double right = 0;
        for (String s : gantt.seriesNames()) {
            for (double x : gantt.points(s).x()) {
                right = Math.max(right, x);
            }
        }
        assertEquals(520 / 60.0, right, 1e-9, "bars end at the window's end");
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(5, s.filter(p -> !p.getFileName().toString().startsWith(".hpcsim-")
                    || p.getFileName().toString().startsWith(".hpcsim-staging-")).count(), "no staging directory left");
        }
        assertEquals("--gantt-max-jobs 0",
                GanttPlot.of(RunData.read(run), new PlotOptions(null, EnumSet.of(PlotFormat.PNG), 0)).skipped());
    }

    @Test
    void aGanttWindowShowsTheJobsRunningInItWhateverTheirNumber() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "simple:16", 16, null, null);
        RunDirFixture.jobs(run, 14, 16);
        // 600-700 s: jobs 2-5 run then (job 1 ended at 467 s, job 6 was rejected, job 7 starts at 760 s).
        Plot p = GanttPlot.of(RunData.read(run), new PlotOptions(null, EnumSet.of(PlotFormat.PNG), 1,
                new PlotOptions.Window(600, 700)));
        assertEquals("4 of 12 jobs, 10 min to 11.667 min (--gantt-window)", p.note());
        assertArrayEquals(new double[] {600, 700}, p.figure().xRange(), 1e-9);
        Plot none = GanttPlot.of(RunData.read(run), new PlotOptions(null, EnumSet.of(PlotFormat.PNG), 1,
                new PlotOptions.Window(86400, 90000)));
        assertEquals("no job ran from 24 h to 25 h (--gantt-window)", none.skipped());
    }

    @Test
    void theGanttChartShowsWhenNodesWereDownOrDrained() {
        Path run = fullRun();
        Figure f = GanttPlot.of(RunData.read(run), PlotOptions.defaults()).figure();
        assertEquals(List.of("drained", "node down"), f.seriesNames().subList(0, 2));
        // Nodes 36 and 37 drained from 200 s to the end, as one bar; node 39 down from 100 s.
        double end = RunData.read(run).end() / 3600;
        assertArrayEquals(new double[] {200 / 3600.0, end, end, 200 / 3600.0, 200 / 3600.0},
                Arrays.copyOf(f.points("drained").x(), 5), 1e-9);
        assertArrayEquals(new double[] {36, 36, 38, 38, 36}, Arrays.copyOf(f.points("drained").y(), 5));
        assertArrayEquals(new double[] {39, 39, 40, 40, 39}, Arrays.copyOf(f.points("node down").y(), 5));
    }

    @Test
    void theMachineMapShowsTheTimeAskedForAndTheBusiestInstantOtherwise() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "line:C6 IO C6", 12, null, null);
        RunDirFixture.jobs(run, 10, 12);
        RunData data = RunData.read(run);
        MapPlots at = new MapPlots(data, new PlotOptions(150.0, EnumSet.allOf(PlotFormat.class), 10));
        assertTrue(at.machineMap().figure().title().contains("at t = 2.5 min (--at)"), at.machineMap().figure().title());
        MapPlots busiest = new MapPlots(data, PlotOptions.defaults());
        assertTrue(busiest.machineMap().figure().title().contains("(most nodes busy)"));
    }

    @Test
    void badInputIsReportedWithItsFileAndLeavesNoPlots() {
        Path run = fullRun();
        RunDirFixture.write(run.resolve("timeseries.csv"), RunDirFixture.TIMESERIES_HEADER + "\n0,1,0,0,0,1,x\n");
        Path out = dir.resolve("plots");
        InputException e = assertThrows(InputException.class, () -> RunPlots.write(run, out, PlotOptions.defaults()));
        assertEquals(run.resolve("timeseries.csv") + ":2: utilization: not a number: 'x'", e.getMessage());
        assertFalse(Files.exists(out));
        InputException none = assertThrows(InputException.class,
                () -> RunPlots.write(dir.resolve("nothing"), out, PlotOptions.defaults()));
        assertEquals(dir.resolve("nothing") + ": no such directory", none.getMessage());
        RunDirFixture.write(dir.resolve("empty/jobs.csv"), "id\n");
        InputException noSummary = assertThrows(InputException.class,
                () -> RunPlots.write(dir.resolve("empty"), out, PlotOptions.defaults()));
        assertTrue(noSummary.getMessage().startsWith(dir.resolve("empty/summary.json") + ": no such file"),
                noSummary.getMessage());
    }

    @Test
    void aRunOfOneJobAndARunWhereNoJobRanStillPlotWhatTheyCan() {
        Path one = dir.resolve("one");
        RunDirFixture.summary(one, "mesh:4x4", 16, null, null);
        RunDirFixture.jobs(one, 1, 16);
        RunDirFixture.timeseries(one, 1, 300, 16, false, false);
        assertEquals(List.of("utilization", "queue", "wait-cdf", "slowdown-cdf", "machine-map", "busy-map", "gantt"),
                names(RunPlots.write(one, one.resolve("plots"), PlotOptions.defaults()).files(), "png"));
        Path none = dir.resolve("none");
        RunDirFixture.summary(none, "mesh:4x4", 16, null, null);
        RunDirFixture.write(none.resolve("jobs.csv"), org.hpcsim.report.JobsCsv.HEADER + "\n");
        RunPlots.Result r = RunPlots.write(none, none.resolve("plots"), PlotOptions.defaults());
        assertEquals(List.of("machine-map"), names(r.files(), "png"), "an idle machine");
        assertTrue(r.skipped().contains(new RunPlots.Skipped("wait-cdf", "no job ran")), r.skipped().toString());
        assertTrue(r.skipped().contains(new RunPlots.Skipped("busy-map", "no job ran for any time (no makespan)")));
    }

    @Test
    void plottingIntoADirectoryOfOtherFilesNeedsForceAndThenReplacesOnlyThePlots() throws IOException {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:8x4", 32, null, null);
        RunDirFixture.jobs(run, 20, 32);
        Path out = dir.resolve("plots");
        RunDirFixture.write(out.resolve("notes.txt"), "mine");
        RunDirFixture.write(out.resolve("gantt.png"), "stale");
        org.junit.jupiter.api.Assertions.assertThrows(org.hpcsim.workload.InputException.class,
                () -> RunPlots.write(run, out, PlotOptions.defaults()));
        assertEquals("stale", Files.readString(out.resolve("gantt.png")));
        RunPlots.write(run, out, PlotOptions.defaults(), true);
        assertEquals("mine", Files.readString(out.resolve("notes.txt")));
        assertTrue(Files.size(out.resolve("gantt.png")) > 1000);
    }

    @Test
    void plottingTheSameRunTwiceWritesByteIdenticalFiles() throws IOException {
        Path run = fullRun();
        RunPlots.Result first = RunPlots.write(run, dir.resolve("one"), PlotOptions.defaults());
        RunPlots.write(run, dir.resolve("two"), PlotOptions.defaults());
        assertEquals(2 * ALL.size(), first.files().size());
        for (Path f : first.files()) {
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(dir.resolve("two").resolve(f.getFileName())),
                    f.getFileName().toString());
        }
    }
}
