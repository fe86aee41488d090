package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.hpcsim.testing.CsvRows;
import org.hpcsim.testing.Runs;
import org.hpcsim.workload.JobStatus;
import org.hpcsim.workload.SyntheticWorkload;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run with stochastic failures always ends, whatever the failure rate, job sizes and fate: random
 * cases (MTBF from 10 h to 2,000 h, repairs of 1 to 12 h, jobs up to the whole machine, every fate,
 * attempt limits from 1 to 5) each end well within their time limit, under both executors, with every
 * job of the trace recorded exactly once and no job started more often than the limit allows.
 */
class TerminationPropertyTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "case {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void everyRunWithStochasticFailuresEndsAndEveryJobEndsExactlyOnce(long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        int procs = 8 + r.nextInt(57);
        int jobs = 50 + r.nextInt(151);
        Path trace = dir.resolve("t.swf");
        Files.writeString(trace, SyntheticWorkload.generate(jobs, procs, 0.5 + r.nextDouble(), seed));
        double mtbf = 10 * Math.pow(200, r.nextDouble());
        double mttr = 1 + 11 * r.nextDouble();
        String model = r.nextBoolean() ? String.format(Locale.ROOT, "exponential[%.3fh,%.3fh]", mtbf, mttr)
                : String.format(Locale.ROOT, "weibull[0.7,%.3fh,%.3fh]", mtbf, mttr);
        String fate = List.of("kill", "requeue", "requeue-with-checkpoint").get(r.nextInt(3));
        int maxAttempts = 1 + r.nextInt(5);
        String machine = r.nextBoolean() ? "simple:" + procs : "mesh:" + procs + "x1";
        String[] keys = {"trace", trace.toString(), "machine", machine, "seed", Long.toString(seed),
            "failures.model", model, "failures.on-job-failure", fate, "failures.max-attempts",
            Integer.toString(maxAttempts), "failures.checkpoint-interval", "30m", "failures.stall-limit", "10d",
            "output.dir", dir.resolve("out").toString()};
        String what = model + " " + fate + " max " + maxAttempts + " on " + machine + ", " + jobs + " jobs";

        Simulation.Result result = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Runs.run(Runs.scenario(keys)), what);

        List<Map<String, String>> rows = CsvRows.read(dir.resolve("out").resolve("jobs.csv"));
        assertEquals(jobs, rows.size(), what);
        Map<String, Integer> seen = new HashMap<>();
        for (Map<String, String> row : rows) {
            assertEquals(null, seen.put(row.get("id"), 1), what + ": job " + row.get("id") + " recorded twice");
            int attempts = Integer.parseInt(row.get("attempts"));
            assertTrue(attempts <= maxAttempts, what + ": job " + row.get("id") + " started " + attempts + " times");
            assertTrue(!row.get("status").equals(JobStatus.UNFINISHED.label()), what + ": nothing stopped the run");
        }
        int sum = 0;
        for (JobStatus s : JobStatus.values()) {
            sum += result.metrics().count(s);
        }
        assertEquals(jobs, sum, what);
    }

}
