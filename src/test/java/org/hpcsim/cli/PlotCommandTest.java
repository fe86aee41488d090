package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.hpcsim.output.OutputDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotCommandTest {
    @TempDir
    Path dir;

    private static List<String> files(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            // The lock and the manifest every output directory keeps are not outputs.
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(OutputDirectory.LOCK) && !n.equals(OutputDirectory.MANIFEST)).sorted().toList();
        }
    }

    /**
     * The plots a run directory allows: the job plots and the time series (every run writes
     * timeseries.csv) always; link load under the links model; power, temperature and the room maps
     * with the thermal model.
     */
    private static List<String> expectedPlots(Path run, String... extensions) throws IOException {
        assertTrue(Files.exists(run.resolve("timeseries.csv")), "every run writes its time series");
        List<String> names = new ArrayList<>(List.of("wait-cdf", "slowdown-cdf", "machine-map", "busy-map", "gantt",
                "utilization", "queue"));
        if (Files.readAllLines(run.resolve("timeseries.csv")).get(0).contains("max_link_load")) {
            names.add("links");
        }
        if (Files.exists(run.resolve("thermal.csv"))) {
            names.addAll(List.of("power", "temperature", "room-inlet-map", "room-inlet-mean-map"));
        }
        List<String> out = new ArrayList<>();
        for (String n : names) {
            for (String e : extensions) {
                out.add(n + "." + e);
            }
        }
        return out.stream().sorted().toList();
    }

    @Test
    void aRunWithTheRoomAndLinkModelsOnPlotsPowerTemperaturesRoomMapsAndLinkLoad() throws IOException {
        Path out = dir.resolve("room");
        Cli.Result r = Cli.run("run", "-q", "--plots", "--out", out.toString(), "-m", "mesh:4x5x2", "--cores-per-node", "4",
                "-Dthermal.enabled=true", "-Dnetwork.model=links");
        assertEquals(0, r.status(), r.err());
        List<String> expected = expectedPlots(out, "png", "svg");
        for (String plot : List.of("power", "temperature", "room-inlet-map", "room-inlet-mean-map", "links")) {
            assertTrue(expected.contains(plot + ".png"), plot);
        }
        assertEquals(expected, files(out.resolve("plots")));
    }

    @Test
    void runWithPlotsWritesThePlotsTheRunDirectoryAllowsAfterTheRun() throws IOException {
        Path out = dir.resolve("default");
        Cli.Result r = Cli.run("run", "--plots", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(expectedPlots(out, "png", "svg"), files(out.resolve("plots")));
        assertTrue(r.out().contains(" plots (png + svg) in " + out.resolve("plots") + ": "), r.out());
        assertTrue(r.out().contains("  skipped power: no thermal.csv"), r.out());
        assertTrue(files(out).contains("summary.json"), "the run's own outputs are there too");
    }

    @Test
    void plotWritesWhereAndWhatItIsAskedAndTheConfigurationKeyTurnsPlotsOnForRun() throws IOException {
        Path out = dir.resolve("run");
        Cli.Result run = Cli.run("run", "-q", "--out", out.toString(), "-Doutput.plots=true");
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.out(), "quiet");
        assertEquals(expectedPlots(out, "png", "svg"), files(out.resolve("plots")));
        Path svg = dir.resolve("svg");
        Cli.Result plot = Cli.run("plot", out.toString(), "-o", svg.toString(), "--format", "svg", "--at", "2h",
                "--gantt-max-jobs", "10");
        assertEquals(0, plot.status(), plot.err());
        assertEquals(expectedPlots(out, "svg"), files(svg), "more jobs than --gantt-max-jobs: a window of them");
        assertTrue(plot.out().matches("(?s).*\n  gantt: \\d+ of 2,000 jobs, 0 min to \\S+ min \\(from the first start, at"
                + " most --gantt-max-jobs 10\\); --gantt-window FROM\\.\\.TO for another window\n.*"), plot.out());
        Cli.Result window = Cli.run("plot", out.toString(), "-o", dir.resolve("w").toString(), "--format", "png",
                "--gantt-max-jobs", "10", "--gantt-window", "1d..1.25d");
        assertEquals(0, window.status(), window.err());
        assertTrue(window.out().matches("(?s).*\n  gantt: \\d+ of 2,000 jobs, 24 h to 30 h \\(--gantt-window\\)\n.*"),
                window.out());
    }

    private void assertBadInput(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void aMissingRunOrOneWithoutItsSummaryIsBadInputNamingIt() throws IOException {
        Path missing = dir.resolve("missing");
        assertBadInput(missing + ": no such directory", "plot", missing.toString());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertBadInput(empty.resolve("summary.json") + ": no such file", "plot", empty.toString());
        assertFalse(Files.exists(empty.resolve("plots")), "nothing written");
        assertBadInput("--format: unknown format 'gif'", "plot", empty.toString(), "--format", "png,gif");
        assertBadInput("--at: ", "plot", empty.toString(), "--at", "soon");
        assertBadInput("--gantt-window: expected FROM..TO such as 2d..2.5d, got '2h'", "plot", empty.toString(),
                "--gantt-window", "2h");
        assertBadInput("--gantt-window: FROM must be before TO, got '2h..1h'", "plot", empty.toString(),
                "--gantt-window", "2h..1h");
        assertBadInput("--gantt-window: expected a time such as 3600s, 90m, 2h or 1d, got 'soon'", "plot",
                empty.toString(), "--gantt-window", "1h..soon");
        assertBadInput("output.plots: expected true or false, got 'maybe'", "run", "--out", dir.resolve("x").toString(),
                "-Doutput.plots=maybe");
        assertFalse(Files.exists(dir.resolve("x")), "the run did not start");
    }
}
