package org.hpcsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceTest {
    @TempDir
    Path dir;

    private static List<Long> ids(Trace t) {
        List<Long> ids = new ArrayList<>();
        try (JobStream s = t.open()) {
            Job j;
            while ((j = s.next()) != null) {
                ids.add(j.id());
            }
        }
        return ids;
    }

    @Test
    void aTraceInArrivalOrderIsStreamedInFileOrder() throws IOException {
        Path p = dir.resolve("a.sim");
        Files.writeString(p, "0 1 5 -1\n0 1 5 -1\n10 1 5 -1\n");
        Trace t = Trace.scan(p, TraceFormat.SIM, WorkloadOptions.DEFAULTS);
        assertTrue(t.sorted());
        assertEquals(3, t.jobs());
        assertEquals(List.of(0L, 1L, 2L), ids(t));
    }

    @Test
    void aScanReportsTheBytesAndJobsItHasReadAndWhenItIsDone() throws IOException {
        Path plain = dir.resolve("s.swf");
        Files.writeString(plain, SyntheticWorkload.generate(3000, 32, 0.8, 3));
        Path gz = dir.resolve("s.swf.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(plain));
        }
        for (Path p : List.of(plain, gz)) {
            ScanProgress progress = new ScanProgress();
            assertFalse(progress.done());
            Trace t = Trace.scan(p, TraceFormat.SWF, WorkloadOptions.DEFAULTS, progress);
            assertTrue(progress.done(), p.toString());
            assertEquals(3000, t.jobs());
            assertEquals(3000, progress.jobs(), p.toString());
            // of a gzip file, the compressed bytes: all of the file once it has been read
            assertEquals(Files.size(p), progress.bytesRead(), p.toString());
        }
    }

    @Test
    void anOutOfOrderTraceIsDeliveredByArrivalThenTraceOrder() throws IOException {
        Path p = dir.resolve("b.sim");
        Files.writeString(p, "50 1 5 -1\n10 1 5 -1\n50 1 5 -1\n20 1 5 -1\n");
        Trace t = Trace.scan(p, TraceFormat.SIM, WorkloadOptions.DEFAULTS);
        assertFalse(t.sorted());
        assertEquals(List.of(1L, 3L, 0L, 2L), ids(t));
    }

    @Test
    void aMalformedLineAnywhereIsFoundBeforeAnythingRuns() throws IOException {
        Path p = dir.resolve("c.sim");
        Files.writeString(p, "0 1 5 -1\n".repeat(1000) + "0 1 x -1\n");
        InputException e = assertThrows(InputException.class, () -> Trace.scan(p, TraceFormat.SIM,
                WorkloadOptions.DEFAULTS));
        assertEquals(1001, e.line());
    }

    private static final String SWF_JOB = "1 0 5 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1\n";

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private Path gzip(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        }
        return p;
    }

    @Test
    void autoRecognisesSwfByItsContentWhateverTheNamePlainOrGzip() throws IOException {
        String swf = "; Version: 2.2\n;\n\n" + SWF_JOB;
        for (Path p : List.of(write("log.txt", swf), write("log", swf), write("misnamed.sim", swf),
                write("misnamed.4col", SWF_JOB), gzip("t.gz", swf), gzip("log.txt.gz", SWF_JOB))) {
            assertEquals(TraceFormat.SWF, TraceFormat.resolve("auto", p), p.toString());
            assertEquals(1, Trace.scan(p, TraceFormat.resolve("auto", p), WorkloadOptions.DEFAULTS).jobs(), p.toString());
        }
    }

    @Test
    void autoTakesOtherFormatsFromTheFileNameAndAnExplicitFormatWins() throws IOException {
        assertEquals(TraceFormat.SIM, TraceFormat.resolve("auto", write("t.sim", "# jobs\n0 4 10 -1\n")));
        assertEquals(TraceFormat.FOUR_COLUMN, TraceFormat.resolve("auto", write("t.4col", "0 4 10 -1\n")));
        assertEquals(TraceFormat.FOUR_COLUMN, TraceFormat.resolve("auto", gzip("t.4col.gz", "0 4 10 -1\n")));
        // A job line that is almost SWF is not guessed at: the name says SWF, and the reader says what is wrong.
        assertEquals(TraceFormat.SWF, TraceFormat.resolve("auto", write("bad.swf", "1 0 5 100\n")));
        Path txt = write("t.txt", "0 4 10 -1\n");
        assertEquals(TraceFormat.FOUR_COLUMN, TraceFormat.resolve("four-column", txt));
        assertEquals(TraceFormat.SIM, TraceFormat.resolve("sim", write("swf-content.txt", SWF_JOB)));
        assertThrows(InputException.class, () -> TraceFormat.resolve("csv", txt));
    }

    @Test
    void aFileAutoCannotRecogniseSaysWhatItFoundAndWhatToSet() throws IOException {
        InputException fourColumns = assertThrows(InputException.class,
                () -> TraceFormat.resolve("auto", write("t.txt", "; header\n\n0 4 10 -1\n")));
        assertEquals(dir.resolve("t.txt") + ":3: trace-format: not SWF (the first job line has 4 fields, not 18"
                + " numbers), and the name ends in none of .swf, .sim, .4col, .json (each also .gz); set trace-format"
                + " (--trace-format) to one of swf, sim, four-column, batsim", fourColumns.getMessage());
        InputException empty = assertThrows(InputException.class,
                () -> TraceFormat.resolve("auto", write("empty.txt", "; only a comment\n")));
        assertTrue(empty.getMessage().startsWith(dir.resolve("empty.txt") + ": trace-format: no job line, and the"
                + " name ends in none of"), empty.getMessage());
    }

    @Test
    void aDirectoryOrAnUnreadablePathIsReportedAsSuchWhateverTheFormat() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("traces.swf"));
        for (String format : List.of("auto", "swf", "sim", "four-column")) {
            InputException e = assertThrows(InputException.class,
                    () -> Trace.scan(sub, TraceFormat.resolve(format, sub), WorkloadOptions.DEFAULTS));
            assertEquals(sub + ": is a directory, not a trace file", e.getMessage(), format);
        }
        Path file = write("plain.swf", SWF_JOB);
        Path under = file.resolve("x.swf");
        String notADirectory = assertThrows(InputException.class, () -> TraceFormat.resolve("auto", under)).getMessage();
        assertEquals(under + ": no such file (" + file + " is a file, not a directory)", notADirectory);
        assertEquals(dir.resolve("none.swf") + ": no such file", assertThrows(InputException.class,
                () -> TraceFormat.resolve("auto", dir.resolve("none.swf"))).getMessage());
        if (file.toFile().setReadable(false) && !Files.isReadable(file)) {
            // Only where permissions bind (not for root).
            assertEquals(file + ": cannot read: permission denied",
                    assertThrows(ReadException.class, () -> TraceFormat.resolve("auto", file)).getMessage());
        }
    }

    @Test
    void everyArchiveTraceLoadsWithEveryJobLine() {
        // Line counts from ../shared/traces/README.md; SWF is recognised by content, T3D is named.
        Map<String, Integer> jobs = new LinkedHashMap<>();
        jobs.put("NASA-iPSC-1993-3.1-cln.swf.gz", 18_239);
        jobs.put("DAS2-fs1-2003-1.swf", 40_315);
        jobs.put("KTH-SP2-1996-2.1-cln.swf.gz", 27_992);
        jobs.put("CTC-SP2-1996-3.1-cln.swf.gz", 77_222);
        jobs.put("HPC2N-2002-2.2-cln.swf.gz", 202_871);
        jobs.put("SDSC-BLUE-2000-4.2-cln.swf.gz", 243_306);
        jobs.put("LLNL-Thunder-2007-1.1-cln.swf.gz", 121_039);
        jobs.put("RICC-2010-2.swf.gz", 447_794);
        jobs.put("CEA-Curie-2011-2.1-cln.swf.gz", 312_826);
        for (Map.Entry<String, Integer> e : jobs.entrySet()) {
            Path p = SharedData.file("traces/" + e.getKey());
            assertEquals(TraceFormat.SWF, TraceFormat.resolve("auto", p), e.getKey());
            assertEquals(e.getValue(), Trace.scan(p, TraceFormat.SWF, WorkloadOptions.DEFAULTS).jobs(), e.getKey());
        }
        Path t3d = SharedData.file("traces/LLNL-T3D-1996-2.premas-converted.txt");
        assertEquals(21_323, Trace.scan(t3d, TraceFormat.resolve("four-column", t3d), WorkloadOptions.DEFAULTS).jobs());
    }

    @Test
    void realArchiveTracesParseCompletely() {
        Trace nasa = Trace.scan(SharedData.file("traces/NASA-iPSC-1993-3.1-cln.swf.gz"), TraceFormat.SWF,
                WorkloadOptions.DEFAULTS);
        assertEquals(18_239, nasa.jobs());
        assertEquals(128, nasa.header().maxProcs().getAsInt());
        Trace das2 = Trace.scan(SharedData.file("traces/DAS2-fs1-2003-1.swf"), TraceFormat.SWF, WorkloadOptions.DEFAULTS);
        assertEquals(40_315, das2.jobs());
        assertEquals(32, das2.header().maxNodes().getAsInt(), "MaxNodes: 32 (dual CPU)");
    }

    private static final String BATSIM_HEAD = "{\"nb_res\": 4, \"profiles\": {\"d\": {\"type\": \"delay\", \"delay\": 5}},\n"
            + "\"jobs\": [";

    @Test
    void aTraceWithNoJobsIsAnErrorInEveryFormatForRunAndTransform() throws IOException {
        Map<Path, TraceFormat> empty = new LinkedHashMap<>();
        empty.put(write("empty.swf", ""), TraceFormat.SWF);
        empty.put(write("header.swf", "; Version: 2.2\n; MaxProcs: 4\n"), TraceFormat.SWF);
        empty.put(write("comments.sim", "# nothing\n\n"), TraceFormat.SIM);
        empty.put(write("comments.4col", "; nothing\n"), TraceFormat.FOUR_COLUMN);
        empty.put(write("none.json", BATSIM_HEAD + "]}\n"), TraceFormat.BATSIM);
        for (Map.Entry<Path, TraceFormat> e : empty.entrySet()) {
            String expected = e.getKey() + ": no jobs (the file is empty or holds only comments)";
            assertEquals(expected, assertThrows(InputException.class,
                    () -> Trace.scan(e.getKey(), e.getValue(), WorkloadOptions.DEFAULTS)).getMessage());
            assertEquals(expected, assertThrows(InputException.class,
                    () -> TraceTransform.read(e.getKey(), e.getValue(), WorkloadOptions.DEFAULTS)).getMessage());
        }
    }

    @Test
    void aDuplicateJobIdIsAnErrorNamingBothLinesInOrderOrNot() throws IOException {
        String job = " 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1\n";
        Path inOrder = write("dup.swf", "; header\n1" + job + "2" + job + "3" + job + "3" + job);
        Path outOfOrder = write("dup2.swf", "5" + job + "3" + job + "4" + job + "3" + job);
        assertEquals(inOrder + ":5: job id: 3 is also the id of the job on line 4: job ids must be unique",
                assertThrows(InputException.class, () -> Trace.scan(inOrder, TraceFormat.SWF, WorkloadOptions.DEFAULTS))
                        .getMessage());
        assertEquals(outOfOrder + ":4: job id: 3 is also the id of the job on line 2: job ids must be unique",
                assertThrows(InputException.class, () -> Trace.scan(outOfOrder, TraceFormat.SWF, WorkloadOptions.DEFAULTS))
                        .getMessage());
        assertEquals(outOfOrder + ":4: job id: 3 is also the id of the job on line 2: job ids must be unique",
                assertThrows(InputException.class, () -> TraceTransform.read(outOfOrder, TraceFormat.SWF,
                        WorkloadOptions.DEFAULTS)).getMessage());
        Path unique = write("unique.swf", "5" + job + "3" + job + "4" + job);
        assertEquals(3, Trace.scan(unique, TraceFormat.SWF, WorkloadOptions.DEFAULTS).jobs(), "ids out of order are fine");
        Path batsim = write("dup.json", BATSIM_HEAD + "\n{\"id\": 7, \"subtime\": 0, \"res\": 1, \"profile\": \"d\"},"
                + "\n{\"id\": \"7\", \"subtime\": 1, \"res\": 1, \"profile\": \"d\"}]}\n");
        assertEquals(batsim + ":4: job id: 7 is also the id of the job on line 3: job ids must be unique",
                assertThrows(InputException.class, () -> Trace.scan(batsim, TraceFormat.BATSIM, WorkloadOptions.DEFAULTS))
                        .getMessage());
    }

    @Test
    void aTruncatedBatsimWorkloadIsOneCleanLineWithLineColumnAndWhatWasExpected() throws IOException {
        Path cut = write("cut.json", BATSIM_HEAD + "\n{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"d\"}]\n");
        String m = assertThrows(InputException.class, () -> Trace.scan(cut, TraceFormat.BATSIM, WorkloadOptions.DEFAULTS))
                .getMessage();
        assertEquals(cut + ":4: column 1: not a valid JSON workload: Unexpected end-of-input: expected '}' closing the"
                + " object that begins at line 1, column 1", m);
    }
}
