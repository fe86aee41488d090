package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.hpcsim.workload.SyntheticWorkload;
import org.hpcsim.output.OutputDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLineTest {
    @TempDir
    Path dir;

    private static List<String> files(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            // The lock and the manifest every output directory keeps are not outputs.
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(OutputDirectory.LOCK) && !n.equals(OutputDirectory.MANIFEST)).sorted().toList();
        }
    }

    @Test
    void runWithoutATraceOrConfigSimulatesTheBundledDefault() throws IOException {
        Path out = dir.resolve("default");
        Cli.Result r = Cli.run("run", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("hpcsim: 2000 jobs ("), r.out());
        assertTrue(r.out().contains("on mesh:16x8, easy + sorted-free-list[snake]"), r.out());
        assertEquals(List.of("config-used.conf", "jobs.csv", "summary.json", "timeseries.csv"), files(out));
        assertEquals(2001, Files.readAllLines(out.resolve("jobs.csv")).size());
        String summary = Files.readString(out.resolve("summary.json"));
        for (String key : new String[] {"\"jobs_completed\"", "\"jobs_killed\"", "\"jobs_rejected\"", "\"makespan_s\"",
            "\"mean_wait_s\"", "\"max_wait_s\"", "\"mean_response_s\"", "\"mean_bounded_slowdown\"", "\"utilization\"",
            "\"messages\"", "\"events\"", "\"wall_clock_s\"", "\"events_per_s\""}) {
            assertTrue(summary.contains(key), key);
        }
        assertTrue(Files.readString(out.resolve("config-used.conf")).contains("sorted-free-list[snake]"));
    }

    @Test
    void aRunOnOneThreadRunsSequentiallyOnTwoInTimeWindowsOrOnPekkoWithTheSameJobs() throws IOException {
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        Path pinned = dir.resolve("pekko-one");
        Path room = dir.resolve("room");
        assertEquals(0, Cli.run("run", "-q", "--threads", "1", "--out", one.toString()).status());
        assertEquals(0, Cli.run("run", "-q", "--threads", "2", "--out", two.toString()).status());
        // A run that cannot use windows (a modelled room) gets Pekko's actors on more threads.
        assertEquals(0, Cli.run("run", "-q", "--threads", "2", "-Dthermal.enabled=true", "--out",
                room.toString()).status());
        assertEquals(0, Cli.run("run", "-q", "--threads", "1", "-Dkernel.executor=pekko", "--out",
                pinned.toString()).status());
        String s1 = Files.readString(one.resolve("summary.json"));
        String s2 = Files.readString(two.resolve("summary.json"));
        String sp = Files.readString(pinned.resolve("summary.json"));
        assertTrue(s1.contains("\"executor\": \"sequential\"") && s1.contains("\"actor_messages\": 0"), s1);
        assertTrue(s2.contains("\"executor\": \"windows\"") && s2.contains("\"threads\": 2")
                && s2.contains("\"windows\": 2"), s2);
        String sr = Files.readString(room.resolve("summary.json"));
        assertTrue(sr.contains("\"executor\": \"pekko\"") && sr.contains("\"threads\": 2"), sr);
        assertTrue(sp.contains("\"executor\": \"pekko\"") && sp.contains("\"threads\": 1"), sp);
        byte[] jobs = Files.readAllBytes(one.resolve("jobs.csv"));
        assertArrayEquals(jobs, Files.readAllBytes(two.resolve("jobs.csv")));
        assertArrayEquals(jobs, Files.readAllBytes(pinned.resolve("jobs.csv")));
    }

    @Test
    void quietPrintsNothingAndOverridesReachTheConfiguration() throws IOException {
        Path out = dir.resolve("q");
        Cli.Result r = Cli.run("run", "-q", "--out", out.toString(), "--scheduler", "fcfs",
                "-Dscheduler.kill-at-estimate=false", "-Dnode.report-latency=2s");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.out());
        String used = Files.readString(out.resolve("config-used.conf"));
        assertTrue(used.contains("kill-at-estimate=\"false\""), used);
        assertTrue(used.contains("report-latency=\"2s\""), used);
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"jobs_killed\": 0"), "SST's rule: nobody is killed\n" + summary);
        assertTrue(summary.contains("\"scheduler\": \"fcfs\""), summary);
    }

    private void assertBadInput(String expectedInMessage, String... args) throws IOException {
        Path out = dir.resolve("bad");
        String[] all = Stream.concat(Stream.of(args), Stream.of("--out", out.toString())).toArray(String[]::new);
        Cli.Result r = Cli.run(all);
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains(expectedInMessage), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertFalse(Files.exists(out), "no output left behind");
    }

    @Test
    void badInputIsOneLineNamingWhereAndExitsWithTwoLeavingNoOutput() throws IOException {
        Path trace = dir.resolve("t.sim");
        Files.writeString(trace, "0 4 10 -1\n5 4 ten -1\n");
        assertBadInput(trace + ":2: field 3 (runtime): 'ten' is not a number of seconds",
                "run", "--trace", trace.toString(), "--machine", "simple:8");
        Files.writeString(trace, "0 4 10 -1\n");
        assertBadInput("unknown scheduler 'esy' (known: fcfs, priority, easy, conservative, idle-shutdown, easy-powercap, external)",
                "run", "--trace", trace.toString(), "--machine", "simple:8", "--scheduler", "esy");
        assertBadInput("unknown queue order 'biggest'",
                "run", "--trace", trace.toString(), "--machine", "simple:8", "--scheduler", "easy[biggest]");
        assertBadInput("bad machine spec 'mesh:16by8'",
                "run", "--trace", trace.toString(), "--machine", "mesh:16by8");
        assertBadInput("scheduler.polcy: unknown key (known keys in scheduler:",
                "run", "--trace", trace.toString(), "-Dscheduler.polcy=fcfs");
        assertBadInput("kernel.threads: expected an integer, got 'many'",
                "run", "--trace", trace.toString(), "--machine", "simple:8", "-Dkernel.threads=many");
        assertBadInput("output.timeseries-interval: expected a duration such as 0s, 250ms or 2h, got 'often'",
                "run", "--trace", trace.toString(), "--machine", "simple:8", "-Doutput.timeseries-interval=often");
        assertBadInput("output.timeseries-interval: must not be negative",
                "run", "--trace", trace.toString(), "--machine", "simple:8", "-Doutput.timeseries-interval=-5s");
        assertBadInput(dir.resolve("missing.swf") + ": no such file",
                "run", "--trace", dir.resolve("missing.swf").toString(), "--machine", "simple:8");
        assertBadInput("machine is auto but the trace has no MaxProcs or MaxNodes header",
                "run", "--trace", trace.toString());
    }

    @Test
    void aBadValueNamesWhereItWasGivenWhicheverCheckFindsIt() throws IOException {
        Path trace = dir.resolve("t.sim");
        Files.writeString(trace, "0 4 10 -1\n");
        String t = trace.toString();
        // An unknown name is found when the configuration is read, a bad curve argument only when the
        // allocator is built: both name the option, the -D key or the file line that gave the value.
        assertBadInput("hpcsim: error: --allocator: allocator.policy: unknown allocator 'nosuch' (known: ",
                "run", "-t", t, "-m", "simple:8", "-a", "nosuch");
        assertBadInput("hpcsim: error: --allocator: allocator.policy: unknown allocator 'nosuch' (known: ",
                "run", "-t", t, "-m", "simple:8", "-a", "nosuch[x]");
        assertBadInput("hpcsim: error: --allocator: allocator.policy: unknown curve 'nocurve' (known: ",
                "run", "-t", t, "-m", "simple:8", "-a", "best-fit[nocurve]");
        assertBadInput("hpcsim: error: -Dallocator.policy: unknown allocator 'nosuch' (known: ",
                "run", "-t", t, "-m", "simple:8", "-Dallocator.policy=nosuch");
        assertBadInput("hpcsim: error: -Dallocator.policy: unknown curve 'nocurve' (known: ",
                "run", "-t", t, "-m", "simple:8", "-Dallocator.policy=best-fit[nocurve]");
        assertBadInput("hpcsim: error: --machine: machine: bad machine spec 'mesh:x'", "run", "-t", t, "-m", "mesh:x");
        assertBadInput("hpcsim: error: -Dmachine: bad machine spec 'mesh:x'", "run", "-t", t, "-Dmachine=mesh:x");
        assertBadInput("hpcsim: error: -Dscheduler.polcy: unknown key (known keys in scheduler: ",
                "run", "-t", t, "-Dscheduler.polcy=fcfs");
        Path conf = dir.resolve("a.conf");
        Files.writeString(conf, "machine = \"simple:8\"\nallocator.policy = \"best-fit[nocurve]\"\n");
        assertBadInput("hpcsim: error: " + conf + ":2: allocator.policy: unknown curve 'nocurve' (known: ",
                "run", "-c", conf.toString(), "-t", t);
    }

    @Test
    void runAndSweepTakeATraceFormatAndRecogniseSwfByContent() throws IOException {
        Path swf = dir.resolve("log.txt");
        Files.writeString(swf, "; MaxProcs: 8\n" + "1 0 5 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1\n"
                + "2 10 5 100 8 -1 -1 8 200 -1 1 1 1 -1 1 -1 -1 -1\n");
        Path out = dir.resolve("swf");
        Cli.Result bySwfContent = Cli.run("run", "-q", "-t", swf.toString(), "-o", out.toString());
        assertEquals(0, bySwfContent.status(), bySwfContent.err());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"nodes\": 8"), "sized from the SWF header");

        Path four = dir.resolve("t.txt");
        Files.writeString(four, "0 4 10 -1\n5 2 20 30\n");
        assertBadInput(four + ":1: trace-format: not SWF", "run", "-t", four.toString(), "-m", "simple:8");
        Path run = dir.resolve("four");
        Cli.Result named = Cli.run("run", "-q", "-t", four.toString(), "--trace-format", "four-column", "-m", "simple:8",
                "-o", run.toString());
        assertEquals(0, named.status(), named.err());
        assertEquals(3, Files.readAllLines(run.resolve("jobs.csv")).size());
        assertTrue(Files.readString(run.resolve("config-used.conf")).contains("four-column"));

        Path sweep = dir.resolve("s.conf");
        Files.writeString(sweep, "trace = \"" + four + "\"\nmachine = \"simple:8\"\nsweep { axes { seed = [1, 2] } }\n");
        Path swept = dir.resolve("swept");
        assertEquals(2, Cli.run("sweep", "-q", "-c", sweep.toString(), "-o", swept.toString()).status());
        Cli.Result sweepNamed = Cli.run("sweep", "-q", "-c", sweep.toString(), "--trace-format", "four-column",
                "-o", swept.toString());
        assertEquals(0, sweepNamed.status(), sweepNamed.err());
        assertEquals(3, Files.readAllLines(swept.resolve("results.csv")).size());
    }

    @Test
    void benchPassesRunOptionsOnAsTyped() {
        BenchCommand.Run bench = new BenchCommand.Run();
        new picocli.CommandLine(bench).parseArgs("-t", "t.txt", "--trace-format", "four-column", "-a", "mm",
                "-Dseed=3", "-o", "elsewhere");
        assertEquals(List.of("--trace", "t.txt", "--trace-format", "four-column", "--allocator", "mm", "-Dseed=3"),
                bench.options.toArguments());
    }

    @Test
    void aConfigFileErrorNamesTheFileAndLine() throws IOException {
        Path conf = dir.resolve("s.conf");
        Files.writeString(conf, "machine = \"simple:4\"\n\nscheduler {\n  policy = easy\n  bogus = 1\n}\n");
        assertBadInput(conf + ":5: scheduler.bogus: unknown key", "run", "--config", conf.toString());
        Files.writeString(conf, "machine = \"simple:4\"\nscheduler = easy\n");
        assertBadInput(conf + ":2: scheduler: is a section", "run", "--config", conf.toString());
        Files.writeString(conf, "machine = \n");
        assertBadInput(conf + ":", "run", "--config", conf.toString());
    }

    @Test
    void anOutputPathThatIsAFileIsRefused() throws IOException {
        Path file = dir.resolve("taken");
        Files.writeString(file, "x");
        Cli.Result r = Cli.run("run", "--out", file.toString());
        assertEquals(2, r.status(), r.err());
        assertEquals("x", Files.readString(file));
    }

    @Test
    void jobsWiderThanTheMachineAreRecordedAsRejectedNeverDropped() throws IOException {
        Path trace = dir.resolve("w.sim");
        Files.writeString(trace, "0 4 10 -1\n0 9 10 -1\n0 0 10 -1\n");
        Path out = dir.resolve("w");
        Cli.Result r = Cli.run("run", "-q", "--trace", trace.toString(), "--machine", "simple:8", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        assertEquals(4, rows.size());
        assertTrue(rows.contains("1,0,,,,,20,9,,rejected,\"needs 9 nodes, the machine has 8\",,,,,,,,,,,,,,,,,0,"),
                rows.toString());
        assertTrue(rows.contains("2,0,,,,,20,0,,rejected,no processors requested,,,,,,,,,,,,,,,,,0,"), rows.toString());
        assertTrue(rows.contains("0,0,0,0,10,10,20,4,0;1;2;3,completed,,,,4,4,1.000000,,,,,,,,,,,,1,0"), rows.toString());
    }

    @Test
    void listShowsEveryPolicyWithItsParameters() {
        Cli.Result r = Cli.run("list");
        assertEquals(0, r.status());
        for (String s : new String[] {"fcfs", "priority[order]", "easy[order]", "conservative[order]",
            "sorted-free-list[curve]", "order = fifo", "curve = snake", "smallfirst", "largefirst", "shortfirst",
            "longfirst", "cplant", "row-major", "mesh:XxY[xZ]", "torus:XxY[xZ]", "simple:N", "swf", "sim"}) {
            assertTrue(r.out().contains(s), s);
        }
    }

    @Test
    void helpAndVersionWork() {
        Cli.Result help = Cli.run("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("run") && help.out().contains("bench") && help.out().contains("list"));
        Cli.Result runHelp = Cli.run("run", "--help");
        assertTrue(runHelp.out().contains("--cores-per-node=N") && runHelp.out().contains("-D=KEY=VALUE"),
                runHelp.out());
        Cli.Result version = Cli.run("--version");
        assertEquals(0, version.status());
        assertTrue(version.out().startsWith("hpcsim "), version.out());
        assertEquals(2, Cli.run("frobnicate").status());
    }

    @Test
    void generateWritesTheDocumentedModel() throws IOException {
        Path out = dir.resolve("g.swf");
        assertEquals(0, Cli.run("generate", "--jobs", "50", "--procs", "16", "--seed", "9", "-o", out.toString()).status());
        assertEquals(SyntheticWorkload.generate(50, 16, 0.75, 9), Files.readString(out));
    }

    @Test
    void generateIntoAMissingDirectoryIsBadInputAndWritesNothing() {
        Path target = dir.resolve("missing").resolve("t.swf");
        Cli.Result r = Cli.run("generate", "--jobs", "10", "-o", target.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("no such directory"), r.err());
        assertTrue(!Files.exists(target.getParent()));
    }

    @Test
    void pinnedJobsRunOnTheirNodesAndBadPinsAreBadInput() throws IOException {
        Path trace = dir.resolve("p.sim");
        Files.writeString(trace, "0 2 10 10\n0 2 10 10\n");
        Path pins = dir.resolve("pins.txt");
        Files.writeString(pins, "0: 6,7\n");
        Path out = dir.resolve("p");
        Cli.Result r = Cli.run("run", "-q", "--trace", trace.toString(), "--machine", "mesh:4x2", "--pinned",
                pins.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        assertTrue(rows.get(1).startsWith("0,0,0,0,10,10,10,2,6;7,") || rows.get(2).startsWith("0,0,0,0,10,10,10,2,6;7,"),
                rows.toString());
        Files.writeString(pins, "0: 6\n");
        r = Cli.run("run", "-q", "--trace", trace.toString(), "--machine", "mesh:4x2", "--pinned", pins.toString(),
                "--out", dir.resolve("p2").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("job 0 needs 2 nodes but is pinned to 1"), r.err());
        Files.writeString(pins, "5: 6,7\n");
        r = Cli.run("run", "-q", "--trace", trace.toString(), "--machine", "mesh:4x2", "--pinned", pins.toString(),
                "--out", dir.resolve("p3").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("job 5 is not in the trace"), r.err());
        assertTrue(!Files.exists(dir.resolve("p3")));
    }
}
