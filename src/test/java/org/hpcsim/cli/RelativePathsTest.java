package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hpcsim.workload.SyntheticWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Relative paths in a configuration file resolve against the file's directory, those on the command
 * line against the working directory, and config-used.conf / sweep-used.conf work from any directory.
 */
class RelativePathsTest {
    @TempDir
    Path dir;

    /** A study laid out as a user would: study/conf/*.conf naming ../traces/small.swf and ../events.txt. */
    private Path study() throws IOException {
        Path study = dir.resolve("study");
        Files.createDirectories(study.resolve("traces"));
        Files.createDirectories(study.resolve("conf"));
        Files.writeString(study.resolve("traces/small.swf"), SyntheticWorkload.generate(200, 32, 0.8, 5));
        Files.writeString(study.resolve("events.txt"), "at 3600s fail node 3\nat 7200s repair node 3\n");
        Files.writeString(study.resolve("conf/base.conf"), """
                trace = "../traces/small.swf"
                events-file = "../events.txt"
                machine = "mesh:8x4"
                """);
        Files.writeString(study.resolve("conf/sweep.conf"), """
                include "base.conf"
                output.dir = "out/sweep"
                sweep.axes { allocators = ["sorted-free-list", mc1x1] }
                """);
        return study;
    }

    /** Runs hpcsim in a child process whose working directory is {@code cwd}. */
    private static int inDirectory(Path cwd, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.hpcsim.cli.Main"));
        cmd.addAll(List.of(args));
        Path log = cwd.resolve("child.log");
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("hpcsim did not end; it said: " + Files.readString(log));
        }
        System.out.print(Files.readString(log));
        return p.exitValue();
    }

    @Test
    void runFindsTheTraceAndEventsNamedRelativeToItsConfigFile() throws IOException {
        Path study = study();
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "-q", "--config", study.resolve("conf/base.conf").toString(), "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        String used = Files.readString(out.resolve("config-used.conf"));
        assertTrue(used.contains("trace=\"" + study.resolve("traces/small.swf") + "\""), used);
        assertTrue(used.contains("events-file=\"" + study.resolve("events.txt") + "\""), used);
        assertTrue(used.contains("dir=\"" + out + "\""), used);
        assertTrue(Files.readString(out.resolve("events.csv")).contains("3600,fail,node 3,"), "the events file was read");
    }

    @Test
    void aTraceGivenOnTheCommandLineResolvesAgainstTheWorkingDirectory() throws IOException {
        Path study = study();
        Path out = dir.resolve("out");
        // the file's trace is ../traces/small.swf; --trace is relative to the working directory (the repository)
        Cli.Result r = Cli.run("run", "-q", "--config", study.resolve("conf/base.conf").toString(),
                "--trace", "traces/synthetic-2000.swf", "-Dmachine=mesh:16x8", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(2001, Files.readAllLines(out.resolve("jobs.csv")).size());
    }

    @Test
    void aSweepRunFromAnotherDirectoryFindsItsTraceAndItsUsedFilesWorkFromAnyDirectory() throws Exception {
        Path study = study();
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        assertEquals(0, inDirectory(elsewhere, "sweep", "-q", "-c", study.resolve("conf/sweep.conf").toString(),
                "--parallel", "1"));
        Path sweep = elsewhere.resolve("out/sweep");
        assertEquals(3, Files.readAllLines(sweep.resolve("results.csv")).size(), "output.dir is relative to the working directory");

        // sweep-used.conf, given back from the repository's directory, is the same sweep in the same place
        Cli.Result again = Cli.run("sweep", "-c", sweep.resolve("sweep-used.conf").toString());
        assertEquals(0, again.status(), again.err());
        assertTrue(again.err().startsWith("sweep: 2 runs, 2 already finished"), again.err());

        // and a run's config-used.conf repeats that run from here
        Path run = sweep.resolve("runs/allocator.policy=mc1x1");
        Path alone = dir.resolve("alone");
        Cli.Result r = Cli.run("run", "-q", "--config", run.resolve("config-used.conf").toString(), "-o", alone.toString());
        assertEquals(0, r.status(), r.err());
        assertArrayEquals(Files.readAllBytes(run.resolve("jobs.csv")), Files.readAllBytes(alone.resolve("jobs.csv")));
    }

    @Test
    void theBundledDefaultRunsFromADirectoryWithoutConfig() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        assertEquals(0, inDirectory(elsewhere, "run", "-q", "-o", "out"));
        assertEquals(2001, Files.readAllLines(elsewhere.resolve("out/jobs.csv")).size());
    }
}
