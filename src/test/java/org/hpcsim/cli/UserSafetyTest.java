package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.output.OutputException;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a new user runs into: reused output directories, a full disk, a console quit, modelling traps. */
class UserSafetyTest {
    @TempDir
    Path dir;

    private static String trace() {
        return SharedData.repoRoot().resolve("traces").resolve("synthetic-2000.swf").toString();
    }

    @Test
    void aRunIntoTheDirectoryOfAnEarlierRunLeavesNoneOfItsFilesNorItsPlots() throws IOException {
        Path out = dir.resolve("run");
        Cli.Result first = Cli.run("run", "-q", "-t", trace(), "-m", "mesh:16x8", "-Dthermal.enabled=true",
                "--plots", "-o", out.toString());
        assertEquals(0, first.status(), first.err());
        assertTrue(Files.exists(out.resolve("thermal.csv")) && Files.exists(out.resolve("plots").resolve("power.png")));
        Cli.Result second = Cli.run("run", "-q", "-t", trace(), "-m", "mesh:16x8", "-o", out.toString());
        assertEquals(0, second.status(), second.err());
        for (String stale : List.of("thermal.csv", "inlet.csv", "plots")) {
            assertFalse(Files.exists(out.resolve(stale)), stale + " of the earlier run is gone");
        }
        // A plot of it now draws this run: no room.
        Cli.Result plot = Cli.run("plot", out.toString());
        assertEquals(0, plot.status(), plot.err());
        assertFalse(Files.exists(out.resolve("plots").resolve("power.png")));
    }

    @Test
    void aDirectoryOfOtherFilesIsRefusedForEveryCommandUnlessForced() throws IOException {
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("thesis.tex"), "years of work");
        Path run = dir.resolve("run");
        assertEquals(0, Cli.run("run", "-q", "-t", trace(), "-o", run.toString()).status());
        List<List<String>> commands = List.of(
                List.of("run", "-q", "-t", trace(), "-o", mine.toString()),
                List.of("plot", run.toString(), "-o", mine.toString()),
                List.of("report", run.toString(), "--no-plots", "-o", mine.toString()),
                List.of("experiment", "malleable", "--random", "5", "-q", "-o", mine.toString()));
        for (List<String> c : commands) {
            Cli.Result r = Cli.run(c.toArray(String[]::new));
            assertEquals(2, r.status(), c + ": " + r.err());
            assertTrue(r.err().startsWith("hpcsim: error: " + mine + ": --out: is not empty") && r.err().contains(
                    "such as 'thesis.tex'"), r.err());
            assertEquals(List.of("thesis.tex"), SweepFixture.names(mine), "untouched by " + c);
        }
        Cli.Result forced = Cli.run("run", "-q", "-t", trace(), "-o", mine.toString(), "--force");
        assertEquals(0, forced.status(), forced.err());
        assertEquals("years of work", Files.readString(mine.resolve("thesis.tex")));
        assertTrue(Files.exists(mine.resolve("jobs.csv")));
    }

    @Test
    void aConsoleQuitRecordsEveryTraceJobThoseNotYetArrivedAsNotSubmitted() throws IOException {
        Path out = dir.resolve("quit");
        Cli.Result r = Cli.runWithInput("run until 20000s\nquit\n", "run", "--console", "-t", trace(), "-m",
                "mesh:16x8", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
        int column = List.of(lines.get(0).split(",")).indexOf("status");
        Map<String, Integer> byStatus = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            byStatus.merge(line.split(",", -1)[column], 1, Integer::sum);
        }
        assertEquals(2000, lines.size() - 1, "one row per trace line: " + byStatus);
        assertTrue(byStatus.get("not-submitted") > 1000 && byStatus.get("completed") > 0, byStatus.toString());
        SummaryJson s = SummaryJson.read(out.resolve("summary.json"));
        assertEquals("2000", s.text("jobs_total"));
        assertEquals(byStatus.get("not-submitted").toString(), s.text("jobs_not_submitted"));
        assertEquals("console", s.text("stopped_by"));
        assertTrue(r.out().contains(byStatus.get("not-submitted") + " not submitted"), r.out());
    }

    /** An SWF trace without requested times (field 9 is -1): the estimate is the run time. */
    private Path withoutRequestedTimes() throws IOException {
        Path t = dir.resolve("no-estimates.swf");
        StringBuilder sb = new StringBuilder("; MaxProcs: 32\n");
        for (int i = 1; i <= 40; i++) {
            sb.append(i).append(' ').append(i * 50).append(" -1 ").append(600 + i).append(" 8 -1 -1 8 -1 -1 1 1 1 -1 1 1 -1 -1\n");
        }
        Files.writeString(t, sb);
        return t;
    }

    @Test
    void estimatesEqualToRunTimesUnderANetworkModelThatLengthensRunsGetAWarningAndASummaryNote() throws IOException {
        Path t = withoutRequestedTimes();
        Cli.Result r = Cli.run("run", "-t", t.toString(), "-m", "mesh:8x4", "-Dnetwork.model=distance", "-o",
                dir.resolve("trap").toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().startsWith("hpcsim: warning: 40 of 40 jobs have an estimate equal to their run time")
                && r.err().contains("-Dscheduler.missing-estimate=2"), r.err());
        assertTrue(r.out().contains("note: 1 warning about the settings"), r.out());
        SummaryJson s = SummaryJson.read(dir.resolve("trap").resolve("summary.json"));
        assertTrue(s.text("warnings").startsWith("40 of 40 jobs have an estimate equal"), s.text("warnings"));
        assertTrue(s.number("jobs_killed") > 0, "the trap is real: jobs were killed");

        // The documented way out: estimate = run time x 2; no warning, no job killed.
        Cli.Result fixed = Cli.run("run", "-t", t.toString(), "-m", "mesh:8x4", "-Dnetwork.model=distance",
                "-Dscheduler.missing-estimate=2", "-o", dir.resolve("fixed").toString());
        assertEquals(0, fixed.status(), fixed.err());
        assertFalse(fixed.err().contains("warning"), fixed.err());
        assertEquals(0, SummaryJson.read(dir.resolve("fixed").resolve("summary.json")).number("jobs_killed"));
    }

    @Test
    void anAutomaticMachineOfTensOfThousandsOfNodesGetsAWarningWithTheCoresPerNodeTheHeaderImplies()
            throws IOException {
        Path t = dir.resolve("wide.swf");
        Files.writeString(t, "; MaxNodes: 1250\n; MaxProcs: 20000\n1 0 -1 60 16 -1 -1 16 120 -1 1 1 1 -1 1 1 -1 -1\n");
        Cli.Result r = Cli.run("run", "-t", t.toString(), "-o", dir.resolve("wide").toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("hpcsim: warning: machine = auto made 20,000 nodes (1 processor each)")
                && r.err().contains("--cores-per-node 16"), r.err());
        Cli.Result sized = Cli.run("run", "-q", "-t", t.toString(), "--cores-per-node", "16", "-o",
                dir.resolve("sized").toString());
        assertEquals(0, sized.status(), sized.err());
        assertEquals("1250", SummaryJson.read(dir.resolve("sized").resolve("summary.json")).text("nodes"));
    }

    @Test
    void aMistypedNetworkPatternIsAnErrorEvenWhileNoNetworkModelUsesIt() {
        Cli.Result r = Cli.run("run", "-q", "-t", trace(), "-Dnetwork.pattern=rnig", "-o", dir.resolve("p").toString());
        assertEquals(2, r.status(), r.err());
        assertEquals("hpcsim: error: -Dnetwork.pattern: unknown communication pattern 'rnig' (expected all-to-all,"
                + " none, ring, stencil or a .mtx file)", r.err().strip());
        assertFalse(Files.exists(dir.resolve("p")));
    }

    @Test
    void anOutputThatCannotBeWrittenIsOneLineNamingTheFileWithExitStatus3NotAnInternalError() {
        Path file = dir.resolve("out").resolve("jobs.csv");
        ComponentFailure f = new ComponentFailure(5, "recorder", 0, 0, "handling JobEnded",
                new OutputException(file, new IOException("No space left on device")));
        StringWriter text = new StringWriter();
        int status = Main.report(f, "", new PrintWriter(text));
        assertEquals(Main.EXIT_IO, status);
        assertEquals("hpcsim: error: cannot write " + file + ": No space left on device\n", text.toString());
    }
}
