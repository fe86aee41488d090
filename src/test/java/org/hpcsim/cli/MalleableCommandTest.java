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
