package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.hpcsim.output.OutputDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT, sent with kill) in a sweep running in a child process: the line it ends with says
 * what stays in the directory, and that is what stays.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class SweepInterruptTest {
    @TempDir
    Path dir;

    private record Ended(int status, String said) {
    }

    /** Starts the sweep, waits until {@code ready}, sends SIGINT and returns how the sweep ended. */
    private Ended interruptWhen(Path file, Path out, BooleanSupplier ready) throws Exception {
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.hpcsim.cli.Main",
                "sweep", "--config", file.toString(), "-o", out.toString(), "--parallel", "1", "-q")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!ready.getAsBoolean()) {
                assertTrue(child.isAlive() && System.nanoTime() < deadline, "never ready; child said: "
                        + Files.readString(log));
                Thread.sleep(5);
            }
            assertEquals(0, new ProcessBuilder("kill", "-INT", "" + child.pid()).start().waitFor());
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the sweep ended");
            return new Ended(child.exitValue(), Files.readString(log));
        } finally {
            child.destroyForcibly();
        }
    }

    private static int lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).size() : 0;
        } catch (IOException e) {
            return 0; // being replaced right now
        }
    }

    private static boolean anyStaging(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith(".hpcsim-staging-"));
        } catch (IOException | UncheckedIOException e) {
            return false; // not there yet, or changing as we look
        }
    }

    private static List<Path> finishedRuns(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out.resolve("runs"))) {
            return s.filter(run -> Files.isRegularFile(run.resolve(OutputDirectory.MARKER))).sorted().toList();
        }
    }

    @Test
    void ctrlCAfterSomeRunsFinishedSaysHowManyAreKeptWhereAndTheSameCommandResumes() throws Exception {
        Path file = SweepFixture.write(dir, 300, "allocators = [\"sorted-free-list\", random], seeds = [1, 2, 3, 4]");
        Path out = dir.resolve("interrupted");
        Ended ended = interruptWhen(file, out, () -> lines(out.resolve("results.csv")) >= 2);

        assertEquals(Main.EXIT_INTERRUPTED, ended.status(), ended.said());
        int kept = finishedRuns(out).size();
        assertTrue(kept >= 1 && kept < 8, "finished before the interrupt: " + kept + "; child said: " + ended.said());
        assertTrue(ended.said().contains("hpcsim: interrupted: " + kept + " of 8 runs finished are kept in " + out
                + " (the runs in flight are discarded); run the same command again to resume"), ended.said());
        assertFalse(ended.said().contains("nothing was written"), ended.said());
        assertTrue(Files.isRegularFile(out.resolve("sweep-used.conf")));
        assertFalse(anyStaging(out), "no staging directory left");
        try (Stream<Path> s = Files.list(out.resolve("runs"))) {
            assertEquals(kept, s.count(), "only finished runs stay");
        }

        Cli.Result resumed = Cli.run("sweep", "--config", file.toString(), "-o", out.toString(), "--parallel", "2");
        assertEquals(0, resumed.status(), resumed.err());
        assertTrue(resumed.err().startsWith("sweep: 8 runs, " + kept + " already finished, "), resumed.err());
        assertEquals(9, Files.readAllLines(out.resolve("results.csv")).size());
    }

    @Test
    void ctrlCBeforeAnyRunFinishedRemovesTheDirectoryTheSweepCreatedAndSaysSo() throws Exception {
        // Runs of seconds each: the first is still in flight when the interrupt comes.
        Path file = SweepFixture.write(dir, 60_000, "seeds = [1, 2]");
        Path out = dir.resolve("interrupted");
        Ended ended = interruptWhen(file, out, () -> anyStaging(out));

        assertEquals(Main.EXIT_INTERRUPTED, ended.status(), ended.said());
        assertTrue(ended.said().contains("hpcsim: interrupted: no run had finished; " + out
                + ", which this sweep created, is removed"), ended.said());
        assertFalse(Files.exists(out), "removed");
    }
}
