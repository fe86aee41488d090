package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hpcsim.testing.CsvRows;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every column docs/outputs.md defines for jobs.csv is filled for every job status that has it: a run
 * with every model that fills a column on (mesh, links, room, stochastic failures) and jobs of every
 * status (completed, killed, failed, rejected, unfinished, not-submitted, and requeued jobs whose last
 * attempt never started).
 */
class JobsCsvColumnsTest {
    /** Filled for every job. */
    private static final List<String> ALWAYS = List.of("id", "submit", "estimate", "procs", "status", "attempts");
    /** Filled for a job whose last attempt started (the geometric ones on a mesh, the network ones under links). */
    private static final List<String> RAN = List.of("wait", "start", "end", "run_time", "nodes", "avg_pairwise_hops",
            "pairwise_hops", "linear_span", "ring_span", "stretch_span", "bbox_volume", "bbox_ratio", "bbox_dim_sum",
            "bcube_ratio", "components", "tau", "sigma_mean", "sigma_max", "hop_bytes", "max_link_load",
            "first_start");
    /** Empty for a job still running when the run stopped: its lead reports them at its end. */
    private static final Set<String> NOT_WHEN_STOPPED_RUNNING = Set.of("sigma_mean", "sigma_max");

    @TempDir
    Path dir;

    @Test
    void everyColumnIsFilledForEveryStatusThatHasIt() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(SharedData.repoRoot().resolve("traces/synthetic-2000.swf"))) {
            if (!line.startsWith(";") && lines.size() < 1000) {
                lines.add(line);
            }
        }
        lines.add("100000 50000 -1 100 999 -1 -1 999 200 -1 1 -1 -1 -1 -1 -1 -1 -1"); // more than the machine: rejected
        Path trace = dir.resolve("t.swf");
        Files.write(trace, lines);
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (String fate : List.of("kill", "requeue")) {
            Path out = dir.resolve(fate);
            Runs.run(Runs.scenario("trace", trace.toString(), "machine", "mesh:16x8", "network.model", "links",
                    "scheduler.missing-estimate", "2", "thermal.enabled", "true", "failures.model",
                    "exponential[200h,4h]", "failures.on-job-failure", fate, "until", "3d", "output.dir",
                    out.toString()));
            for (Map<String, String> row : CsvRows.read(out.resolve("jobs.csv"))) {
                String status = row.get("status");
                boolean started = !row.get("start").isEmpty();
                boolean earlier = !started && !row.get("attempts").equals("0");
                String kind = status + (started ? " (started)" : earlier ? " (requeued, not restarted)" : "");
                seen.merge(kind, 1, Integer::sum);
                for (String c : ALWAYS) {
                    assertFalse(row.get(c).isEmpty(), kind + " job " + row.get("id") + ": " + c + " is empty");
                }
                assertEquals(status.equals("completed") || status.equals("killed"), row.get("reason").isEmpty(),
                        kind + " job " + row.get("id") + ": a reason for every job that did not end on its own");
                for (String c : RAN) {
                    boolean expected = started && !(status.equals("unfinished") && NOT_WHEN_STOPPED_RUNNING.contains(c))
                            || earlier && (c.equals("wait") || c.equals("first_start"));
                    assertEquals(expected, !row.get(c).isEmpty(), kind + " job " + row.get("id") + ": " + c + " '"
                            + row.get(c) + "'");
                }
                if (started && !row.get("end").equals(row.get("start"))) {
                    assertFalse(row.get("cooling_power_w").isEmpty(), kind + " job " + row.get("id")
                            + ": cooling_power_w");
                }
            }
        }
        Set<String> kinds = new TreeSet<>(seen.keySet());
        for (String k : List.of("completed (started)", "killed (started)", "failed (started)", "rejected",
                "unfinished (started)", "unfinished", "not-submitted")) {
            assertTrue(kinds.contains(k), "the runs have " + k + " jobs: " + seen);
        }
    }

}
