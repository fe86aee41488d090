package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
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

    /**
     * The report's rounding, as the README states it: 4 significant digits, half to even, numbers of 4 or
     * more integer digits to a whole number, trailing zeros dropped.
     */
    private static String fourSignificantDigits(String exact) {
        BigDecimal v = new BigDecimal(exact);
        BigDecimal r = v.abs().compareTo(BigDecimal.valueOf(1000)) >= 0 ? v.setScale(0, RoundingMode.HALF_EVEN)
                : v.round(new MathContext(4, RoundingMode.HALF_EVEN));
        return v.signum() == 0 ? "0" : r.stripTrailingZeros().toPlainString();
    }

    @Test
    void reportOverThreeAllocatorsOnNasaShowsTheRunsSummaryNumbersToFourSignificantDigits(@TempDir Path tmp) throws Exception {
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
                assertEquals(fourSignificantDigits(summary.text(m.key())), row.get(col).replace("**", "").replace(" ★", ""),
                        m.key());
                checked++;
            }
        }
        assertTrue(checked >= 30, "metrics compared: " + checked);
        String html = Files.readString(report.resolve("report.html"));
        for (Path run : runs) {
            SummaryJson summary = SummaryJson.read(run.resolve("summary.json"));
            assertTrue(html.contains(">" + fourSignificantDigits(summary.text("mean_wait_s"))),
                    "html shows mean wait of " + run);
        }
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.trim().endsWith("</html>"));
        // Figures: the two overlays and each run's time series, maps and Gantt chart side by side, every
        // image embedded in the page and linked from the Markdown to a file that exists.
        int embedded = html.split("src=\"data:image/png;base64,", -1).length - 1;
        assertEquals(2 + 3 * 5, embedded, "overlays + utilization, queue, machine map, busy map and a window of the"
                + " Gantt chart per run (18,239 jobs)");
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
    void theBestRunPerMetricIsMarkedTiesAreNotAndIdenticalDistributionsAreNamed(@TempDir Path tmp) throws Exception {
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
        assertEquals(hopsA < hopsB, table.get(1).get(hops).equals("**" + fourSignificantDigits(SummaryJson.read(
                a.resolve("summary.json")).text("locality.mean.avg_pairwise_hops")) + "** ★"));
        assertEquals(hopsB < hopsA, table.get(2).get(hops).endsWith("★"));
        // With the plots: waits and run times are the same job for job, so b's curves lie exactly on a's.
        Path plotted = tmp.resolve("plotted");
        assertEquals(0, Cli.run("report", a.toString(), b.toString(), "-o", plotted.toString()).status());
        String md = Files.readString(plotted.resolve("report.md"));
        assertTrue(md.contains("\nIdentical wait times (their curves lie on each other): a = b.\n"), md);
        assertTrue(md.contains("\nIdentical bounded slowdowns (their curves lie on each other): a = b.\n"), md);
        assertTrue(Files.readString(plotted.resolve("report.html")).contains(
                "<p>Identical wait times (their curves lie on each other): a = b.</p>"));
        // The all-runs overlays are shown at their own width (their legend legible), the side-by-side plots smaller.
        String page = Files.readString(plotted.resolve("report.html"));
        assertTrue(page.contains("figure.whole img{max-width:100%;width:auto"), page.substring(0, 1200));
        assertTrue(page.contains("<h2>Wait time</h2>\n<div class=\"figures\">\n<figure class=\"whole\"><img"));
        assertTrue(page.contains("<h2>Utilization over time</h2>\n<div class=\"figures\">\n<figure><img"));
        // The same runs reported again: the same bytes (the page embeds every image).
        Path again = tmp.resolve("again");
        assertEquals(0, Cli.run("report", a.toString(), b.toString(), "-o", again.toString()).status());
        assertEquals(md, Files.readString(again.resolve("report.md")));
        assertArrayEquals(Files.readAllBytes(plotted.resolve("report.html")), Files.readAllBytes(again.resolve("report.html")));
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

    /**
     * A finished run written by hand: summary.json with the scenario fields and {@code metrics} (numbers
     * written as Java writes doubles), and config-used.conf with the settings, the seed and {@code extra}
     * lines; outputs and kernel settings differ from run to run as they may.
     */
    private static Path handRun(Path tmp, String name, String trace, String machine, String allocator, int seed,
                                String extra, Object... metrics) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        org.hpcsim.report.JsonWriter summary = new org.hpcsim.report.JsonWriter().put("trace", trace)
                .put("machine", machine).put("scheduler", "easy").put("allocator", allocator).put("seed", seed);
        for (int i = 0; i < metrics.length; i += 2) {
            summary.put((String) metrics[i], metrics[i + 1]);
        }
        Files.writeString(dir.resolve("summary.json"), summary.render());
        Files.writeString(dir.resolve("config-used.conf"), "trace = \"" + trace + "\"\nmachine = \"" + machine
                + "\"\nscheduler.policy = easy\nallocator.policy = \"" + allocator + "\"\nseed = " + seed
                + "\noutput.dir = \"" + dir + "\"\nkernel.threads = " + (name.length() % 3) + "\n" + extra + "\n");
        return dir;
    }

    @Test
    void theBestIsMarkedOnlyAmongRunsOfTheSameTraceOnTheSameMachine(@TempDir Path tmp) throws Exception {
        Path a = handRun(tmp, "a", "t1.swf", "mesh:8x8", "mbs", 1, "", "mean_wait_s", 200.0);
        Path b = handRun(tmp, "b", "t1.swf", "mesh:8x8", "mc1x1", 1, "", "mean_wait_s", 300.0);
        Path c = handRun(tmp, "c", "t2.swf", "mesh:8x8", "mbs", 1, "", "mean_wait_s", 50.0);
        Path d = handRun(tmp, "d", "t1.swf", "mesh:4x4", "mbs", 1, "", "mean_wait_s", 10.0);
        Path e = handRun(tmp, "e", "t2.swf", "mesh:8x8", "mc1x1", 1, "", "mean_wait_s", 80.0);
        Path report = tmp.resolve("report");
        Cli.Result r = Cli.run("report", a.toString(), b.toString(), c.toString(), d.toString(), e.toString(),
                "-o", report.toString(), "--no-plots");
        assertEquals(0, r.status(), r.err());
        String md = Files.readString(report.resolve("report.md"));
        assertTrue(md.contains("only among runs of the same trace on the same machine"), md);
        assertTrue(md.contains("## Trace t1.swf on mesh:8x8: 2 runs\n"), md);
        assertTrue(md.contains("## Trace t2.swf on mesh:8x8: 2 runs\n"), md);
        assertTrue(md.contains("## Trace t1.swf on mesh:4x4: 1 run\n"), md);
        List<List<String>> t1 = markdownTable(md, 0);
        List<List<String>> t2 = markdownTable(md, 1);
        List<List<String>> small = markdownTable(md, 2);
        int wait = t1.get(0).indexOf("mean wait (s) ↓");
        assertEquals(List.of("a", "**200** ★"), List.of(t1.get(1).get(0), t1.get(1).get(wait)));
        assertEquals(List.of("b", "300"), List.of(t1.get(2).get(0), t1.get(2).get(wait)));
        assertEquals(List.of("c", "**50** ★"), List.of(t2.get(1).get(0), t2.get(1).get(wait)));
        assertEquals(List.of("e", "80"), List.of(t2.get(2).get(0), t2.get(2).get(wait)));
        assertEquals(List.of("run", "mean wait (s) ↓"), small.get(0), "one run: no field differs");
        assertEquals(List.of("d", "10"), small.get(1),
                "the lowest wait of all, but on another machine: nothing to rank it against");
    }

    @Test
    void numbersAreRoundedToFourSignificantDigitsAndWholeNumbersKeepTheirDigits(@TempDir Path tmp) throws Exception {
        Path a = handRun(tmp, "a", "t.swf", "mesh:8x8", "mbs", 1, "", "makespan_s", 818532.0, "mean_wait_s", 9138.1295,
                "mean_bounded_slowdown", 46.6806458415816, "utilization", 0.7405804881482948,
                "failures.lost_node_hours", 0.000123456);
        Path b = handRun(tmp, "b", "t.swf", "mesh:8x8", "mc1x1", 1, "", "makespan_s", 818533.5, "mean_wait_s", 9138.4,
                "mean_bounded_slowdown", 46.71, "utilization", 0.7405, "failures.lost_node_hours", 0.0001);
        Path report = tmp.resolve("report");
        assertEquals(0, Cli.run("report", a.toString(), b.toString(), "-o", report.toString(), "--no-plots").status());
        String md = Files.readString(report.resolve("report.md"));
        assertFalse(md.contains("0.7405804881482948") || md.contains("46.6806458415816"), md);
        assertTrue(md.contains("Numbers are rounded to 4 significant digits"), md);
        List<List<String>> t = markdownTable(md, 0);
        List<String> h = t.get(0);
        assertEquals("**818532** ★", t.get(1).get(h.indexOf("makespan (s) ↓")), "a whole number keeps its digits");
        assertEquals("818534", t.get(2).get(h.indexOf("makespan (s) ↓")), "818533.5 to even");
        // 9138.1295 and 9138.4 both show as 9138: equal as shown, so neither is marked.
        assertEquals(List.of("9138", "9138"), List.of(t.get(1).get(h.indexOf("mean wait (s) ↓")),
                t.get(2).get(h.indexOf("mean wait (s) ↓"))));
        assertEquals("**46.68** ★", t.get(1).get(h.indexOf("mean bounded slowdown ↓")));
        assertEquals("**0.7406** ★", t.get(1).get(h.indexOf("utilization (fraction) ↑")));
        assertEquals("0.0001235", t.get(1).get(h.indexOf("lost node-hours ↓")));
        assertEquals("**0.0001** ★", t.get(2).get(h.indexOf("lost node-hours ↓")));
    }

    @Test
    void runsThatDifferOnlyInTheirSeedAreOneRowWithMeanConfidenceIntervalAndN(@TempDir Path tmp) throws Exception {
        Path s1 = handRun(tmp, "s1", "t.swf", "mesh:8x8", "random", 1, "", "mean_wait_s", 100.0);
        Path s2 = handRun(tmp, "s2", "t.swf", "mesh:8x8", "random", 2, "", "mean_wait_s", 110.0);
        Path other = handRun(tmp, "other", "t.swf", "mesh:8x8", "mbs", 1, "", "mean_wait_s", 90.0);
        Path s3 = handRun(tmp, "s3", "t.swf", "mesh:8x8", "random", 3, "", "mean_wait_s", 120.0);
        Path links = handRun(tmp, "links", "t.swf", "mesh:8x8", "random", 4, "network.model = links",
                "mean_wait_s", 130.0);
        Path report = tmp.resolve("report");
        Cli.Result r = Cli.run("report", s1.toString(), s2.toString(), other.toString(), s3.toString(),
                links.toString(), "-o", report.toString(), "--no-plots");
        assertEquals(0, r.status(), r.err());
        String md = Files.readString(report.resolve("report.md"));
        assertTrue(md.contains("95 % confidence interval (Student's t, n − 1 degrees of freedom)"), md);
        List<List<String>> t = markdownTable(md, 0);
        List<String> h = t.get(0);
        assertEquals(List.of("run", "allocator", "seed", "n"), h.subList(0, 4));
        assertEquals(4, t.size(), "three rows: the seeds of random, mbs, random under another network model");
        int wait = h.indexOf("mean wait (s) ↓");
        // Mean 110, sample standard deviation 10, t(0.975, 2) = 4.3027 (any table): 4.3027 x 10 / sqrt(3) = 24.84.
        assertEquals(List.of("s1, s2, s3", "random", "1, 2, 3", "3", "110 ± 24.84"),
                List.of(t.get(1).get(0), t.get(1).get(1), t.get(1).get(2), t.get(1).get(3), t.get(1).get(wait)));
        assertEquals(List.of("other", "mbs", "1", "1", "**90** ★"),
                List.of(t.get(2).get(0), t.get(2).get(1), t.get(2).get(2), t.get(2).get(3), t.get(2).get(wait)));
        assertEquals(List.of("links", "4", "1", "130"),
                List.of(t.get(3).get(0), t.get(3).get(2), t.get(3).get(3), t.get(3).get(wait)));
    }

    @Test
    void theLocalityColumnsComeFirstSoTheyShowWithoutScrolling(@TempDir Path tmp) throws Exception {
        List<Path> runs = new ArrayList<>();
        for (String allocator : List.of("mbs", "mc1x1")) {
            org.hpcsim.report.JsonWriter locality = new org.hpcsim.report.JsonWriter().put("mean",
                    new org.hpcsim.report.JsonWriter().put("avg_pairwise_hops", allocator.length() * 1.5)
                            .put("components", 1.25));
            runs.add(handRun(tmp, allocator, "t.swf", "mesh:8x8", allocator, 1, "", "jobs_completed", 10,
                    "makespan_s", 5000.0, "mean_wait_s", 200.0, "utilization", 0.5, "locality", locality));
        }
        Path report = tmp.resolve("report");
        Cli.Result r = Cli.run("report", runs.get(0).toString(), runs.get(1).toString(), "-o", report.toString(),
                "--no-plots");
        assertEquals(0, r.status(), r.err());
        List<String> heading = markdownTable(Files.readString(report.resolve("report.md"))).get(0);
        assertEquals(List.of("run", "allocator", "mean avg pairwise hops ↓", "mean components ↓", "completed jobs ↑",
                "makespan (s) ↓", "mean wait (s) ↓", "utilization (fraction) ↑"), heading);
        String html = Files.readString(report.resolve("report.html"));
        assertTrue(html.contains("<tr><th>run</th><th>allocator</th><th>mean avg pairwise hops ↓</th>"
                + "<th>mean components ↓</th><th>completed jobs ↑</th>"), html);
    }

    @Test
    void theHtmlTableScrollsSidewaysAndOneRunIsOneRun(@TempDir Path tmp) throws Exception {
        Path a = handRun(tmp, "a", "t.swf", "mesh:8x8", "mbs", 1, "", "mean_wait_s", 200.0);
        Path report = tmp.resolve("report");
        Cli.Result r = Cli.run("report", a.toString(), "-o", report.toString(), "--no-plots");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("hpcsim: compared 1 run: "), r.out());
        assertTrue(Files.readString(report.resolve("report.md")).startsWith("# Comparison of 1 run\n"));
        String html = Files.readString(report.resolve("report.html"));
        assertTrue(html.contains("<h1>Comparison of 1 run</h1>"), html);
        assertTrue(html.contains(".table-scroll{overflow-x:auto"), html);
        assertTrue(html.contains("<div class=\"table-scroll\">\n<table>"), html);
        assertEquals(html.split("<table>", -1).length - 1, html.split("<div class=\"table-scroll\">", -1).length - 1,
                "every table in a scrolling box");
    }

    private static Path run(Path tmp, String name, String allocator) {
        Path out = tmp.resolve(name);
        Cli.Result r = Cli.run("run", "-q", "--config", SharedData.repoRoot().resolve("config/default.conf").toString(),
                "--allocator", allocator, "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        return out;
    }

    /** The report's first metrics table. */
    static List<List<String>> markdownTable(String md) {
        return markdownTable(md, 0);
    }

    /** The report's metrics table {@code index} (from 0): heading then one row per row, cells trimmed. */
    static List<List<String>> markdownTable(String md, int index) {
        List<List<String>> rows = new ArrayList<>();
        boolean in = false;
        int seen = 0;
        for (String line : md.split("\n")) {
            if (line.startsWith("| run |") && seen++ == index) {
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
