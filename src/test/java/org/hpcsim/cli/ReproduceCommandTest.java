package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.reproduce.Published;
import org.hpcsim.reproduce.Reproductions;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {
    @TempDir
    Path dir;

    private static String shared() {
        return SharedData.file("peer-data/sst/PROVENANCE.md").getParent().getParent().getParent().toString();
    }

    @Test
    void fastReproductionsWriteTheReportAndExplainEveryDisagreement() throws IOException {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("reproduce", "sst-0001", "gupta-srimani-example", "bampis-theorem2", "cplant-table1",
                "--shared", shared(), "-o", out.toString(), "-q");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.out());
        List<String> figures = Files.readAllLines(out.resolve("figures.csv"));
        assertEquals("experiment,row,column,hpcsim_setting,published,hpcsim,ratio,claim,tolerance,agrees,unit,source,why",
                figures.get(0));
        // SST's test 0001, job for job.
        assertTrue(figures.contains("sst-0001,all jobs,jobs with SST's start and end,,18239,18239,1.0000,=,exact,yes,jobs,"
                + "SST 10.1 test_scheduler_0001.out (.time section),"), figures.toString());
        // Gupta and Srimani: J3 finishes at 9.5 (the paper prints 8.5, explained).
        String j3 = figures.stream().filter(l -> l.startsWith("gupta-srimani-example,J3,")).findFirst().orElseThrow();
        assertTrue(j3.startsWith("gupta-srimani-example,J3,finish,,8.5,9.5,1.1176,=,exact,no,"), j3);
        assertTrue(j3.contains("availability matrix"), j3);
        // The paper's 10 without contention: the link-disjoint optimum.
        assertTrue(figures.contains("gupta-srimani-example,schedule,makespan without contention,link-disjoint optimum,"
                + "10,10,1.0000,=,exact,yes,time units,\"Gupta & Srimani 1997, Section 2.4.4 (\"\"would have been 10\"\")\","),
                figures.toString());
        // Theorem 2: every instance on the right side of B(Q + 1).
        assertEquals(6, figures.stream().filter(l -> l.startsWith("bampis-theorem2,") && l.contains(",yes,")).count());
        for (String line : figures.subList(1, figures.size())) {
            assertTrue(line.contains(",yes,") || !line.endsWith(","), "a disagreement without a reason: " + line);
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.startsWith("# The papers' figures beside hpcsim's"), report);
        assertTrue(report.contains("| `sst-0001` | 4 / 4 | - |"), report);
        assertTrue(Files.isRegularFile(out.resolve("runs/sst-0001/run/jobs.csv")));
        assertEquals("experiment,order,paper,hpcsim,agrees,why", Files.readAllLines(out.resolve("rankings.csv")).get(0));
    }

    @Test
    void everyPublishedFigureBelongsToAReproductionAndEveryReproductionHasFigures() {
        List<String> names = Reproductions.all().stream().map(r -> r.name()).toList();
        for (Published p : Published.all()) {
            assertTrue(names.contains(p.experiment()), p.toString());
            assertFalse(p.source().isBlank(), p.toString());
        }
        for (String name : names) {
            assertFalse(Published.of(name).isEmpty(), name);
        }
    }

    @Test
    void listNamesEveryReproductionAndItsInputs() {
        Cli.Result r = Cli.run("reproduce", "--list", "--shared", "/data");
        assertEquals(0, r.status(), r.err());
        for (String name : List.of("sst-0001", "bender-table1", "meng-table1", "gupta-srimani-example", "bampis-theorem2",
                "cplant-table1")) {
            assertTrue(r.out().contains(name), r.out());
        }
        assertTrue(r.out().contains("needs /data/thermal/sst_DMatrix4_5_2_v2014-06-16.txt"), r.out());
    }

    @Test
    void missingInputsAndUnknownNamesAreInputErrorsThatWriteNothing() {
        Path out = dir.resolve("none");
        Cli.Result missing = Cli.run("reproduce", "sst-0001", "--shared", dir.resolve("nowhere").toString(),
                "-o", out.toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("test_scheduler_0001.sim") && missing.err().contains("missing input"),
                missing.err());
        Cli.Result unknown = Cli.run("reproduce", "meng-table2", "-o", out.toString());
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("one of: sst-0001, bender-table1"), unknown.err());
        assertEquals(2, Cli.run("reproduce", "-o", out.toString()).status());
        assertEquals(2, Cli.run("reproduce", "--all", "sst-0001", "-o", out.toString()).status());
        assertFalse(Files.exists(out));
    }

    @Test
    void theCommittedReportCoversEveryReproductionAndExplainsEveryDisagreement() throws IOException {
        List<String> lines = Files.readAllLines(SharedData.repoRoot().resolve("docs/reproduction-report.md"));
        assertEquals("# The papers' figures beside hpcsim's", lines.get(0));
        assertTrue(lines.get(2).startsWith("Made by `hpcsim reproduce --all`."), lines.get(2));
        for (String name : Reproductions.all().stream().map(r -> r.name()).toList()) {
            assertTrue(lines.contains("## " + name), name);
        }
        long disagreements = 0;
        for (String line : lines) {
            if (line.contains("| **no** |")) {
                disagreements++;
                String why = line.substring(line.lastIndexOf("| **no** |") + 10, line.length() - 1).strip();
                assertFalse(why.isEmpty(), "a disagreement without a reason: " + line);
            }
        }
        assertTrue(disagreements > 0, "the papers do disagree in places; the report should show where");
    }
}
