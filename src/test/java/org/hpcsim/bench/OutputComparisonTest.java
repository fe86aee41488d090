package org.hpcsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@code bench --check-threads} compares two runs' outputs. */
class OutputComparisonTest {
    @TempDir
    Path dir;

    private static final String SUMMARY = "{\n  \"jobs_total\": 3,\n  \"mean_wait_s\": %s,\n  \"threads\": %d,\n"
            + "  \"wall_clock_s\": %s,\n  \"process_cpu_s\": %s,\n  \"peak_heap_mb\": %s\n}\n";

    private Path run(String name, String jobs, String meanWait, int threads, String wall, String config)
            throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.writeString(d.resolve("jobs.csv"), jobs);
        Files.writeString(d.resolve("summary.json"), String.format(SUMMARY, meanWait, threads, wall, wall, wall));
        Files.writeString(d.resolve("config-used.conf"), config);
        Files.createDirectories(d.resolve("plots"));
        Files.writeString(d.resolve("plots/a.svg"), "<svg/>");
        return d;
    }

    @Test
    void runsThatDifferOnlyInHowTheyWereMadeAreIdentical() throws IOException {
        Path one = run("one", "a\nb\n", "1.5", 1, "2.0", "kernel { threads = 1 }\noutput.dir = \"/x/one\"\nseed = 3\n");
        Path two = run("two", "a\nb\n", "1.5", 8, "0.7", "kernel { threads = 8 }\noutput.dir = \"/x/two\"\nseed = 3\n");
        assertEquals(List.of(), OutputComparison.differences(one, two));
    }

    @Test
    void aDifferingFileIsNamedWithTheByteAndLineWhereItStartsToDiffer() throws IOException {
        String config = "kernel { threads = 1 }\nseed = 3\n";
        Path one = run("one", "job,start\n1,0\n2,5\n", "1.5", 1, "2.0", config);
        Path two = run("two", "job,start\n1,0\n2,6\n", "1.75", 1, "2.0", "kernel { threads = 2 }\nseed = 4\n");
        Files.writeString(two.resolve("plots/a.svg"), "<svg/>");
        Files.delete(one.resolve("plots/a.svg"));
        Files.writeString(one.resolve("links.csv"), "x\n");
        assertEquals(List.of("config-used.conf: other settings than the thread count",
                "jobs.csv: differs from byte offset 16 (line 3)",
                "links.csv: missing",
                "summary.json: simulated values differ: mean_wait_s",
                "plots/a.svg: not in the reference"), OutputComparison.differences(one, two));
    }
}
