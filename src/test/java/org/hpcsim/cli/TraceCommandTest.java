package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.hpcsim.workload.Trace;
import org.hpcsim.workload.TraceFormat;
import org.hpcsim.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceCommandTest {
    @TempDir
    Path dir;

    private static final String SWF = """
            ; Version: 2.2
            ; MaxJobs: 3
            ; MaxProcs: 128
            1 0 -1 100 128 -1 -1 128 200 -1 1 -1 -1 -1 -1 -1 -1 -1
            2 10 -1 50 5 -1 -1 5 -1 -1 1 -1 -1 -1 -1 -1 -1 -1
            3 30 -1 -1 4 -1 -1 4 60 -1 0 -1 -1 -1 -1 -1 -1 -1
            """;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return p;
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<String> jobLines(Path p) throws IOException {
        return Files.readAllLines(p).stream().filter(l -> !l.startsWith("#") && !l.startsWith(";")).toList();
    }

    @Test
    void transformWritesTheTransformedTraceAndSaysWhatItDid() throws IOException {
        Path in = write("in.swf", SWF);
        Path out = dir.resolve("out.4col");
        Cli.Result r = Cli.run("trace", "transform", in.toString(), "--scale-procs", "4", "--work-multiple", "2",
                "--format", "four-column", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        assertEquals("hpcsim: wrote 3 jobs to " + out + " (four-column) from 3 jobs of " + in
                + " (swf); transforms: scale-procs 4, work-multiple 2\n"
                + "  1 rejected job (unusable fields) copied unchanged\n", r.out());
        // 128/4 = 32, 5/4 -> 2; times doubled; job 2's missing requested time is its run time;
        // job 3 (unknown run time) is copied unchanged.
        assertEquals(List.of("0 32 200 400", "10 2 100 100", "30 4 -1 60"), jobLines(out));
        assertTrue(Files.readString(out).contains("# MaxProcs: 32\n"), Files.readString(out));
        assertEquals(List.of("in.swf", "out.4col"), files(), "no temporary file left");
        if (Files.getFileStore(dir).supportsFileAttributeView("posix")) {
            Path probe = Files.createFile(dir.resolve("probe"));
            assertEquals(Files.getPosixFilePermissions(probe), Files.getPosixFilePermissions(out),
                    "the permissions of any new file, not a private temporary file's");
        }
    }

    @Test
    void transformRecognisesSwfInputByContentAndOtherwiseAsksForTheInputFormat() throws IOException {
        Path in = write("log.txt", SWF);
        Path out = dir.resolve("out.4col");
        Cli.Result r = Cli.run("trace", "transform", in.toString(), "-o", out.toString(), "--format", "four-column");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("from 3 jobs of " + in + " (swf)"), r.out());
        Path four = write("jobs.txt", "0 4 10 -1\n");
        Cli.Result unknown = Cli.run("trace", "transform", four.toString(), "-o", dir.resolve("x.swf").toString());
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().startsWith("hpcsim: error: " + four + ":1: --input-format: not SWF")
                && unknown.err().contains("set --input-format to one of swf, sim, four-column"), unknown.err());
    }

    @Test
    void theOutputReadsBackAndRunsAndGzipIsWrittenForAGzName() throws IOException {
        Path in = write("in.sim", "0 4 10 -1\n5 2 20 30\n");
        Path out = dir.resolve("rep.swf.gz");
        Cli.Result r = Cli.run("trace", "transform", in.toString(), "--replicate", "3", "--seed", "5",
                "--format", "swf", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        try (InputStream gz = new GZIPInputStream(Files.newInputStream(out))) {
            assertTrue(new String(gz.readAllBytes(), StandardCharsets.ISO_8859_1).startsWith("; Version: 2.2\n"));
        }
        Trace t = Trace.scan(out, TraceFormat.SWF, WorkloadOptions.DEFAULTS);
        assertEquals(6, t.jobs());
        assertTrue(t.sorted(), "written in arrival order");
        Path run = dir.resolve("run");
        Cli.Result sim = Cli.run("run", "-q", "--trace", out.toString(), "--machine", "simple:8", "--out", run.toString());
        assertEquals(0, sim.status(), sim.err());
        List<String> rows = Files.readAllLines(run.resolve("jobs.csv"));
        assertEquals(7, rows.size());
        assertEquals(List.of("0", "1", "2", "3", "4", "5"), rows.stream().skip(1).map(l -> l.split(",")[0]).sorted().toList(),
                "ids 0 and 1 from the .sim trace, copies 2..5");
    }

    @Test
    void theSameSeedGivesTheSameFileAndADifferentSeedUsuallyNot() throws IOException {
        Path in = write("in.4col", "0 1 10 10\n100 1 10 10\n200 1 10 10\n300 1 10 10\n");
        Path a = dir.resolve("a.4col");
        Path b = dir.resolve("b.4col");
        Path c = dir.resolve("c.4col");
        assertEquals(0, Cli.run("trace", "transform", in.toString(), "--replicate", "4", "--seed", "3", "-o", a.toString()).status());
        assertEquals(0, Cli.run("trace", "transform", in.toString(), "--replicate", "4", "--seed", "3", "-o", b.toString()).status());
        assertEquals(0, Cli.run("trace", "transform", in.toString(), "--replicate", "4", "--seed", "4", "-o", c.toString()).status());
        assertEquals(Files.readString(a), Files.readString(b));
        assertFalse(Files.readString(a).equals(Files.readString(c)));
        assertEquals(16, jobLines(a).size());
    }

    private Cli.Result assertBadInput(String expectedInMessage, String... args) throws IOException {
        Path out = dir.resolve("kept.swf");
        Files.writeString(out, "x");
        List<String> before = files();
        String[] all = Stream.concat(Stream.of("trace", "transform"), Stream.of(args)).toArray(String[]::new);
        Cli.Result r = Cli.run(all);
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains(expectedInMessage), r.err());
        assertEquals("", r.out());
        assertEquals("x", Files.readString(out), "the output file is left as it was");
        assertEquals(before, files(), "no file written, no temporary file left");
        return r;
    }

    @Test
    void badInputIsOneLineExitsWithTwoAndWritesNothing() throws IOException {
        Path bad = write("bad.swf", SWF + "4 40 -1 1O -1 -1 -1 4 60 -1 0 -1 -1 -1 -1 -1 -1 -1\n");
        Path good = write("good.swf", SWF);
        String out = dir.resolve("kept.swf").toString();
        for (String[] args : new String[][] {
            {bad + ":7: field 4 (run time): '1O' is not a number of seconds", bad.toString(), "-o", out},
            {dir.resolve("missing.swf") + ": no such file", dir.resolve("missing.swf").toString(), "-o", out},
            {"--work-multiple: must be > 0, got 0", good.toString(), "--work-multiple", "0", "-o", out},
            {"--work-multiple: must be > 0, got -1.5", good.toString(), "--work-multiple=-1.5", "-o", out},
            {"--replicate: must be an integer >= 1, got 0", good.toString(), "--replicate", "0", "-o", out},
            {"--scale-procs: must be an integer >= 1, got 0", good.toString(), "--scale-procs", "0", "-o", out},
            {"--format: unknown format 'csv' (known: swf, sim, four-column)", good.toString(), "--format", "csv", "-o", out},
            {"--input-format: unknown format 'x'", good.toString(), "--input-format", "x", "-o", out},
            {"--swf-size: unknown value 'both'", good.toString(), "--swf-size", "both", "-o", out},
            {"--missing-estimate: expected 'runtime' or a positive factor", good.toString(), "--missing-estimate", "0",
                "-o", out},
        }) {
            Cli.Result r = assertBadInput(args[0], Arrays.copyOfRange(args, 1, args.length));
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        }
        Path txt = write("jobs.txt", "0 1 10 10\n");
        assertBadInput(txt + ":1: --input-format: not SWF (the first job line has 4 fields, not 18 numbers)",
                txt.toString(), "-o", out);
        Path sim = dir.resolve("x.sim");
        assertBadInput(sim + ": --out: the name says sim but the output format is swf (the input's); pass --format sim"
                + " or --format swf", good.toString(), "-o", sim.toString());
        assertFalse(Files.exists(sim));
        assertBadInput(dir + ": --out: is a directory", good.toString(), "--format", "swf", "-o", dir.toString());
        assertBadInput("--out: no such directory", good.toString(), "-o", dir.resolve("no/such/out.swf").toString());
    }

    @Test
    void usageErrorsExitWithTwo() throws IOException {
        Path good = write("good.swf", SWF);
        assertBadInput("Missing required option: '--out=FILE'", good.toString());
        assertBadInput("Invalid value for option '--work-multiple'", good.toString(), "--work-multiple", "lots", "-o",
                dir.resolve("kept.swf").toString());
        assertBadInput("Invalid value for option '--replicate'", good.toString(), "--replicate", "1.5", "-o",
                dir.resolve("kept.swf").toString());
        Cli.Result r = Cli.run("trace");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("hpcsim: error: missing command (one of: transform)"), r.err());
    }

    @Test
    void whatTheOutputCannotHoldIsReportedOnStderr() throws IOException {
        Path sim = write("opts.sim", "0 4 10 -1 mesh 2 2\n5 2 20 30\n");
        Path out = dir.resolve("opts.4col");
        Cli.Result r = Cli.run("trace", "transform", sim.toString(), "--format", "four-column", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("hpcsim: warning: the .sim options of 1 job were not written: four-column has no place for them\n",
                r.err());
        assertEquals(List.of("0 4 10 20", "5 2 20 30"), jobLines(out));

        Path big = write("big.4col", "0 4 10 10\n5 3000000000 10 10\n");
        Path out2 = dir.resolve("big.swf");
        r = Cli.run("trace", "transform", big.toString(), "--format", "swf", "-o", out2.toString());
        assertEquals(2, r.status(), r.err());
        assertEquals("hpcsim: error: " + big + ":2: field 2 (procs): '3000000000' is more than the maximum, 2147483647\n",
                r.err());
        assertFalse(Files.exists(out2));
    }

    @Test
    void anExistingOutputIsReplacedAndTheInputMayBeTheOutput() throws IOException {
        Path in = write("same.4col", "0 8 10 10\n");
        Cli.Result r = Cli.run("trace", "transform", in.toString(), "--scale-procs", "2", "-o", in.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of("0 4 10 10"), jobLines(in));
    }

    @Test
    void helpDescribesEveryOptionAndTheRules() {
        Cli.Result r = Cli.run("trace", "transform", "--help");
        assertEquals(0, r.status());
        for (String s : new String[] {"INPUT", "--out=FILE", "--format=FORMAT", "--input-format=FORMAT", "--scale-procs=D",
            "--work-multiple=F", "--replicate=R", "--seed=S", "--swf-size=FIELD", "--missing-estimate=RULE",
            "Transforms apply in this order: --scale-procs, --work-multiple, --replicate.",
            "SplittableRandom(--seed)", "M + (k - 2) * N + i + 1", "Exit status"}) {
            assertTrue(r.out().contains(s), s + "\n" + r.out());
        }
        assertTrue(Cli.run("--help").out().contains("trace"));
        assertTrue(Cli.run("trace", "--help").out().contains("transform"));
    }

    @Test
    void runReadsAFourColumnTraceByNameOrByTheTraceFormatKey() throws IOException {
        Path four = write("t.4col", "# submit procs runtime requested\n0 4 10 20\n0 9 10 20\n");
        Path out = dir.resolve("r4");
        Cli.Result r = Cli.run("run", "-q", "--trace", four.toString(), "--machine", "simple:8", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        assertTrue(rows.contains("1,0,0,0,10,10,20,4,0;1;2;3,completed,,,,4,4,1.000000,,,,,,,,,,,,1,0"), rows.toString());
        assertTrue(rows.contains("2,0,,,,,20,9,,rejected,\"needs 9 nodes, the machine has 8\",,,,,,,,,,,,,,,,,0,"), rows.toString());
        Path txt = write("t.txt", "0 4 10 20\n");
        Path out2 = dir.resolve("rt");
        r = Cli.run("run", "-q", "--trace", txt.toString(), "--machine", "simple:8", "-Dtrace-format=four-column",
                "--out", out2.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Cli.run("list").out().contains("four-column"));
    }
}
