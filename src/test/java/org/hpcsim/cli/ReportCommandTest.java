package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.compare.MetricTable;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {

    private static final String NASA = "peer-data/sst/sqe-testInputFiles/test_scheduler_0001.sim";

    @Test
    void reportOverThreeAllocatorsOnNasaShowsExactlyTheRunsSummaryNumbers(@TempDir Path tmp) throws Exception {
        Path trace = SharedData.file(NASA);
        List<Path> runs = new ArrayList<>();
        for (String allocator : List.of("sorted-free-list", "mbs", "mc1x1")) {
            Path out = tmp.resolve(allocator);
            Cli.Result r = Cli.run("run", "-q", "--trace", trace.toString(), "--machine", "mesh:16x8", "--scheduler", "easy",
                    "--allocator", allocator, "--out", out.toString());
            assertEquals(0, r.status(), r.err());
            runs.add(out);
        }
        Path report = tmp.resolve("report");
        Cli.Result r = Cli.run("report", runs.get(0).toString(), runs.get(1).toString(), runs.get(2).toString(),
                "-o", report.toString());
        assertEquals(0, r.status(), r.err());
        List<List<String>> table = markdownTable(Files.readString(report.resolve("report.md")));
        List<String> heading = table.get(0);
        assertEquals(List.of("run", "allocator"), heading.subList(0, 2), "only the allocator differs");
        int checked = 0;
        for (int i = 0; i < 3; i++) {
            List<String> row = table.get(i + 1);
            SummaryJson summary = SummaryJson.read(runs.get(i).resolve("summary.json"));
            assertEquals(summary.text("allocator"), row.get(1));
            for (MetricTable.Metric m : MetricTable.METRICS) {
                int col = heading.indexOf(m.heading() + (m.better() == MetricTable.Better.LOWER ? " ↓" : " ↑"));
                if (summary.text(m.key()) == null) {
                    assertTrue(col < 0 || row.get(col).equals("–"), m.key());
                    continue;
                }
                assertTrue(col > 0, "column for " + m.key());
                assertEquals(summary.text(m.key()), row.get(col).replace("**", "").replace(" ★", ""), m.key());
                checked++;
            }
        }
        assertTrue(checked >= 30, "metrics compared: " + checked);
        String html = Files.readString(report.resolve("report.html"));
        for (Path run : runs) {
            SummaryJson summary = SummaryJson.read(run.resolve("summary.json"));
            assertTrue(html.contains(">" + summary.text("mean_wait_s")), "html shows mean wait of " + run);
        }
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.trim().endsWith("</html>"));
        // Figures: the two overlays and each run's time series, maps and Gantt chart side by side, every
        // image embedded in the page and linked from the Markdown to a file that exists.
        int embedded = html.split("src=\"data:image/png;base64,", -1).length - 1;
        assertEquals(2 + 3 * 4, embedded, "overlays + utilization, queue, machine map, busy map per run (18,239 jobs: no Gantt)");
        String md = Files.readString(report.resolve("report.md"));
        java.util.regex.Matcher link = java.util.regex.Pattern.compile("\\]\\(([^)]+\\.png)\\)").matcher(md);
        int links = 0;
        while (link.find()) {
            assertTrue(Files.isRegularFile(report.resolve(link.group(1))), link.group(1));
            links++;
        }
        assertEquals(embedded, links);
    }

    @Test
    void theBestRunPerMetricIsMarkedAndTiesAcrossAllRunsAreNot(@TempDir Path tmp) throws Exception {
        Path a = run(tmp, "a", "sorted-free-list[hilbert]");
        Path b = run(tmp, "b", "mbs");
        Path report = tmp.resolve("report");
        assertEquals(0, Cli.run("report", a.toString(), b.toString(), "-o", report.toString(), "--no-plots").status());
        assertFalse(Files.readString(report.resolve("report.md")).contains(".png"), "--no-plots: the table only");
        List<List<String>> table = markdownTable(Files.readString(report.resolve("report.md")));
        List<String> heading = table.get(0);
        int wait = heading.indexOf("mean wait (s) ↓");
        int hops = heading.indexOf("mean avg pairwise hops ↓");
        // Without a network model the allocator changes where jobs run, not when: waits tie, locality differs.
        assertEquals(SummaryJson.read(a.resolve("summary.json")).text("mean_wait_s"),
                SummaryJson.read(b.resolve("summary.json")).text("mean_wait_s"));
        assertFalse(table.get(1).get(wait).contains("★") || table.get(2).get(wait).contains("★"));
        double hopsA = SummaryJson.read(a.resolve("summary.json")).number("locality.mean.avg_pairwise_hops");
        double hopsB = SummaryJson.read(b.resolve("summary.json")).number("locality.mean.avg_pairwise_hops");
        assertTrue(hopsA != hopsB);
        assertEquals(hopsA < hopsB, table.get(1).get(hops).equals("**" + SummaryJson.read(a.resolve("summary.json"))
                .text("locality.mean.avg_pairwise_hops") + "** ★"));
        assertEquals(hopsB < hopsA, table.get(2).get(hops).endsWith("★"));
    }

    @Test
    void aDirectoryThatIsNeitherARunNorASweepIsBadInput(@TempDir Path tmp) throws Exception {
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        Cli.Result r = Cli.run("report", empty.toString(), "-o", tmp.resolve("report").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("empty") && r.err().contains("summary.json"), r.err());
        assertFalse(Files.exists(tmp.resolve("report")));
        assertEquals(2, Cli.run("report", tmp.resolve("missing").toString()).status());
    }

    private static Path run(Path tmp, String name, String allocator) {
        Path out = tmp.resolve(name);
        Cli.Result r = Cli.run("run", "-q", "--config", SharedData.repoRoot().resolve("config/default.conf").toString(),
                "--allocator", allocator, "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        return out;
    }

    /** The report's metrics table: heading then one row per run, cells trimmed. */
    static List<List<String>> markdownTable(String md) {
        List<List<String>> rows = new ArrayList<>();
        boolean in = false;
        for (String line : md.split("\n")) {
            if (line.startsWith("| run |")) {
                in = true;
            }
            if (in && !line.startsWith("|")) {
                break;
            }
            if (in && !line.startsWith("|---")) {
                List<String> cells = new ArrayList<>();
                for (String c : line.substring(1, line.length() - 1).split(" \\| |\\|", -1)) {
                    cells.add(c.trim());
                }
                rows.add(cells);
            }
        }
        return rows;
    }
}
