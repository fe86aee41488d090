package org.hpcsim.cli;

import static org.hpcsim.cli.SweepFixture.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep killed outright (as by kill -9) loses only the runs in flight. */
class SweepKillTest {
    @TempDir
    Path dir;

    @Test
    void aSweepKilledMidwayResumesWithoutRedoingFinishedRunsAndEndsAsIfNeverKilled() throws Exception {
        Path file = SweepFixture.write(dir, 300, "allocators = [\"sorted-free-list\", random], seeds = [1, 2, 3, 4]");
        Path out = dir.resolve("killed");
        Path results = out.resolve("results.csv");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.hpcsim.cli.Main",
                "sweep", "--config", file.toString(), "-o", out.toString(), "--parallel", "1", "-q")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.log").toFile())
                .start();
        int rows = 0;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (rows < 2 && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
                rows = Files.exists(results) ? Files.readAllLines(results).size() : 0;
            }
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        } finally {
            child.destroyForcibly();
        }
        rows = Files.readAllLines(results).size();
        assertTrue(rows >= 2 && rows < 9, "killed after " + (rows - 1) + " of 8 runs; child said: "
                + Files.readString(dir.resolve("child.log")));

        Map<Path, Long> finished = new LinkedHashMap<>();
        for (String label : names(out.resolve("runs"))) {
            Path run = out.resolve("runs").resolve(label);
            if (Files.exists(run.resolve("config-used.conf"))) {
                for (String name : List.of("config-used.conf", "jobs.csv", "summary.json")) {
                    finished.put(run.resolve(name), Files.getLastModifiedTime(run.resolve(name)).toMillis());
                }
            }
        }
        int done = finished.size() / 3;
        assertTrue(done >= rows - 1, "every run in results.csv is finished");

        Cli.Result resumed = Cli.run("sweep", "--config", file.toString(), "-o", out.toString(), "--parallel", "2");
        assertEquals(0, resumed.status(), resumed.err());
        assertTrue(resumed.err().startsWith("sweep: 8 runs, " + done + " already finished, "), resumed.err());
        assertTrue(resumed.err().contains("8 of 8 runs finished (" + (8 - done) + " now)"), resumed.err());
        for (Map.Entry<Path, Long> f : finished.entrySet()) {
            assertEquals(f.getValue(), Files.getLastModifiedTime(f.getKey()).toMillis(), "not redone: " + f.getKey());
        }

        Path whole = dir.resolve("whole");
        assertEquals(0, Cli.run("sweep", "-q", "--config", file.toString(), "-o", whole.toString()).status());
        assertArrayEquals(Files.readAllBytes(whole.resolve("results.csv")), Files.readAllBytes(results));
        for (String label : names(whole.resolve("runs"))) {
            assertArrayEquals(Files.readAllBytes(whole.resolve("runs").resolve(label).resolve("jobs.csv")),
                    Files.readAllBytes(out.resolve("runs").resolve(label).resolve("jobs.csv")), label);
        }
        assertEquals(names(whole.resolve("runs")), names(out.resolve("runs")));
    }
}
