package org.hpcsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.time.SimTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimTraceReaderTest {
    @TempDir
    Path dir;

    private List<Job> read(String text, WorkloadOptions o) throws IOException {
        Path p = dir.resolve("t.sim");
        Files.writeString(p, text);
        List<Job> jobs = new ArrayList<>();
        try (SimTraceReader r = new SimTraceReader(p, o)) {
            Job j;
            while ((j = r.next()) != null) {
                jobs.add(j);
            }
        }
        return jobs;
    }

    @Test
    void jobIdIsTheZeroBasedJobLineAndNonPositiveEstimatesMeanTwiceTheRunTime() throws IOException {
        List<Job> jobs = read("# comment\n0 128 1451 -1\n\n1460 4 10 0\n1500 2 10 30\n", WorkloadOptions.DEFAULTS);
        assertEquals(List.of(0L, 1L, 2L), jobs.stream().map(Job::id).toList());
        assertEquals(SimTime.seconds(2902), jobs.get(0).estimate());
        assertEquals(SimTime.seconds(20), jobs.get(1).estimate());
        assertEquals(SimTime.seconds(30), jobs.get(2).estimate());
        assertEquals(5, jobs.get(2).line(), "file line, counting comments and blanks");
        assertEquals(128, jobs.get(0).nodes());
    }

    @Test
    void processorsAreCoresAndMapToNodesByCeiling() throws IOException {
        WorkloadOptions eight = new WorkloadOptions(8, WorkloadOptions.SwfSizeField.ALLOCATED, 1, true);
        List<Job> jobs = read("0 258 100 -1\n0 8 100 -1\n0 1 100 -1\n", eight);
        assertEquals(List.of(33, 1, 1), jobs.stream().map(Job::nodes).toList());
    }

    @Test
    void optionsAreCheckedAndKept() throws IOException {
        List<Job> jobs = read("0 16 10 -1 mesh 4 4\n0 27 10 -1 mesh 3 3 3 phase CTH_27.phase\n"
                + "0 8 10 -1 coord a.mtx b.mtx center 3\n", WorkloadOptions.DEFAULTS);
        assertEquals("mesh 4 4", jobs.get(0).options());
        assertEquals("mesh 3 3 3 phase CTH_27.phase", jobs.get(1).options());
        InputException e = assertThrows(InputException.class,
                () -> read("0 16 10 -1 grid 4 4\n", WorkloadOptions.DEFAULTS));
        assertTrue(e.getMessage().contains("unknown option 'grid'"), e.getMessage());
        assertThrows(InputException.class, () -> read("0 16 10 -1 mesh 4\n", WorkloadOptions.DEFAULTS));
    }

    @Test
    void unusableValuesRejectTheJobAndMalformedLinesAreErrors() throws IOException {
        List<Job> jobs = read("0 0 10 -1\n5 4 -1 -1\n7 -1 10 -1\n-1 4 10 -1\n", WorkloadOptions.DEFAULTS);
        assertEquals("no processors requested", jobs.get(0).rejectReason());
        assertEquals("unknown run time", jobs.get(1).rejectReason());
        assertEquals("unknown processor count", jobs.get(2).rejectReason());
        assertEquals("unknown arrival time", jobs.get(3).rejectReason());
        assertEquals(SimTime.seconds(7), jobs.get(3).arrival(), "arrives with the job before it, as in SWF");
        // -1 is unknown, as in SWF; any other negative value is an error, never a rejected job.
        for (String line : List.of("5 -3 10 -1", "5 4 -3 -1", "-5 4 10 -1")) {
            InputException bad = assertThrows(InputException.class, () -> read(line + "\n", WorkloadOptions.DEFAULTS));
            assertTrue(bad.getMessage().endsWith("' is not -1 (unknown) or a non-negative number"), bad.getMessage());
            assertEquals(1, bad.line());
        }
        assertEquals(SimTime.seconds(20), read("0 4 10 -1\n", WorkloadOptions.DEFAULTS).get(0).estimate(),
                "a negative estimate keeps SST's meaning: twice the run time");
        InputException e = assertThrows(InputException.class, () -> read("0 4 10\n", WorkloadOptions.DEFAULTS));
        assertEquals(1, e.line());
        e = assertThrows(InputException.class, () -> read("0 four 10 -1\n", WorkloadOptions.DEFAULTS));
        assertEquals("field 2 (procs)", e.field());
        e = assertThrows(InputException.class, () -> read("0 4 1e999 -1\n", WorkloadOptions.DEFAULTS));
        assertEquals("field 3 (runtime)", e.field(), "an infinite time is a malformed field, not an internal error");
        e = assertThrows(InputException.class, () -> read("0 4 1e20 -1\n", WorkloadOptions.DEFAULTS));
        assertEquals("field 3 (runtime)", e.field(), "a time whose sums could overflow is refused up front");
        assertTrue(e.getMessage().contains("at most 1e12 s"), e.getMessage());
        assertEquals(1_000_000_000_000_000_000L, read("0 4 1000000000000 -1\n", WorkloadOptions.DEFAULTS).get(0).runTime());
    }
}
