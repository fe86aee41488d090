package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MalleableCommandTest {
    private static final String LINE = "C8 IO C8 IO C8";

    @TempDir
    Path dir;

    @Test
    void aRandomUniformInstanceGetsValidSchedulesFromEveryAlgorithmAndAnOnlineRun() throws IOException {
        Path out = dir.resolve("m");
        Cli.Result r = Cli.run("experiment", "malleable", "--line", LINE, "--random", "12", "--q", "3", "--alpha", "3",
                "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(4, rows.size(), "header, 2-approximation, generalized, online: " + rows);
        assertEquals("algorithm,makespan,lower_bound,ratio,valid,note", rows.get(0), "no optimum without --exact");
        assertFalse(Files.exists(out.resolve("schedule-exact.csv")));
        for (String row : rows.subList(1, 4)) {
            assertTrue(row.contains(",true,"), row);
        }
        double ratio = Double.parseDouble(rows.get(1).split(",")[3]);
        assertTrue(ratio >= 1 - 1e-9 && ratio <= 2 + 1e-9, "2-approximation within 2 LB: " + ratio);
        assertEquals(List.of("q,alpha", "1,2.000000", "2,2.000000", "3,2.000000"),
                Files.readAllLines(out.resolve("alpha.csv")));
        for (String f : List.of("report.md", "instance.csv", "schedule-2approx.csv", "schedule-generalized.csv",
                "online-jobs.csv", "online-summary.json")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }

        Path instance = out.resolve("instance.csv");
        Cli.Result ok = Cli.run("experiment", "malleable", "--line", LINE, "--jobs", instance.toString(), "--verify",
                out.resolve("schedule-2approx.csv").toString());
        assertEquals(0, ok.status(), ok.out() + ok.err());
        assertTrue(ok.out().startsWith("valid, makespan"), ok.out());

        List<String> schedule = Files.readAllLines(out.resolve("schedule-generalized.csv"));
        String[] first = schedule.get(1).split(",");
        String[] second = schedule.get(2).split(",");
        // Job 2 moved onto job 1's nodes and time: an overlap (and maybe a locality violation).
        schedule.set(2, String.join(",", second[0], first[1], first[2], second[3], first[4], first[5]));
        Path bad = dir.resolve("bad.csv");
        Files.write(bad, schedule);
        Cli.Result rejected = Cli.run("experiment", "malleable", "--line", LINE, "--jobs", instance.toString(),
                "--verify", bad.toString());
        assertEquals(1, rejected.status());
        assertTrue(rejected.out().startsWith("INVALID"), rejected.out());
    }

    @Test
    void exactAddsTheOptimumEachScheduleRatioToItAndAScheduleTheVerifierAccepts() throws IOException {
        Path out = dir.resolve("m");
        Cli.Result r = Cli.run("experiment", "malleable", "--line", LINE, "--random", "5", "--q", "3", "--alpha", "2",
                "--exact", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("ratio_to_opt") && r.out().contains("exact (branch and bound)"), r.out());
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        assertEquals("algorithm,makespan,lower_bound,ratio,ratio_to_opt,valid,note", rows.get(0));
        assertEquals(5, rows.size(), "header, 2-approximation, generalized, exact, online: " + rows);
        String[] exact = rows.get(3).split(",");
        assertEquals("exact (branch and bound)", exact[0]);
        assertEquals("1.0000", exact[4]);
        assertEquals("true", exact[5]);
        double opt = Double.parseDouble(exact[1]);
        assertTrue(opt >= Double.parseDouble(exact[2]) - 1e-4, "OPT at least the lower bound: " + rows.get(3));
        for (String row : List.of(rows.get(1), rows.get(2), rows.get(4))) {
            String[] f = row.split(",");
            assertEquals(Double.parseDouble(f[1]) / opt, Double.parseDouble(f[4]), 1e-3, row);
            assertTrue(Double.parseDouble(f[4]) >= 1 - 1e-3, "no schedule beats the optimum: " + row);
        }
        assertTrue(Files.readString(out.resolve("report.md")).contains("ratio_to_opt = makespan / OPT"));

        Cli.Result ok = Cli.run("experiment", "malleable", "--line", LINE, "--jobs", out.resolve("instance.csv").toString(),
                "--verify", out.resolve("schedule-exact.csv").toString(), "--exact");
        assertEquals(0, ok.status(), ok.out() + ok.err());
        assertTrue(ok.out().startsWith("valid, makespan") && ok.out().contains("makespan / OPT 1.0000"), ok.out());
    }

    @Test
    void exactRefusesMoreJobsThanTheSolverTakesOrMoreStepsThanAllowedWithNoOutput() {
        Path out = dir.resolve("never");
        Cli.Result many = Cli.run("experiment", "malleable", "--line", LINE, "--random", "9", "--exact", "-o",
                out.toString());
        assertEquals(2, many.status());
        assertTrue(many.err().contains("--exact: the exact solver takes at most 8 jobs, this instance has 9"),
                many.err());
        Cli.Result slow = Cli.run("experiment", "malleable", "--line", LINE, "--random", "8", "--q", "4", "--exact",
                "--exact-steps", "1000", "-o", out.toString());
        assertEquals(2, slow.status());
        assertTrue(slow.err().contains("gave up after 1000 search steps") && slow.err().contains("--exact-steps"),
                slow.err());
        assertFalse(Files.exists(out), "no output when the exact solver refuses");
        assertTrue(many.out().isEmpty() && slow.out().isEmpty(), many.out() + slow.out());
    }

    @Test
    void theorem2BuildsThePartitionReductionAndTheOptimumReachesBQPlusOneExactlyOnAnEvenSplit() throws IOException {
        Path yes = dir.resolve("yes");
        Cli.Result r = Cli.run("experiment", "malleable", "--theorem2", "3,1,1,2,1", "--q", "2", "--alpha", "1",
                "--exact", "-o", yes.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Theorem 2: B (Q + 1) = 6; the weights split evenly, {3, 1} | {1, 2, 1};"
                + " OPT = 6, equal to B (Q + 1), as the theorem says."), r.out());
        String report = Files.readString(yes.resolve("report.md"));
        assertTrue(report.contains("`line:IO C2 IO C2 IO`") && report.contains("## Theorem 2"), report);
        assertEquals(8, Files.readAllLines(yes.resolve("instance.csv")).size(), "header, 5 small jobs, 2 big ones");

        Cli.Result no = Cli.run("experiment", "malleable", "--theorem2", "1,1,4", "--q", "2", "--alpha", "1",
                "--exact", "-o", dir.resolve("no").toString());
        assertEquals(0, no.status(), no.err());
        assertTrue(no.out().contains("Theorem 2: B (Q + 1) = 4.5; the weights do not split into two halves of equal"
                + " sum; OPT = 5, above B (Q + 1), as the theorem says."), no.out());

        Cli.Result noExact = Cli.run("experiment", "malleable", "--theorem2", "1,1,2", "--q", "3", "--alpha", "1",
                "-o", dir.resolve("plain").toString());
        assertEquals(0, noExact.status(), noExact.err());
        assertTrue(noExact.out().contains("the weights split evenly, {1, 1} | {2}; --exact gives the optimum"),
                noExact.out());

        Cli.Result both = Cli.run("experiment", "malleable", "--theorem2", "1,1,2", "--line", LINE, "-o",
                dir.resolve("never").toString());
        assertEquals(2, both.status());
        assertTrue(both.err().contains("--theorem2: makes its own instance"), both.err());
        Cli.Result bad = Cli.run("experiment", "malleable", "--theorem2", "1,0", "-o", dir.resolve("never").toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("weights must be positive: 0"), bad.err());
        assertFalse(Files.exists(dir.resolve("never")));
    }

    @Test
    void aBadInstanceLineIsReportedWithFileLineAndField() throws IOException {
        Path jobs = dir.resolve("jobs.csv");
        Files.writeString(jobs, "id,load,max_nodes,io_node\n1,10,2,0\n2,ten,2,1\n");
        Path out = dir.resolve("never");
        Cli.Result r = Cli.run("experiment", "malleable", "--line", LINE, "--jobs", jobs.toString(), "-o", out.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("jobs.csv:3") && r.err().contains("load"), r.err());
        assertFalse(Files.exists(out), "no output on bad input");
        Files.writeString(jobs, "id,load,max_nodes,io_node\n1,10,2,5\n");
        Cli.Result io = Cli.run("experiment", "malleable", "--line", LINE, "--jobs", jobs.toString(), "-o", out.toString());
        assertEquals(2, io.status());
        assertTrue(io.err().contains("io_node"), io.err());
    }
}
