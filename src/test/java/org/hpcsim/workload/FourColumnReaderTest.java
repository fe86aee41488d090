package org.hpcsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.hpcsim.time.SimTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FourColumnReaderTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return p;
    }

    private static List<Job> readAll(Path p, WorkloadOptions o) throws IOException {
        List<Job> jobs = new ArrayList<>();
        try (FourColumnReader r = new FourColumnReader(p, o)) {
            assertTrue(r.header().fields().isEmpty());
            Job j;
            while ((j = r.next()) != null) {
                jobs.add(j);
            }
        }
        return jobs;
    }

    private List<Job> read(String text) throws IOException {
        return readAll(write("t.4col", text), WorkloadOptions.DEFAULTS);
    }

    @Test
    void readsSubmitProcsRuntimeRequestedWithOneBasedIds() throws IOException {
        List<Job> jobs = read("# a comment\n; another comment\n\n0 128 1451 3600\n  \t\n"
                + "12.5 4 10.25 60.000001\n30\t2\t10\t20\n");
        assertEquals(3, jobs.size());
        assertEquals(List.of(1L, 2L, 3L), jobs.stream().map(Job::id).toList());
        assertEquals(List.of(0, 1, 2), jobs.stream().map(Job::index).toList());
        assertEquals(List.of(4L, 6L, 7L), jobs.stream().map(Job::line).toList(), "file lines, counting comments and blanks");
        Job b = jobs.get(1);
        assertEquals(12_500_000, b.submit());
        assertEquals(12_500_000, b.arrival());
        assertEquals(4, b.procs());
        assertEquals(10_250_000, b.runTime());
        assertEquals(60_000_001, b.estimate());
        assertNull(b.swf());
        assertNull(b.options());
        assertTrue(b.usable());
        assertEquals(SimTime.seconds(3600), jobs.get(0).estimate());
        assertEquals(128, jobs.get(0).nodes());
    }

    @Test
    void processorsMapToNodesByCoresPerNode() throws IOException {
        WorkloadOptions eight = new WorkloadOptions(8, WorkloadOptions.SwfSizeField.ALLOCATED, 1, true);
        List<Job> jobs = readAll(write("n.4col", "0 258 100 100\n0 8 100 100\n0 1.0 100 100\n"), eight);
        assertEquals(List.of(33, 1, 1), jobs.stream().map(Job::nodes).toList());
        assertEquals(1, jobs.get(2).procs(), "1.0 is the integer 1, as in the other readers");
    }

    @Test
    void aMissingRequestedTimeFollowsTheMissingEstimateOption() throws IOException {
        Path p = write("m.4col", "0 4 100 -1\n0 4 100 0\n0 4 100 30\n");
        List<Job> jobs = readAll(p, WorkloadOptions.DEFAULTS);
        assertEquals(SimTime.seconds(100), jobs.get(0).estimate(), "default: the run time");
        assertEquals(SimTime.seconds(100), jobs.get(1).estimate());
        assertEquals(SimTime.seconds(30), jobs.get(2).estimate(), "an estimate below the run time is kept");
        WorkloadOptions twice = new WorkloadOptions(1, WorkloadOptions.SwfSizeField.ALLOCATED, 2.5, true);
        assertEquals(SimTime.seconds(250), readAll(p, twice).get(0).estimate());
        WorkloadOptions sst = new WorkloadOptions(1, WorkloadOptions.SwfSizeField.ALLOCATED, 1, false);
        assertEquals(SimTime.seconds(100), readAll(p, sst).get(2).estimate(), "SST's rule raises it to the run time");
    }

    @Test
    void unusableValuesRejectTheJobWithAReason() throws IOException {
        List<Job> jobs = read("5 4 10 10\n-1 4 10 10\n7 4 -1 -1\n8 -1 10 10\n9 0 10 10\n");
        assertNull(jobs.get(0).rejectReason());
        assertEquals("unknown submit time", jobs.get(1).rejectReason());
        assertEquals(SimTime.seconds(5), jobs.get(1).arrival(), "arrives with the job before it");
        assertEquals(-SimTime.seconds(1), jobs.get(1).submit());
        assertEquals("unknown run time", jobs.get(2).rejectReason());
        assertEquals(-1, jobs.get(2).estimate());
        assertEquals("unknown processor count", jobs.get(3).rejectReason());
        assertEquals("no processors requested", jobs.get(4).rejectReason());
        for (int i = 1; i < jobs.size(); i++) {
            assertEquals(0, jobs.get(i).nodes());
        }
    }

    @Test
    void aNegativeValueOtherThanMinusOneIsAnErrorAsInSwf() throws IOException {
        Path p = write("neg.4col", "0 4 10 10\n5 -3 10 10\n");
        InputException e = assertThrows(InputException.class, () -> readAll(p, WorkloadOptions.DEFAULTS));
        assertEquals(p + ":2: field 2 (procs): '-3' is not -1 (unknown) or a non-negative number", e.getMessage());
        Path t = write("negtime.4col", "0 4 -2.5 10\n");
        assertEquals(t + ":1: field 3 (runtime): '-2.5' is not -1 (unknown) or a non-negative number",
                assertThrows(InputException.class, () -> readAll(t, WorkloadOptions.DEFAULTS)).getMessage());
    }

    @Test
    void malformedLinesNameFileLineAndField() throws IOException {
        Path few = write("few.4col", "# header\n0 4 10 10\n5 4 10\n");
        InputException e = assertThrows(InputException.class, () -> readAll(few, WorkloadOptions.DEFAULTS));
        assertEquals(3, e.line());
        assertEquals(few + ":3: expected 4 fields 'submit procs runtime requested', found 3", e.getMessage());

        Path many = write("many.4col", "0 4 10 10 mesh 2 2\n");
        e = assertThrows(InputException.class, () -> readAll(many, WorkloadOptions.DEFAULTS));
        assertTrue(e.getMessage().endsWith("found 7"), e.getMessage());

        Path time = write("time.4col", "0 4 ten 10\n");
        e = assertThrows(InputException.class, () -> readAll(time, WorkloadOptions.DEFAULTS));
        assertEquals("field 3 (runtime)", e.field());
        assertEquals(time + ":1: field 3 (runtime): 'ten' is not a number of seconds", e.getMessage());

        Path procs = write("procs.4col", "0 4.5 10 10\n");
        e = assertThrows(InputException.class, () -> readAll(procs, WorkloadOptions.DEFAULTS));
        assertEquals("field 2 (procs)", e.field());
        assertTrue(e.getMessage().contains("'4.5' is not an integer"), e.getMessage());

        Path submit = write("submit.4col", "x 4 10 10\n");
        e = assertThrows(InputException.class, () -> readAll(submit, WorkloadOptions.DEFAULTS));
        assertEquals("field 1 (submit)", e.field());

        Path requested = write("req.4col", "0 4 10 1e999\n");
        e = assertThrows(InputException.class, () -> readAll(requested, WorkloadOptions.DEFAULTS));
        assertEquals("field 4 (requested)", e.field());

        InputException missing = assertThrows(InputException.class,
                () -> readAll(dir.resolve("nope.4col"), WorkloadOptions.DEFAULTS));
        assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
    }

    @Test
    void readsGzipAndIsChosenByNameOrExplicitly() throws IOException {
        Path p = dir.resolve("t.4col.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write("0 2 10 20\n".getBytes(StandardCharsets.US_ASCII));
        }
        assertEquals(TraceFormat.FOUR_COLUMN, TraceFormat.resolve("auto", p));
        Path upper = Files.writeString(dir.resolve("T.4COL"), "0 2 10 20\n");
        assertEquals(TraceFormat.FOUR_COLUMN, TraceFormat.resolve("auto", upper));
        assertEquals(TraceFormat.FOUR_COLUMN, TraceFormat.resolve("four-column", Path.of("jobs.txt")));
        Trace t = Trace.scan(p, TraceFormat.FOUR_COLUMN, WorkloadOptions.DEFAULTS);
        assertEquals(1, t.jobs());
        InputException e = assertThrows(InputException.class, () -> TraceFormat.resolve("cols4", p));
        assertTrue(e.getMessage().contains("known: auto, swf, sim, four-column"), e.getMessage());
        Path txt = Files.writeString(dir.resolve("jobs.txt"), "0 2 10 20\n");
        e = assertThrows(InputException.class, () -> TraceFormat.resolve("auto", txt));
        assertTrue(e.getMessage().contains("swf, sim, four-column"), e.getMessage());
    }
}
