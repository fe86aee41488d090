package org.hpcsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatsimWorkloadReaderTest {
    @TempDir
    Path dir;

    private static final String PROFILES = "\"profiles\": {\"d30\": {\"type\": \"delay\", \"delay\": 30},"
            + " \"d7\": {\"type\": \"delay\", \"delay\": 7.25}}";

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    /** A workload of these jobs (JSON objects, comma-separated) with the profiles d30 and d7. */
    private Path workload(String jobs) throws IOException {
        return write("w.json", "{\"nb_res\": 8, \"jobs\": [" + jobs + "], " + PROFILES + "}");
    }

    private static List<Job> readAll(Path p, WorkloadOptions o) throws IOException {
        List<Job> jobs = new ArrayList<>();
        try (BatsimWorkloadReader r = new BatsimWorkloadReader(p, o)) {
            Job j;
            while ((j = r.next()) != null) {
                jobs.add(j);
            }
            assertEquals(8, r.header().maxProcs().orElse(-1), "nb_res is the header's MaxProcs");
        }
        return jobs;
    }

    private static List<Job> readAll(Path p) throws IOException {
        return readAll(p, WorkloadOptions.DEFAULTS);
    }

    @Test
    void theBundledExampleReadsIntoJobsWithTheirFieldsAndItsParallelTaskRejected() throws IOException {
        Path example = SharedData.repoRoot().resolve("traces/batsim-example.json");
        List<Job> jobs = new ArrayList<>();
        List<String> profiles = new ArrayList<>();
        try (BatsimWorkloadReader r = new BatsimWorkloadReader(example, WorkloadOptions.DEFAULTS)) {
            Job j;
            while ((j = r.next()) != null) {
                jobs.add(j);
                profiles.add(r.profile());
            }
            assertEquals(4, r.header().maxProcs().getAsInt());
        }
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), jobs.stream().map(Job::id).toList());
        assertEquals(List.of(0, 1, 2, 3, 4, 5), jobs.stream().map(Job::index).toList());
        assertEquals(List.of("delay90", "delay30", "delay30", "delay45.5", "compute", "delay30"), profiles);
        assertEquals(profiles, BatsimWorkloadReader.profileNames(example));
        Job third = jobs.get(2);
        assertEquals(12_500_000, third.submit());
        assertEquals(12_500_000, third.arrival());
        assertEquals(SimTime.seconds(30), third.runTime(), "the delay of its profile");
        assertEquals(SimTime.seconds(20), third.estimate(), "its walltime");
        assertEquals(1, third.procs());
        assertEquals(1, third.nodes());
        assertNull(third.swf());
        assertNull(third.options());
        assertTrue(third.usable());
        Job noWalltime = jobs.get(3);
        assertEquals(45_500_000, noWalltime.runTime());
        assertEquals(45_500_000, noWalltime.estimate(), "no walltime: the run time (missing-estimate = runtime)");
        assertEquals(8, noWalltime.line(), "the line of the job's object");
        Job parallel = jobs.get(4);
        assertFalse(parallel.usable());
        assertEquals("profile 'compute' has type 'parallel_homogeneous'; hpcsim runs delay profiles only",
                parallel.rejectReason());
        assertEquals(0, parallel.nodes());
        assertEquals(-1, parallel.runTime());
        assertEquals(SimTime.seconds(200), parallel.estimate());
    }

    @Test
    void profilesAfterTheJobsOrBeforeThemAndNbResAnywhereReadTheSame() throws IOException {
        String jobs = "\"jobs\": [{\"id\": 1, \"subtime\": 0, \"res\": 2, \"profile\": \"d30\"},"
                + " {\"id\": 2, \"subtime\": 5, \"walltime\": 60, \"res\": 8, \"profile\": \"d7\"}]";
        List<Job> before = readAll(write("a.json", "{\"nb_res\": 8, " + PROFILES + ", " + jobs + "}"));
        List<Job> after = readAll(write("b.json", "{" + jobs + ", " + PROFILES + ", \"nb_res\": 8}"));
        List<Job> nbResLast = readAll(write("c.json", "{" + PROFILES + ", " + jobs + ", \"version\": 0, \"nb_res\": 8}"));
        assertEquals(2, before.size());
        assertEquals(before, after);
        assertEquals(before, nbResLast);
        assertEquals(SimTime.seconds(30), before.get(0).runTime());
        assertEquals(7_250_000, before.get(1).runTime());
    }

    @Test
    void secondsAreReadAsExactDecimalsAndRoundedHalfAwayFromZeroToTheMicrosecond() throws IOException {
        List<Job> jobs = readAll(workload("{\"id\": 1, \"subtime\": 0.1234565, \"walltime\": 1e3, \"res\": 1,"
                + " \"profile\": \"d30\"}, {\"id\": 2, \"subtime\": 86400.000001, \"walltime\": 0.0000006, \"res\": 1,"
                + " \"profile\": \"d30\"}"));
        assertEquals(123_457, jobs.get(0).submit());
        assertEquals(SimTime.seconds(1000), jobs.get(0).estimate());
        assertEquals(86_400_000_001L, jobs.get(1).submit());
        assertEquals(1, jobs.get(1).estimate(), "0.6 us rounds to 1 us");
    }

    @Test
    void aMissingOrMinusOneWalltimeFollowsTheMissingEstimateFactorAndKillAtEstimate() throws IOException {
        Path p = workload("{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": 2, \"subtime\": 0, \"walltime\": -1, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": 3, \"subtime\": 0, \"walltime\": 10, \"res\": 1, \"profile\": \"d30\"}");
        assertEquals(List.of(SimTime.seconds(30), SimTime.seconds(30), SimTime.seconds(10)),
                readAll(p).stream().map(Job::estimate).toList());
        WorkloadOptions twice = new WorkloadOptions(1, WorkloadOptions.SwfSizeField.ALLOCATED, 2, true);
        assertEquals(List.of(SimTime.seconds(60), SimTime.seconds(60), SimTime.seconds(10)),
                readAll(p, twice).stream().map(Job::estimate).toList());
        WorkloadOptions sst = new WorkloadOptions(1, WorkloadOptions.SwfSizeField.ALLOCATED, 1, false);
        assertEquals(SimTime.seconds(30), readAll(p, sst).get(2).estimate(), "raised to the run time");
    }

    @Test
    void resourcesAreProcessorsThatMapToNodesByCoresPerNode() throws IOException {
        WorkloadOptions four = new WorkloadOptions(4, WorkloadOptions.SwfSizeField.ALLOCATED, 1, true);
        List<Job> jobs = readAll(workload("{\"id\": 1, \"subtime\": 0, \"res\": 9, \"profile\": \"d30\"},"
                + " {\"id\": 2, \"subtime\": 0, \"res\": 4, \"profile\": \"d30\"}"), four);
        assertEquals(List.of(9, 4), jobs.stream().map(Job::procs).toList());
        assertEquals(List.of(3, 1), jobs.stream().map(Job::nodes).toList());
    }

    @Test
    void integerIdsAndStringsHoldingOneKeepTheirNumber() throws IOException {
        Path p = workload("{\"id\": \"7\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": -3, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": \"w0!12\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}");
        assertEquals(List.of(7L, -3L, 12L), readAll(p).stream().map(Job::id).toList());
        assertEquals(List.of("7", "-3", "12"), BatsimWorkloadReader.jobNames(p));
    }

    @Test
    void idsAreBatsimsStringsAndJobsAreNumberedByPositionWhenOneIsNotAnInteger() throws IOException {
        // Batsim 4.2 (src/jobs.cpp): an integer is its decimal text; a string without the workload's name
        // is a name in it; one with it is WORKLOAD!NAME (runs of '!' count as one). "07" is not "7".
        Path p = workload("{\"id\": \"a\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": \"07\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": 7, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": \"w0!x\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": \"w0!!y\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": \"\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": \"job 8 \\\"b\\\"\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), readAll(p).stream().map(Job::id).toList());
        assertEquals(List.of("a", "07", "7", "x", "y", "", "job 8 \"b\""), BatsimWorkloadReader.jobNames(p));
    }

    @Test
    void idsBatsimRefusesAreErrorsNamingTheJobAndWhatWasExpected() throws IOException {
        String[][] cases = {
                {"true", "expected a string or an integer, found true"},
                {"7.5", "expected a string or an integer, found 7.5"},
                {"null", "expected a string or an integer, found null"},
                {"[7]", "expected a string or an integer, found an array"},
                {"3000000000", "expected a string or an integer from -2147483648 to 2147483647 (Batsim reads an"
                        + " integer id as a 32-bit int), found 3000000000"},
                {"\"a!b!c\"", "expected a name without '!' or w0!NAME, found \"a!b!c\""},
                {"\"a!b\"", "expected a name without '!' or w0!NAME, found \"a!b\""},
                {"\"w0!a!b\"", "expected w0!NAME (two '!'-separated parts, as Batsim reads an id holding the"
                        + " workload's name), found \"w0!a!b\""},
                {"\"w0\"", "expected w0!NAME (two '!'-separated parts, as Batsim reads an id holding the"
                        + " workload's name), found \"w0\""},
                {"\"xw0!7\"", "expected w0!NAME, found \"xw0!7\": Batsim would take it for a job of workload"
                        + " 'xw0', which does not exist"},
                {"\"a,b\"", "expected an id without '(', ')', ',', '|' or '}', found \"a,b\": Batsim 4.2 cannot"
                        + " write it into the job's description (src/jobs.cpp) and refuses it"},
        };
        for (String[] c : cases) {
            Path p = workload("{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},\n"
                    + "{\"id\": " + c[0] + ", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}");
            InputException e = assertThrows(InputException.class, () -> readAll(p), c[0]);
            assertEquals(p + ":2: jobs[1].id: " + c[1], e.getMessage());
        }
    }

    @Test
    void twoJobsBatsimNamesAlikeAreAnErrorNamingBothLines() throws IOException {
        Path p = workload("{\"id\": \"a\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},\n"
                + "{\"id\": \"x\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},\n"
                + "{\"id\": \"w0!x\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}");
        assertEquals(p + ":3: job id: w0!x is also the id of the job on line 2: job ids must be unique",
                assertThrows(InputException.class, () -> readAll(p)).getMessage());
        Path q = workload("{\"id\": \"a\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},\n"
                + "{\"id\": 7, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},\n"
                + "{\"id\": \"07\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"},\n"
                + "{\"id\": \"7\", \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}");
        assertEquals(q + ":4: job id: w0!7 is also the id of the job on line 2: job ids must be unique",
                assertThrows(InputException.class, () -> readAll(q)).getMessage());
    }

    @Test
    void jobsThatCannotRunAreRejectedWithAReasonNamingTheProblem() throws IOException {
        List<Job> jobs = readAll(write("r.json", "{\"nb_res\": 8, \"jobs\": ["
                + "{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"nowhere\"},"
                + "{\"id\": 2, \"subtime\": 0, \"res\": 1, \"profile\": \"seq\"},"
                + "{\"id\": 3, \"subtime\": 0, \"res\": 0, \"profile\": \"d30\"},"
                + "{\"id\": 4, \"subtime\": -5, \"res\": 1, \"profile\": \"d30\"},"
                + "{\"id\": 5, \"subtime\": 9, \"res\": 1, \"profile\": \"d30\", \"extra_data\": {\"user\": 3}}],"
                + " \"profiles\": {\"d30\": {\"type\": \"delay\", \"delay\": 30},"
                + " \"seq\": {\"type\": \"composed\", \"seq\": [\"d30\", \"d30\"]}}}"));
        assertEquals(List.of("profile 'nowhere' is not defined in profiles",
                        "profile 'seq' has type 'composed'; hpcsim runs delay profiles only",
                        "no resources requested (res 0)", "negative submission time"),
                jobs.subList(0, 4).stream().map(Job::rejectReason).toList());
        assertEquals(0, jobs.get(3).arrival(), "a negative submission time arrives with the job before it");
        assertTrue(jobs.get(4).usable(), "fields Batsim does not know are ignored");
    }

    @Test
    void malformedDocumentsAndFieldsAreErrorsNamingTheFileLineJobAndField() throws IOException {
        String ok = "{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}";
        String[][] cases = {
                {"{\"id\": 4, \"subtime\": 0, \"walltime\": 0, \"res\": 1, \"profile\": \"d30\"}",
                        ":2: jobs[1].walltime: job 4: expected -1 (no walltime) or a number of seconds > 0, found 0"},
                {"{\"id\": 4, \"subtime\": 0, \"walltime\": -2, \"res\": 1, \"profile\": \"d30\"}",
                        ":2: jobs[1].walltime: job 4: expected -1 (no walltime) or a number of seconds > 0, found -2"},
                {"{\"id\": 4, \"subtime\": \"noon\", \"res\": 1, \"profile\": \"d30\"}",
                        ":2: jobs[1].subtime: job 4: expected a number of seconds, found \"noon\""},
                {"{\"id\": 4, \"subtime\": 1e13, \"res\": 1, \"profile\": \"d30\"}",
                        ":2: jobs[1].subtime: job 4: expected a number of seconds, at most 1e12 s, found 1e13"},
                {"{\"id\": 4, \"subtime\": 0, \"res\": 2.5, \"profile\": \"d30\"}",
                        ":2: jobs[1].res: job 4: expected an integer (resources), found 2.5"},
                {"{\"id\": 4, \"subtime\": 0, \"res\": 1}",
                        ":2: jobs[1].profile: job 4: missing (a job has id, subtime, res and profile)"},
                {"{\"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}",
                        ":2: jobs[1].id: missing (a job has id, subtime, res and profile)"},
                {"{\"id\": 4, \"subtime\": 0, \"res\": 1, \"profile\": [\"d30\"]}",
                        ":2: jobs[1].profile: job 4: expected a profile name (a string), found an array"},
                {"[4, 0, 1]", ":2: jobs[1]: expected a job object {\"id\": ..., \"subtime\": ..., \"res\": ...,"
                        + " \"profile\": ...}, found an array"},
                {"{\"id\": 4, \"id\": 5, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}",
                        ":2: column 15: not a valid JSON workload: Duplicate field 'id'"},
                {"{\"id\": 4, \"subtime\": 0 \"res\": 1}", ":2: column 24: not a valid JSON workload: Unexpected character"},
        };
        for (String[] c : cases) {
            Path p = workload(ok + ",\n" + c[0]);
            InputException e = assertThrows(InputException.class, () -> readAll(p), c[0]);
            assertTrue(e.getMessage().startsWith(p + c[1]), e.getMessage());
        }
    }

    @Test
    void malformedTopLevelsAndProfilesAreErrorsNamingTheField() throws IOException {
        String job = "{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}";
        String[][] cases = {
                {"{\"jobs\": [" + job + "], " + PROFILES + "}",
                        ": nb_res: missing: a Batsim workload has \"nb_res\", \"jobs\" and \"profiles\""},
                {"{\"nb_res\": 8, " + PROFILES + "}", ": jobs: missing: a Batsim workload has"},
                {"{\"nb_res\": 8, \"jobs\": [" + job + "]}", ": profiles: missing: a Batsim workload has"},
                {"{\"nb_res\": 0, \"jobs\": [], " + PROFILES + "}",
                        ":1: nb_res: expected a positive integer (the machine's resources), found 0"},
                {"{\"nb_res\": 8, \"jobs\": {}, " + PROFILES + "}", ":1: jobs: expected an array of jobs, found an object"},
                {"{\"nb_res\": 8, \"jobs\": [],\n \"profiles\": {\"d30\": {\"delay\": 30}}}",
                        ":2: profiles.d30.type: missing: every profile has a type"},
                {"{\"nb_res\": 8, \"jobs\": [],\n \"profiles\": {\"d30\": {\"type\": \"delay\"}}}",
                        ":2: profiles.d30.delay: missing: a delay profile has a delay (seconds)"},
                {"{\"nb_res\": 8, \"jobs\": [],\n \"profiles\": {\"d30\": {\"type\": \"delay\", \"delay\": -1}}}",
                        ":2: profiles.d30.delay: expected a number of seconds > 0, found -1"},
                // Batsim refuses a delay of 0 (src/profiles.cpp: "non-strictly-positive 'delay'").
                {"{\"nb_res\": 8, \"jobs\": [],\n \"profiles\": {\"d0\": {\"type\": \"delay\", \"delay\": 0}}}",
                        ":2: profiles.d0.delay: expected a number of seconds > 0, found 0"},
                {"{\"nb_res\": 8, \"jobs\": [],\n \"profiles\": {\"d30\": 30}}",
                        ":2: profiles.d30: expected a profile object {\"type\": ...}, found a number"},
                {"{\"nb_res\": 8, \"jobs\": [], " + PROFILES + "}\n{}",
                        ":2: unexpected an object after the workload object"},
                {"[1, 2]", ":1: expected a Batsim workload, a JSON object with \"nb_res\", \"jobs\" and \"profiles\","
                        + " found an array"},
                {"", ":1: expected a Batsim workload, a JSON object with \"nb_res\", \"jobs\" and \"profiles\","
                        + " found the end of the file"},
        };
        for (String[] c : cases) {
            Path p = write("t.json", c[0]);
            InputException e = assertThrows(InputException.class, () -> readAll(p), c[0]);
            assertTrue(e.getMessage().startsWith(p + c[1]), e.getMessage());
        }
    }

    @Test
    void aJsonNameIsABatsimWorkloadForAutoAlsoGzipped() throws IOException {
        Path plain = workload("{\"id\": 1, \"subtime\": 0, \"res\": 1, \"profile\": \"d30\"}");
        assertEquals(TraceFormat.BATSIM, TraceFormat.resolve("auto", plain));
        Path gz = dir.resolve("w.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(plain));
        }
        assertEquals(TraceFormat.BATSIM, TraceFormat.resolve("auto", gz));
        assertEquals(readAll(plain), readAll(gz));
        assertEquals(TraceFormat.BATSIM, TraceFormat.byKey("batsim"));
    }

    @Test
    void jobsOutOfSubmissionOrderAreDeliveredInArrivalOrderAsForAnyFormat() throws IOException {
        Path p = workload("{\"id\": 1, \"subtime\": 50, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": 2, \"subtime\": 10, \"res\": 1, \"profile\": \"d30\"},"
                + " {\"id\": 3, \"subtime\": 50, \"res\": 1, \"profile\": \"d7\"}");
        Trace trace = Trace.scan(p, TraceFormat.BATSIM, WorkloadOptions.DEFAULTS);
        assertFalse(trace.sorted());
        assertEquals(3, trace.jobs());
        List<Long> ids = new ArrayList<>();
        try (JobStream jobs = trace.open()) {
            Job j;
            while ((j = jobs.next()) != null) {
                ids.add(j.id());
            }
        }
        assertEquals(List.of(2L, 1L, 3L), ids, "by submission time, ties in file order");
    }
}
