package org.hpcsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.time.SimTime;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceTransformTest {
    @TempDir
    Path dir;

    private static final String SWF_HEADER = """
            ; Version: 2.2
            ; Computer: Test machine
            ;   MaxJobs: 3
            ; MaxRecords: 3
            ; MaxNodes: 32 (dual CPU)
            ; MaxProcs: 64
            ; Note: an original note
            """;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return p;
    }

    private record Out(String text, TraceTransform.Summary summary) {
        /** The job lines, without comments. */
        List<String> jobs() {
            return text.lines().filter(l -> !l.startsWith(";") && !l.startsWith("#")).toList();
        }

        List<String> comments() {
            return text.lines().filter(l -> l.startsWith(";") || l.startsWith("#")).toList();
        }
    }

    private static Out transform(Path in, TraceFormat inFormat, TraceTransform.Settings s, TraceFormat out)
            throws IOException {
        StringWriter w = new StringWriter();
        TraceTransform.Summary summary = TraceTransform.read(in, inFormat, WorkloadOptions.DEFAULTS).write(s, out, w);
        return new Out(w.toString(), summary);
    }

    private static TraceTransform.Settings settings(int scaleProcs, String workMultiple, int replicate, long seed) {
        return new TraceTransform.Settings(scaleProcs, new BigDecimal(workMultiple), replicate, seed);
    }

    private static List<Job> readAll(Path p, TraceFormat f) throws IOException {
        List<Job> jobs = new ArrayList<>();
        try (TraceReader r = f.open(p, WorkloadOptions.DEFAULTS)) {
            Job j;
            while ((j = r.next()) != null) {
                jobs.add(j);
            }
        }
        return jobs;
    }

    @Test
    void scaleProcsDividesRoundingUpToAtLeastOne() throws IOException {
        Path in = write("a.4col", "0 128 100 200\n10 5 50 60\n20 1 10 -1\n30 0 10 10\n");
        Out out = transform(in, TraceFormat.FOUR_COLUMN, settings(4, "1", 1, 1), TraceFormat.FOUR_COLUMN);
        // ceil(128/4) = 32, ceil(5/4) = 2, ceil(1/4) = 1; the job with no processors is rejected: unchanged.
        // The missing requested time is written as the estimate the reader derived (the run time).
        assertEquals(List.of("0 32 100 200", "10 2 50 60", "20 1 10 10", "30 0 10 10"), out.jobs());
        assertEquals(new TraceTransform.Summary(4, 4, 1, 0, 10), out.summary(), "g = (20 - 0) / 2");
        assertTrue(out.comments().contains("# Note: written by hpcsim trace transform from a.4col (four-column)"),
                out.text());
        assertTrue(out.comments().contains("# Note: transforms, in this order: scale-procs 4"), out.text());
    }

    @Test
    void scaleProcsOnSwfDividesBothProcessorFieldsAndTheHeader() throws IOException {
        Path in = write("a.swf", SWF_HEADER
                + "1 0 -1 100 9 -1 -1 17 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 5 -1 100 -1 -1 -1 3 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Out out = transform(in, TraceFormat.SWF, settings(8, "1", 1, 1), TraceFormat.SWF);
        assertEquals(List.of("1 0 -1 100 2 -1 -1 3 -1 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "2 5 -1 100 -1 -1 -1 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1"), out.jobs());
        assertEquals(List.of("; Version: 2.2", "; Computer: Test machine", ";   MaxJobs: 2", "; MaxRecords: 2",
                "; MaxNodes: 4 (dual CPU)", "; MaxProcs: 8", "; Note: an original note",
                "; Note: written by hpcsim trace transform from a.swf (swf)",
                "; Note: transforms, in this order: scale-procs 8"), out.comments());
        Out four = transform(in, TraceFormat.SWF, settings(8, "1", 1, 1), TraceFormat.FOUR_COLUMN);
        assertEquals(List.of("0 2 100 100", "5 1 100 100"), four.jobs(), "allocated processors, else requested");
        assertEquals(List.of("# SWF header of a.swf:", "# Version: 2.2", "# Computer: Test machine", "# MaxJobs: 2",
                "# MaxRecords: 2", "# MaxNodes: 4 (dual CPU)", "# MaxProcs: 8", "# Note: an original note",
                "# Note: written by hpcsim trace transform from a.swf (swf)",
                "# Note: transforms, in this order: scale-procs 8"), four.comments());
    }

    @Test
    void workMultipleScalesRunAndRequestedTimesExactlyAndKeepsArrivals() throws IOException {
        Path in = write("w.swf", String.join("\n",
                "1 10 3 100 4 90 -1 4 200 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "2 20 -1 3 4 -1 -1 4 -1 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "3 30 -1 0.000001 4 -1 -1 4 0 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "4 40 -1 -1 4 -1 -1 4 50 -1 1 -1 -1 -1 -1 -1 -1 -1", ""));
        Out out = transform(in, TraceFormat.SWF, settings(1, "1.5", 1, 1), TraceFormat.SWF);
        // 100 x 1.5 = 150, CPU 90 -> 135, requested 200 -> 300; unknown (-1) and 0 stay;
        // 1 us x 1.5 = 1.5 us -> 2 us (halves up); the rejected job 4 (unknown run time) is unchanged.
        assertEquals(List.of("1 10 3 150 4 135 -1 4 300 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "2 20 -1 4.5 4 -1 -1 4 -1 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "3 30 -1 0.000002 4 -1 -1 4 0 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "4 40 -1 -1 4 -1 -1 4 50 -1 1 -1 -1 -1 -1 -1 -1 -1"), out.jobs());
        Out sim = transform(in, TraceFormat.SWF, settings(1, "0.5", 1, 1), TraceFormat.SIM);
        // .sim needs an estimate: job 2's missing requested time is its run time (3 s), then halved.
        assertEquals(List.of("10 4 50 100", "20 4 1.5 1.5", "30 4 0.000001 0.000001", "40 4 -1 50"), sim.jobs());
    }

    @Test
    void timesRoundHalfUpAndStayPositive() {
        assertEquals(2, TraceTransform.times(1, new BigDecimal("1.5")));
        assertEquals(1, TraceTransform.times(3, new BigDecimal("0.1")), "0.3 us rounds to 0 but stays 1 us");
        assertEquals(0, TraceTransform.times(0, new BigDecimal("7")));
        assertEquals(-1_000_000, TraceTransform.times(-1_000_000, new BigDecimal("7")));
        assertEquals(SimTime.seconds(333), TraceTransform.times(SimTime.seconds(1000), new BigDecimal("0.333")));
        assertEquals(5, TraceTransform.divide(17, 4));
        assertEquals(4, TraceTransform.divide(16, 4));
        assertEquals(1, TraceTransform.divide(1, 32));
        assertEquals(-1, TraceTransform.divide(-1, 4));
    }

    @Test
    void replicateDelaysCopiesByTheDocumentedSeededRule() throws IOException {
        Path in = write("r.sim", "0 1 5 -1\n10 2 6 7\n30 3 7 8\n");
        Out out = transform(in, TraceFormat.SIM, settings(1, "1", 3, 42), TraceFormat.SIM);
        // Mean gap g = (30 - 0) / (3 - 1) = 15 s. Draws of SplittableRandom(42), in the order
        // copy 2 of jobs 0, 1, 2, then copy 3 of jobs 0, 1, 2:
        double[] u = {0.7415648787718233, 0.1599103928769201, 0.27860113025513866,
            0.34419071652363753, 0.03803016854024621, 0.8682280765465323};
        SplittableRandom r = new SplittableRandom(42);
        for (double v : u) {
            assertEquals(v, r.nextDouble());
        }
        // floor(u * 15) = 11, 2, 4 and 5, 0, 13: copies arrive at 11, 12, 34 and 5, 10, 43.
        // Sorted by arrival; the tie at 10 keeps job 1 (copy 1) before its copy 3.
        assertEquals(List.of("0 1 5 10", "5 1 5 10", "10 2 6 7", "10 2 6 7", "11 1 5 10", "12 2 6 7",
                "30 3 7 8", "34 3 7 8", "43 3 7 8"), out.jobs());
        assertEquals(9, out.summary().written());
        assertEquals(15.0, out.summary().meanGapSeconds());
        assertTrue(out.comments().contains("# Note: copies 2..3 arrive floor(u * 15.000000) s later, u uniform in [0, 1)"),
                out.text());
        assertEquals(out, transform(in, TraceFormat.SIM, settings(1, "1", 3, 42), TraceFormat.SIM), "same seed, same trace");
    }

    @Test
    void replicatedSwfCopiesGetNewIdsAndTheirOwnPrecedingJobsAndRejectedJobsAreCopiedUnchanged() throws IOException {
        Path in = write("r.swf", String.join("\n",
                "1 0 -1 10 4 -1 -1 4 20 -1 1 5 -1 -1 -1 -1 -1 -1",
                "2 100 -1 -1 4 -1 -1 4 20 -1 0 5 -1 -1 -1 -1 -1 -1",
                "3 100 -1 20 2 -1 -1 2 40 -1 1 5 -1 -1 -1 -1 1 7", ""));
        Out out = transform(in, TraceFormat.SWF, settings(1, "1", 2, 7), TraceFormat.SWF);
        // Usable jobs 1 and 3: g = (100 - 0) / 1 = 100 s. Draws of SplittableRandom(7): 0.3898..., 0.0167...
        // (taken by the rejected job 2, which is not delayed), 0.9007...: offsets 38 and 90.
        // Copy ids: M + (k - 2) * N + i + 1 with M = 3, N = 3: 4, 5, 6; job 6 follows job 4.
        assertEquals(List.of(
                "1 0 -1 10 4 -1 -1 4 20 -1 1 5 -1 -1 -1 -1 -1 -1",
                "4 38 -1 10 4 -1 -1 4 20 -1 1 5 -1 -1 -1 -1 -1 -1",
                "2 100 -1 -1 4 -1 -1 4 20 -1 0 5 -1 -1 -1 -1 -1 -1",
                "3 100 -1 20 2 -1 -1 2 40 -1 1 5 -1 -1 -1 -1 1 7",
                "5 100 -1 -1 4 -1 -1 4 20 -1 0 5 -1 -1 -1 -1 -1 -1",
                "6 190 -1 20 2 -1 -1 2 40 -1 1 5 -1 -1 -1 -1 4 7"), out.jobs());
        assertEquals(new TraceTransform.Summary(3, 6, 1, 0, 100), out.summary());
        assertTrue(out.comments().contains("; MaxJobs: 6"), out.text());
        assertTrue(out.comments().contains("; Note: copies 2..2 arrive floor(u * 100.000000) s later, u uniform in [0, 1);"
                + " copy k of the job at input position i (0-based) has id 3 + (k - 2) * 3 + i + 1"), out.text());
    }

    @Test
    void withNoGapCopiesTieWithTheirOriginalsInPreSortOrder() throws IOException {
        Path in = write("t.swf", "1 50 -1 10 4 -1 -1 4 20 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 50 -1 10 8 -1 -1 8 20 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Out out = transform(in, TraceFormat.SWF, settings(1, "1", 3, 1), TraceFormat.SWF);
        assertEquals(List.of("1", "2", "3", "4", "5", "6"),
                out.jobs().stream().map(l -> l.substring(0, l.indexOf(' '))).toList());
        assertTrue(out.jobs().stream().allMatch(l -> l.split(" ")[1].equals("50")));
    }

    @Test
    void transformsComposeInTheDocumentedOrder() throws IOException {
        Path in = write("c.4col", "0 9 100 120\n60 3 10 10\n");
        Out out = transform(in, TraceFormat.FOUR_COLUMN, settings(2, "2", 2, 42), TraceFormat.FOUR_COLUMN);
        // scale-procs 2: 5 and 2; work-multiple 2: 200/240 and 20/20; replicate: g = 60 s, offsets
        // floor(0.7415... * 60) = 44 and floor(0.1599... * 60) = 9.
        assertEquals(List.of("0 5 200 240", "44 5 200 240", "60 2 20 20", "69 2 20 20"), out.jobs());
        assertTrue(out.comments().contains(
                "# Note: transforms, in this order: scale-procs 2, work-multiple 2, replicate 2 (seed 42)"), out.text());
    }

    @Test
    void outputIsInArrivalOrderEvenWithoutReplication() throws IOException {
        Path in = write("u.sim", "50 1 5 5\n10 2 5 5\n50 3 5 5\n");
        Out out = transform(in, TraceFormat.SIM, TraceTransform.Settings.NONE, TraceFormat.SIM);
        assertEquals(List.of("10 2 5 5", "50 1 5 5", "50 3 5 5"), out.jobs());
        assertTrue(out.comments().contains("# Note: transforms, in this order: none (format conversion only)"));
    }

    @Test
    void swfRoundTripKeepsEveryFieldAndTheHeader() throws IOException {
        Path in = write("rt.swf", SWF_HEADER
                + "  7  100.5  3  250  8  240.25  1024  16  600  2048.5  1  5  6  7  2  1  3  12\n"
                + "8 101 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
                + "9 -1 -1 10 2 -1 -1 2 -1 -1 5 -1 -1 -1 -1 -1 -1 -1\n"
                + "10 102 0 0 0 0 0 -1 0 0 0 0 0 0 0 0 0 0\n");
        Out out = transform(in, TraceFormat.SWF, TraceTransform.Settings.NONE, TraceFormat.SWF);
        Path back = write("back.swf", out.text());
        List<Job> a = readAll(in, TraceFormat.SWF);
        List<Job> b = readAll(back, TraceFormat.SWF);
        assertEquals(a.stream().map(Job::swf).toList(), b.stream().map(Job::swf).toList());
        assertEquals(a.stream().map(Job::rejectReason).toList(), b.stream().map(Job::rejectReason).toList());
        assertEquals(3, out.summary().rejected(), "unknown run time, unknown submit, no processors");
        try (SwfReader r = new SwfReader(back, WorkloadOptions.DEFAULTS)) {
            assertEquals(32, r.header().maxNodes().getAsInt());
            assertEquals(64, r.header().maxProcs().getAsInt());
            assertEquals("4", r.header().fields().get("MaxJobs"));
        }
    }

    @Test
    void everyFormatRoundTripsThroughEveryOther() throws IOException {
        Path swf = write("x.swf", "1 0 -1 100 4 -1 -1 4 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 10.5 -1 20 2 -1 -1 2 30 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "3 12 -1 -1 2 -1 -1 2 30 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Path sim = write("x.sim", "0 4 100 -1\n10.5 2 20 30 mesh 2 1\n12 2 -1 30\n");
        Path four = write("x.4col", "0 4 100 -1\n10.5 2 20 30\n12 2 -1 30\n");
        for (Path in : List.of(swf, sim, four)) {
            TraceFormat from = TraceFormat.byFileName(in);
            List<Job> original = readAll(in, from);
            for (TraceFormat to : writable()) {
                Out out = transform(in, from, TraceTransform.Settings.NONE, to);
                Path back = write("back" + to.extension(), out.text());
                List<Job> again = readAll(back, to);
                String what = from + " -> " + to + "\n" + out.text();
                assertEquals(original.size(), again.size(), what);
                for (int i = 0; i < original.size(); i++) {
                    Job x = original.get(i);
                    Job y = again.get(i);
                    assertEquals(x.usable(), y.usable(), what);
                    assertEquals(x.submit(), y.submit(), what);
                    assertEquals(x.runTime(), y.runTime(), what);
                    assertEquals(x.procs(), y.procs(), what);
                    if (x.usable()) {
                        assertEquals(x.arrival(), y.arrival(), what);
                        assertEquals(x.estimate(), y.estimate(), what);
                    }
                    if (from == to) {
                        assertEquals(x.id(), y.id(), what);
                        assertEquals(x.options(), y.options(), what);
                    }
                }
                assertEquals(from == TraceFormat.SIM && to != TraceFormat.SIM ? 1 : 0, out.summary().optionsDropped(),
                        what);
            }
        }
    }

    @Test
    void theNasaTraceFitsOnThirtyTwoProcessorsAndRoundTripsExactly() throws IOException {
        Path nasa = SharedData.file("traces/NASA-iPSC-1993-3.1-cln.swf.gz");
        Out same = transform(nasa, TraceFormat.SWF, TraceTransform.Settings.NONE, TraceFormat.SWF);
        Path back = write("nasa.swf", same.text());
        assertEquals(readAll(nasa, TraceFormat.SWF).stream().map(Job::swf).toList(),
                readAll(back, TraceFormat.SWF).stream().map(Job::swf).toList());

        Out scaled = transform(nasa, TraceFormat.SWF, settings(4, "1", 1, 1), TraceFormat.SWF);
        Path small = write("nasa32.swf", scaled.text());
        Trace t = Trace.scan(small, TraceFormat.SWF, WorkloadOptions.DEFAULTS);
        assertEquals(18_239, t.jobs());
        assertEquals(32, t.header().maxProcs().getAsInt());
        assertEquals(32, t.header().maxNodes().getAsInt());
        assertTrue(readAll(small, TraceFormat.SWF).stream().allMatch(j -> j.procs() >= 1 && j.procs() <= 32));
    }

    /** The formats hpcsim writes: every one but Batsim's, which it only reads. */
    private static List<TraceFormat> writable() {
        List<TraceFormat> formats = Arrays.stream(TraceFormat.values()).filter(TraceFormat::writable).toList();
        assertEquals(List.of(TraceFormat.SWF, TraceFormat.SIM, TraceFormat.FOUR_COLUMN), formats);
        return formats;
    }

    @Test
    void aProcessorCountBeyondAnIntIsAnErrorInEveryFormatNeverClamped() throws IOException {
        String max = "is more than the maximum, 2147483647";
        Path fourColumn = write("big.4col", "0 4 10 10\n# comment\n5 2147483648 10 10\n");
        assertEquals(fourColumn + ":3: field 2 (procs): '2147483648' " + max, assertThrows(InputException.class,
                () -> TraceTransform.read(fourColumn, TraceFormat.FOUR_COLUMN, WorkloadOptions.DEFAULTS)).getMessage());
        Path sim = write("big.sim", "0 2147483648 10 10\n");
        assertEquals(sim + ":1: field 2 (procs): '2147483648' " + max, assertThrows(InputException.class,
                () -> TraceTransform.read(sim, TraceFormat.SIM, WorkloadOptions.DEFAULTS)).getMessage());
        Path swf = write("big.swf", "1 0 -1 10 4 -1 -1 2147483648 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        assertEquals(swf + ":1: field 8 (requested processors): '2147483648' " + max, assertThrows(InputException.class,
                () -> TraceTransform.read(swf, TraceFormat.SWF, WorkloadOptions.DEFAULTS)).getMessage());
        Path largest = write("largest.swf", "1 0 -1 10 2147483647 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        assertEquals(List.of("0 2147483647 10 10"),
                transform(largest, TraceFormat.SWF, TraceTransform.Settings.NONE, TraceFormat.FOUR_COLUMN).jobs());
    }

    @Test
    void aMalformedInputLineIsReportedBeforeAnythingIsWritten() throws IOException {
        Path in = write("bad.sim", "0 1 5 -1\n".repeat(100) + "0 1 x -1\n");
        InputException e = assertThrows(InputException.class, () -> TraceTransform.read(in, TraceFormat.SIM,
                WorkloadOptions.DEFAULTS));
        assertEquals(in + ":101: field 3 (runtime): 'x' is not a number of seconds", e.getMessage());
    }

    @Test
    void settingsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> settings(0, "1", 1, 1));
        assertThrows(IllegalArgumentException.class, () -> settings(1, "0", 1, 1));
        assertThrows(IllegalArgumentException.class, () -> settings(1, "-2", 1, 1));
        assertThrows(IllegalArgumentException.class, () -> settings(1, "1", 0, 1));
    }

    @Test
    void stableOrderSortsByKeyKeepingTies() {
        long[] key = {5, 1, 5, 0, 1, 9, 5};
        assertEquals(List.of(3, 1, 4, 0, 2, 6, 5),
                java.util.Arrays.stream(TraceTransform.stableOrder(key)).boxed().toList());
        assertEquals(0, TraceTransform.stableOrder(new long[0]).length);
    }

    @Test
    void headerLinesAreRewrittenOnlyWhereTheTransformChangesThem() {
        assertEquals("; MaxJobs: 12", TraceTransform.rewriteHeaderLine("; MaxJobs: 3", 1, 12));
        assertEquals("; MaxProcs: 128", TraceTransform.rewriteHeaderLine("; MaxProcs: 128", 1, 12));
        assertEquals(";MaxProcs:  32", TraceTransform.rewriteHeaderLine(";MaxProcs:  128", 4, 12));
        assertEquals("; MaxNodes: 9 (dual CPU)", TraceTransform.rewriteHeaderLine("; MaxNodes: 33 (dual CPU)", 4, 12));
        assertEquals("; Computer: MaxProcs: 5", TraceTransform.rewriteHeaderLine("; Computer: MaxProcs: 5", 4, 12));
        assertEquals("; MaxProcs: unknown", TraceTransform.rewriteHeaderLine("; MaxProcs: unknown", 4, 12));
    }
}
