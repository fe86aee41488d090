package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TorusCommandsTest {
    private static final String PAPER = "8:2,4:2,4:4,4:4,4:1,2:4";

    /** CNP_Alloc on the paper's example as JSON, without the closing brace. */
    private static final String PAPER_JSON = "{\"makespan\":10.75,\"makespanWithoutContention\":7,\"jobs\":["
            + "{\"id\":1,\"start\":0,\"finish\":2,\"row\":0,\"col\":0,\"dim\":8},"
            + "{\"id\":2,\"start\":2,\"finish\":5.875,\"row\":0,\"col\":0,\"dim\":4},"
            + "{\"id\":3,\"start\":2,\"finish\":9.5,\"row\":1,\"col\":1,\"dim\":4},"
            + "{\"id\":4,\"start\":2,\"finish\":9,\"row\":0,\"col\":1,\"dim\":4},"
            + "{\"id\":5,\"start\":2,\"finish\":4,\"row\":1,\"col\":0,\"dim\":4},"
            + "{\"id\":6,\"start\":4,\"finish\":10.75,\"row\":1,\"col\":0,\"dim\":2}]";
    /** The same as the text table. */
    private static final String PAPER_TABLE = "job  dim  start  finish  row  col\n"
            + "  1    8      0       2    0    0\n"
            + "  2    4      2   5.875    0    0\n"
            + "  3    4      2     9.5    1    1\n"
            + "  4    4      2       9    0    1\n"
            + "  5    4      2       4    1    0\n"
            + "  6    2      4   10.75    1    0\n"
            + "makespan 10.75 (7 without contention)\n";

    @TempDir
    Path dir;

    @Test
    void torusSchedulePrintsThePapersExampleAsOneJsonObject() {
        Cli.Result r = Cli.run("experiment", "torus-schedule", "--torus", "8", "--jobs", PAPER, "--format", "json");
        assertEquals(0, r.status(), r.err());
        assertEquals(PAPER_JSON + "}\n", r.out());
    }

    @Test
    void torusSchedulePrintsAnAlignedTableByDefaultAndReadsAJobsFile() throws IOException {
        Cli.Result r = Cli.run("experiment", "torus-schedule", "--torus", "8", "--jobs", PAPER);
        assertEquals(0, r.status(), r.err());
        assertEquals(PAPER_TABLE, r.out());
        Path file = dir.resolve("jobs.txt");
        Files.writeString(file, "# the paper's example\n8 2\n4 2\n\n4 4\n4\t4   # tab\n4 1\n2 4\n");
        r = Cli.run("experiment", "torus-schedule", "--torus", "8", "--jobs-file", file.toString(), "--format", "text");
        assertEquals(0, r.status(), r.err());
        assertEquals(PAPER_TABLE, r.out());
    }

    @Test
    void torusScheduleWithTheLinkDisjointBaselineAddsThePapersTenWithoutContention() {
        // J3 still ends at 9.5 under contention; the optimum with no link shared at any time is 10.
        Cli.Result r = Cli.run("experiment", "torus-schedule", "--torus", "8", "--jobs", PAPER, "--baseline",
                "link-disjoint", "--format", "json");
        assertEquals(0, r.status(), r.err());
        assertEquals(PAPER_JSON + ","
                + "\"baseline\":{\"kind\":\"link-disjoint\",\"makespan\":10,\"jobs\":["
                + "{\"id\":1,\"start\":0,\"finish\":2,\"row\":0,\"col\":0,\"dim\":8},"
                + "{\"id\":2,\"start\":2,\"finish\":4,\"row\":0,\"col\":0,\"dim\":4},"
                + "{\"id\":3,\"start\":2,\"finish\":6,\"row\":1,\"col\":1,\"dim\":4},"
                + "{\"id\":4,\"start\":4,\"finish\":8,\"row\":0,\"col\":0,\"dim\":4},"
                + "{\"id\":5,\"start\":8,\"finish\":9,\"row\":0,\"col\":0,\"dim\":4},"
                + "{\"id\":6,\"start\":6,\"finish\":10,\"row\":1,\"col\":1,\"dim\":2}]}}\n", r.out());
        r = Cli.run("experiment", "torus-schedule", "--torus", "8", "--jobs", PAPER, "--baseline", "link-disjoint");
        assertEquals(0, r.status(), r.err());
        assertEquals(PAPER_TABLE
                + "\n"
                + "baseline link-disjoint: the optimal schedule with no link shared at any time, no dilation\n"
                + "job  dim  start  finish  row  col\n"
                + "  1    8      0       2    0    0\n"
                + "  2    4      2       4    0    0\n"
                + "  3    4      2       6    1    1\n"
                + "  4    4      4       8    0    0\n"
                + "  5    4      8       9    0    0\n"
                + "  6    2      6      10    1    1\n"
                + "baseline makespan 10\n", r.out());
    }

    @Test
    void torusFeasibilityWithoutADeadlineFindsTheMinimumFinishTime() {
        Cli.Result r = Cli.run("experiment", "torus-feasibility", "--torus", "8", "--jobs", PAPER, "--format", "json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("{\"minimumFinishTime\":9.5,\"minimumFinishTimeExact\":\"19/2\",\"lowerBound\":8.5,"
                + "\"preemptions\":1,\"jobs\":[{\"id\":1,\"dim\":8,\"time\":2,\"preemptions\":0,\"pieces\":"
                + "[{\"start\":0,\"end\":2,\"interval\":[0,7]}]},"), r.out());
        assertTrue(r.out().contains("{\"id\":4,\"dim\":4,\"time\":4,\"preemptions\":1,\"pieces\":[{\"start\":2,\"end\":4.5,"
                + "\"interval\":[4,7]},{\"start\":8,\"end\":9.5,\"interval\":[0,3]}]}"), r.out());
        r = Cli.run("experiment", "torus-feasibility", "--torus", "4", "--jobs", "2:5,1:4,1:6,1:5");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("minimum finish time 6.666666666666667 (20/3)\n"), r.out());
    }

    @Test
    void torusFeasibilityWithADeadlineSaysWhetherItIsMetAndPrintsTheSchedule() {
        String[] paper = {"experiment", "torus-feasibility", "--torus", "16", "--jobs", "8:2,4:4,4:3,2:2,2:2.5"};
        Cli.Result r = Cli.run(concat(paper, "--deadline", "4"));
        assertEquals(0, r.status(), r.err());
        assertEquals("deadline 4: feasible\n"
                + "lower bound max(t_max, sum d*t / m) = 4\n"
                + "job  dim  time  piece  first  last  start  end\n"
                + "  1    8     2      1      0     7      0    2\n"
                + "  2    4     4      1      8    11      0    4\n"
                + "  3    4     3      1     12    15      0    1\n"
                + "  3    4     3      2      0     3      2    4\n"
                + "  4    2     2      1      4     5      2    4\n"
                + "  5    2   2.5      1     12    13      1  1.5\n"
                + "  5    2   2.5      2      6     7      2    4\n"
                + "preemptions 2\n", r.out());
        r = Cli.run(concat(paper, "--deadline", "3.9", "--format", "json"));
        assertEquals(0, r.status(), r.err());
        assertEquals("{\"deadline\":3.9,\"feasible\":false,\"lowerBound\":4}\n", r.out());
    }

    @Test
    void badInputExitsWithStatusTwoAndSaysWhy() throws IOException {
        assertBad("the torus side m must be a power of two from 1 to 2^30, got 6", "--torus", "6", "--jobs", "2:1");
        assertBad("job 2: dimension 3 is not a power of two", "--torus", "8", "--jobs", "4:1,3:1");
        assertBad("job 1: dimension 16 is larger than the torus side 8", "--torus", "8", "--jobs", "16:1");
        assertBad("jobs must come in non-increasing order of dimension: job 3 (dimension 4) follows job 2 (dimension 2)",
                "--torus", "8", "--jobs", "8:2,2:1,4:1");
        assertBad("job 1: time must be positive, got 0", "--torus", "8", "--jobs", "8:0");
        assertBad("--jobs: job 2 ('4-1'): expected dimension:time", "--torus", "8", "--jobs", "8:2,4-1");
        assertBad("--jobs: job 1 ('8:-1'): time: expected a decimal number such as 2 or 0.5, got '-1'",
                "--torus", "8", "--jobs", "8:-1");
        assertBad("give the jobs with --jobs or --jobs-file (one of them)", "--torus", "8");
        assertBad("--format must be json or text, got 'xml'", "--torus", "8", "--jobs", "8:1", "--format", "xml");
        assertBad("--baseline must be link-disjoint, got 'optimal'", "--torus", "8", "--jobs", "8:1", "--baseline", "optimal");
        assertBad("the link-disjoint optimum takes m / smallest dimension at most 16, not 32",
                "--torus", "32", "--jobs", "1:1", "--baseline", "link-disjoint");
        Path file = dir.resolve("jobs.txt");
        Files.writeString(file, "8 2\n\n4 x\n");
        assertBad(file + ":3: job 2: time: expected a decimal number such as 2 or 0.5, got 'x'",
                "--torus", "8", "--jobs-file", file.toString());
        Cli.Result r = Cli.run("experiment", "torus-feasibility", "--torus", "8", "--jobs", "8:1", "--deadline", "0");
        assertEquals(2, r.status());
        assertEquals("hpcsim: error: the deadline must be positive, got 0\n", r.err());
        r = Cli.run("experiment", "torus-feasibility", "--torus", "8", "--jobs", "4:1,8:1");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("non-increasing order of dimension"), r.err());
    }

    private static void assertBad(String message, String... options) {
        Cli.Result r = Cli.run(concat(new String[] {"experiment", "torus-schedule"}, options));
        assertEquals(2, r.status(), r.out());
        assertEquals("hpcsim: error: " + message + "\n", r.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
