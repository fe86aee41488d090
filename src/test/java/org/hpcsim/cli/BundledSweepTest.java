package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bundled example sweep, config/sweep.conf: its results must show that allocation matters. */
class BundledSweepTest {

    private static final List<String> ALLOCATORS = List.of("sorted-free-list[snake]", "best-fit[hilbert]", "mc1x1",
            "random");
    private static final List<String> SCHEDULING = List.of("makespan_s", "mean_wait_s", "mean_bounded_slowdown");

    @Test
    void theAllocatorsDifferInSchedulingMetricsAndTheSeedsVaryEveryRun(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("sweep");
        Cli.Result r = Cli.run("sweep", "-q", "--config", SharedData.repoRoot().resolve("config/sweep.conf").toString(),
                "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        for (String metric : SCHEDULING) {
            for (int seed : List.of(1, 2)) {
                Set<Double> values = new HashSet<>();
                for (String allocator : ALLOCATORS) {
                    values.add(summary(out, allocator, seed).number(metric));
                }
                assertEquals(ALLOCATORS.size(), values.size(), metric + " with seed " + seed
                        + ": every allocator's own value, as locality changes run times: " + values);
            }
            for (String allocator : ALLOCATORS) {
                assertFalse(summary(out, allocator, 1).number(metric) == summary(out, allocator, 2).number(metric),
                        allocator + ": the seeds give different " + metric + ", so the report's ± is not 0");
            }
        }
        Cli.Result report = Cli.run("report", out.toString(), "--no-plots");
        assertEquals(0, report.status(), report.err());
        List<List<String>> table = ReportCommandTest.markdownTable(Files.readString(out.resolve("report.md")));
        for (String heading : List.of("makespan (s) ↓", "mean wait (s) ↓", "mean bounded slowdown ↓")) {
            int col = table.get(0).indexOf(heading);
            assertTrue(col > 0, heading + " in " + table.get(0));
            for (List<String> row : table.subList(1, table.size())) {
                assertTrue(row.get(col).contains(" ± ") && !row.get(col).endsWith(" ± 0"), heading + ": " + row);
            }
        }
    }

    private static SummaryJson summary(Path sweep, String allocator, int seed) {
        return SummaryJson.read(sweep.resolve("runs").resolve("allocator.policy=" + allocator + ",seed=" + seed)
                .resolve("summary.json"));
    }
}
