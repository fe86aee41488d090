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

class SwfReaderTest {
    @TempDir
    Path dir;

    private static final String HEADER = """
            ; Version: 2.2
            ; Computer: Test machine
            ;       MaxJobs: 3
            ; MaxNodes: 32 (dual CPU)
            ; MaxProcs: 64
            ; TimeZone: 3600  # DEPRECATED
            ;   --- a line that is not a label ---
            """;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return p;
    }

    private static List<Job> readAll(Path p, WorkloadOptions o) throws IOException {
        List<Job> jobs = new ArrayList<>();
        try (SwfReader r = new SwfReader(p, o)) {
            Job j;
            while ((j = r.next()) != null) {
                jobs.add(j);
            }
        }
        return jobs;
    }

    @Test
    void readsAllEighteenFieldsAndTheHeader() throws IOException {
        Path p = write("a.swf", HEADER + "  7  100.5  3  250  8  240.25  1024  16  600  2048  1  5  6  7  2  1  3  12\n");
        try (SwfReader r = new SwfReader(p, WorkloadOptions.DEFAULTS)) {
            assertEquals(32, r.header().maxNodes().getAsInt());
            assertEquals(64, r.header().maxProcs().getAsInt());
            assertEquals("3600", r.header().fields().get("TimeZone"));
            assertEquals("3", r.header().fields().get("MaxJobs"));
            Job j = r.next();
            SwfRecord s = j.swf();
            assertEquals(new SwfRecord(7, 100_500_000, 3_000_000, 250_000_000, 8, 240_250_000, 1024, 16, 600_000_000,
                    2048, 1, 5, 6, 7, 2, 1, 3, 12_000_000), s);
            assertEquals(7, j.id());
            assertEquals(0, j.index());
            assertEquals(100_500_000, j.submit());
            assertEquals(8, j.procs(), "allocated processors size the job by default");
            assertEquals(SimTime.seconds(600), j.estimate());
            assertTrue(j.usable());
            assertNull(r.next());
        }
    }

    @Test
    void readsGzipByContentNotName() throws IOException {
        Path p = dir.resolve("trace.data");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write((HEADER + "1 0 -1 10 4 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n").getBytes(StandardCharsets.US_ASCII));
        }
        List<Job> jobs = readAll(p, WorkloadOptions.DEFAULTS);
        assertEquals(1, jobs.size());
        assertEquals(4, jobs.get(0).nodes());
    }

    @Test
    void unknownFieldsFollowTheDocumentedRules() throws IOException {
        Path p = write("b.swf", String.join("\n",
                "1 0 -1 100 -1 -1 -1 4 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1",
                "2 5 -1 -1 2 -1 -1 2 50 -1 -1 -1 -1 -1 -1 -1 -1 -1",
                "3 -1 -1 10 2 -1 -1 2 50 -1 -1 -1 -1 -1 -1 -1 -1 -1",
                "4 9 -1 10 -1 -1 -1 -1 50 -1 -1 -1 -1 -1 -1 -1 -1 -1",
                ""));
        List<Job> jobs = readAll(p, WorkloadOptions.DEFAULTS);
        assertEquals(4, jobs.get(0).procs(), "falls back to requested processors");
        assertEquals(SimTime.seconds(100), jobs.get(0).estimate(), "missing estimate = run time by default");
        assertEquals("unknown run time", jobs.get(1).rejectReason());
        assertEquals("unknown submit time", jobs.get(2).rejectReason());
        assertEquals(SimTime.seconds(5), jobs.get(2).arrival(), "arrives with the job before it");
        assertEquals("unknown processor count", jobs.get(3).rejectReason());
    }

    @Test
    void optionsMapProcessorsToNodesAndEstimates() throws IOException {
        Path p = write("c.swf", "1 0 -1 100 9 -1 -1 5 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 0 -1 100 9 -1 -1 5 60 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        WorkloadOptions o = new WorkloadOptions(4, WorkloadOptions.SwfSizeField.REQUESTED, 2.5, true);
        List<Job> jobs = readAll(p, o);
        assertEquals(5, jobs.get(0).procs());
        assertEquals(2, jobs.get(0).nodes(), "ceil(5 / 4)");
        assertEquals(SimTime.seconds(250), jobs.get(0).estimate(), "factor 2.5 of the run time");
        assertEquals(SimTime.seconds(60), jobs.get(1).estimate(), "an estimate below the run time is kept");
        WorkloadOptions sst = new WorkloadOptions(1, WorkloadOptions.SwfSizeField.ALLOCATED, 1, false);
        assertEquals(SimTime.seconds(100), readAll(p, sst).get(1).estimate(), "SST's rule raises it to the run time");
    }

    @Test
    void malformedLinesNameFileLineAndField() throws IOException {
        Path few = write("few.swf", HEADER + "1 0 -1 100 9\n");
        InputException e = assertThrows(InputException.class, () -> readAll(few, WorkloadOptions.DEFAULTS));
        assertEquals(8, e.line());
        assertTrue(e.getMessage().startsWith(few + ":8: ") && e.getMessage().contains("expected 18"), e.getMessage());

        Path text = write("text.swf", "1 0 -1 1x0 9 -1 -1 5 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        e = assertThrows(InputException.class, () -> readAll(text, WorkloadOptions.DEFAULTS));
        assertEquals("field 4 (run time)", e.field());
        assertTrue(e.getMessage().contains("'1x0'"), e.getMessage());

        Path procs = write("procs.swf", "1 0 -1 10 9.5 -1 -1 5 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        e = assertThrows(InputException.class, () -> readAll(procs, WorkloadOptions.DEFAULTS));
        assertEquals("field 5 (allocated processors)", e.field());
    }

    @Test
    void aNegativeValueOtherThanMinusOneIsAnErrorNamingFileLineAndFieldInEveryField() throws IOException {
        String[] valid = "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1".split(" ");
        for (int field = 0; field < SwfRecord.FIELDS; field++) {
            for (String bad : new String[] {"-2", "-0.5"}) {
                String[] line = valid.clone();
                line[field] = bad;
                Path p = write("neg.swf", HEADER + String.join(" ", line) + "\n");
                InputException e = assertThrows(InputException.class, () -> readAll(p, WorkloadOptions.DEFAULTS),
                        "field " + (field + 1) + " = " + bad);
                assertEquals(8, e.line());
                assertEquals("field " + (field + 1) + " (" + SwfRecord.FIELD_NAMES[field] + ")", e.field());
                assertTrue(e.getMessage().startsWith(p + ":8: " + e.field() + ": '" + bad + "' is not "), e.getMessage());
                assertTrue(e.getMessage().endsWith(bad.equals("-2") || field == 1 || field == 2 || field == 3
                        || field == 5 || field == 6 || field == 8 || field == 9 || field == 17
                        ? "-1 (unknown) or a non-negative number" : "an integer"), e.getMessage());
            }
        }
        // -1 written as a decimal is still unknown; -0 is zero.
        Path decimal = write("dec.swf", "1 -1.0 -1 -1.00 4 -1 -0 4 -1 -1 1 1 1 -1 1 -1 -1 -1\n");
        Job j = readAll(decimal, WorkloadOptions.DEFAULTS).get(0);
        assertEquals("unknown submit time", j.rejectReason());
        assertEquals(-SimTime.seconds(1), j.swf().runTime());
    }

    @Test
    void aNineteenDigitJobIdIsKeptExactlyAndOneBeyondALongIsAnError() throws IOException {
        Path big = write("big.swf", "9223372036854775807 0 -1 10 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
                + "1234567890123456789 0 -1 10 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        List<Job> jobs = readAll(big, WorkloadOptions.DEFAULTS);
        assertEquals(List.of(1234567890123456789L, Long.MAX_VALUE), jobs.stream().map(Job::id).sorted().toList());

        Path over = write("over.swf", "9223372036854775808 0 -1 10 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        InputException e = assertThrows(InputException.class, () -> readAll(over, WorkloadOptions.DEFAULTS));
        assertEquals("field 1 (job number)", e.field());

        // A decimal form is read exactly too: kept where it is an integer, refused where it has a fraction.
        Path decimal = write("decimal.swf", "9007199254740993.0 0 -1 10 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2e1 0 -1 10 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        assertEquals(List.of(20L, 9007199254740993L),
                readAll(decimal, WorkloadOptions.DEFAULTS).stream().map(Job::id).sorted().toList());
        Path fraction = write("fraction.swf", "12.5 0 -1 10 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n");
        e = assertThrows(InputException.class, () -> readAll(fraction, WorkloadOptions.DEFAULTS));
        assertEquals("field 1 (job number)", e.field());
    }

    @Test
    void aMissingFileIsAnInputError() {
        InputException e = assertThrows(InputException.class,
                () -> readAll(dir.resolve("nope.swf"), WorkloadOptions.DEFAULTS));
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    }
}
