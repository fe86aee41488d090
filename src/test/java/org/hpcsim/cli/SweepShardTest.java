package org.hpcsim.cli;

import static org.hpcsim.cli.SweepFixture.comparable;
import static org.hpcsim.cli.SweepFixture.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep split into shards (a batch system's job array), then collected, is the whole sweep. */
class SweepShardTest {
    private static final String AXES = "allocators = [\"sorted-free-list\", mc1x1], seeds = [1, 2, 3, 4]";

    @TempDir
    Path dir;

    private static Cli.Result sweep(Path file, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("sweep", "--config", file.toString(), "-o", out.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void threeShardsRunOneAfterAnotherThenCollectedAreTheWholeSweepByteForByte() throws IOException {
        Path file = SweepFixture.write(dir, 150, AXES);
        Path whole = dir.resolve("whole");
        assertEquals(0, sweep(file, whole, "-q").status());
        Path sharded = dir.resolve("sharded");

        Cli.Result first = sweep(file, sharded, "--shard", "0/3");
        assertEquals(0, first.status(), first.err());
        assertTrue(first.err().startsWith("sweep: shard 0/3, 3 of 8 runs, 0 already finished, "), first.err());
        assertTrue(first.err().contains("[3/3] "), first.err());
        assertTrue(first.err().endsWith("3 of 3 runs finished (3 now); once every shard is done, merge them with"
                + " hpcsim sweep --collect\n"), first.err());
        // Runs 0, 3 and 6 in combination order; nothing of the others, and no results yet.
        assertEquals(List.of("allocator.policy=mc1x1,seed=3", "allocator.policy=sorted-free-list,seed=1",
                "allocator.policy=sorted-free-list,seed=4"), names(sharded.resolve("runs")));
        assertFalse(Files.exists(sharded.resolve("results.csv")));
        assertEquals(0, sweep(file, sharded, "-q", "--shard", "1/3").status());

        Cli.Result early = sweep(file, sharded, "--collect");
        assertEquals(1, early.status(), early.err());
        assertTrue(early.err().contains("2 of 8 runs not finished, so no results.csv written"), early.err());
        assertTrue(early.err().contains("  run 2: allocator.policy=sorted-free-list,seed=3\n"
                + "  run 5: allocator.policy=mc1x1,seed=2\n"), early.err());
        assertFalse(Files.exists(sharded.resolve("results.csv")));

        Cli.Result last = sweep(file, sharded, "-q", "--shard", "2/3", "--parallel", "2");
        assertEquals(0, last.status(), last.err());
        Cli.Result collected = sweep(file, sharded, "--collect");
        assertEquals(0, collected.status(), collected.err());
        assertEquals("sweep: collected 8 runs; results in " + sharded.resolve("results.csv") + "\n", collected.err());

        assertArrayEquals(Files.readAllBytes(whole.resolve("results.csv")), Files.readAllBytes(sharded.resolve("results.csv")));
        assertEquals(names(whole.resolve("runs")), names(sharded.resolve("runs")));
        for (String label : names(whole.resolve("runs"))) {
            Path a = whole.resolve("runs").resolve(label);
            Path b = sharded.resolve("runs").resolve(label);
            assertEquals(names(a), names(b), label);
            for (String name : names(a)) {
                assertEquals(comparable(a.resolve(name)), comparable(b.resolve(name)), label + "/" + name);
            }
        }
        // A shard run again finds its runs finished; the whole sweep over the shards' directory runs nothing.
        Cli.Result again = sweep(file, sharded, "--shard", "1/3");
        assertTrue(again.err().contains("3 of 3 runs finished (0 now)"), again.err());
        Cli.Result resumed = sweep(file, sharded);
        assertTrue(resumed.err().contains("8 of 8 runs finished (0 now)"), resumed.err());
        assertArrayEquals(Files.readAllBytes(whole.resolve("results.csv")), Files.readAllBytes(sharded.resolve("results.csv")));
    }

    @Test
    void aShardRedoesOnlyItsOwnUnfinishedRunsAndLeavesTheOthersAlone() throws IOException {
        Path file = SweepFixture.write(dir, 150, AXES);
        Path out = dir.resolve("out");
        // Two half-done runs as a killed task leaves them: run 1 (shard 1/2) and run 2 (shard 0/2).
        Path runs = Files.createDirectories(out.resolve("runs"));
        Path ofShard1 = Files.createDirectories(runs.resolve("allocator.policy=sorted-free-list,seed=2").resolve(".hpcsim-staging-1"));
        Path ofShard0 = Files.createDirectories(runs.resolve("allocator.policy=sorted-free-list,seed=3").resolve(".hpcsim-staging-1"));
        Files.writeString(out.resolve("sweep-used.conf"), "");
        Cli.Result shard0 = sweep(file, out, "-q", "--shard", "0/2");
        assertEquals(0, shard0.status(), shard0.err());
        assertTrue(Files.exists(ofShard1), "another shard's run is left to that shard");
        assertFalse(Files.exists(ofShard0));
        assertTrue(Files.exists(ofShard0.getParent().resolve("config-used.conf")));
    }

    @Test
    void shardsOfSeparateProcessesRunAtOnceInOneDirectoryAndCollectToTheWholeSweep() throws Exception {
        Path file = SweepFixture.write(dir, 300, AXES);
        Path out = dir.resolve("out");
        List<Process> tasks = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                tasks.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp", System.getProperty("java.class.path"), "org.hpcsim.cli.Main", "sweep", "--config",
                        file.toString(), "-o", out.toString(), "--parallel", "1", "-q", "--shard", i + "/3")
                        .redirectErrorStream(true).redirectOutput(dir.resolve("task" + i + ".log").toFile()).start());
            }
            for (int i = 0; i < 3; i++) {
                assertTrue(tasks.get(i).waitFor(180, TimeUnit.SECONDS), "task " + i + " ended");
                assertEquals(0, tasks.get(i).exitValue(), Files.readString(dir.resolve("task" + i + ".log")));
            }
        } finally {
            tasks.forEach(Process::destroyForcibly);
        }
        assertEquals(0, sweep(file, out, "-q", "--collect").status());
        Path whole = dir.resolve("whole");
        assertEquals(0, sweep(file, whole, "-q").status());
        assertArrayEquals(Files.readAllBytes(whole.resolve("results.csv")), Files.readAllBytes(out.resolve("results.csv")));
    }

    @Test
    void collectWaitsForEveryShardAndWholeSweepsWaitForShards() throws IOException {
        Path file = SweepFixture.write(dir, 150, AXES);
        Path out = dir.resolve("out");
        assertEquals(0, sweep(file, out, "-q", "--shard", "0/2").status());
        // A shard still running holds the sweep's lock file shared (here: this process, as a task would).
        try (FileChannel channel = FileChannel.open(out.resolve(".hpcsim-sweep.lock"), StandardOpenOption.READ,
                StandardOpenOption.WRITE); FileLock held = channel.lock(0, Long.MAX_VALUE, true)) {
            Cli.Result collect = sweep(file, out, "--collect");
            assertEquals(2, collect.status(), collect.err());
            assertTrue(collect.err().contains("a sweep or a shard of it is still running in this directory"), collect.err());
            Cli.Result whole = sweep(file, out);
            assertEquals(2, whole.status(), whole.err());
            assertTrue(whole.err().contains("another hpcsim sweep (or a shard of one) is running"), whole.err());
        }
        assertFalse(Files.exists(out.resolve("results.csv")));
    }

    @Test
    void badShardsAndCollectingNothingExitWithTwo() {
        Path file = SweepFixture.write(dir, 50, AXES);
        Path out = dir.resolve("out");
        for (String bad : List.of("3/3", "-1/2", "1", "a/b", "0/0")) {
            Cli.Result r = sweep(file, out, "--shard", bad);
            assertEquals(2, r.status(), bad + ": " + r.err());
            assertTrue(r.err().contains("--shard") && r.err().contains("expected I/N with 0 <= I < N"), r.err());
        }
        Cli.Result both = sweep(file, out, "--collect", "--shard", "0/2");
        assertEquals(2, both.status(), both.err());
        assertTrue(both.err().contains("leave out --shard"), both.err());
        Cli.Result nothing = sweep(file, out, "--collect");
        assertEquals(2, nothing.status(), nothing.err());
        assertTrue(nothing.err().contains("holds no sweep to collect"), nothing.err());
        assertFalse(Files.exists(out));
    }
}
