package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hpcsim.bench.SoakBench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench sweep} times whole sweep processes per --parallel value and checks their results
 * agree; {@code bench run} times runs; {@code bench soak} runs a scenario many times against a one-thread
 * run; {@code bench threads} compares the outputs of runs at several thread counts.
 */
class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void benchWithoutACommandNamesItsCommandsAndTheOldModeFlagsAreGone() {
        Cli.Result none = Cli.run("bench");
        assertEquals(2, none.status());
        assertEquals(List.of("hpcsim: error: missing command (one of: run, threads, sweep, scaling, soak, scenarios)",
                "Try 'hpcsim bench --help' for more information."), none.err().lines().toList());
        Cli.Result old = Cli.run("bench", "--scaling");
        assertEquals(2, old.status());
        assertTrue(old.err().startsWith("hpcsim: error: Unknown option: '--scaling'"), old.err());
    }

    @Test
    void benchSweepTimesEachParallelValuePerRoundAndReportsTheSpeedUpOverTheFirst() {
        Path file = SweepFixture.write(dir, 60, "seeds = [1, 2]");
        Cli.Result r = Cli.run("bench", "sweep", file.toString(), "--parallel", "1,2", "--runs", "2");
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        // Round 1 goes in the given order, round 2 in reverse.
        assertTrue(lines.get(0).startsWith("round 1, --parallel 1: ") && lines.get(0).endsWith(" s process (2 runs)"),
                r.out());
        assertTrue(lines.get(1).startsWith("round 1, --parallel 2: "), r.out());
        assertTrue(lines.get(2).startsWith("round 2, --parallel 2: "), r.out());
        assertTrue(lines.get(3).startsWith("round 2, --parallel 1: "), r.out());
        assertEquals("results.csv identical in all 4 sweeps", lines.get(4));
        assertTrue(lines.get(5).startsWith("--parallel 1: median of 2: "), r.out());
        Matcher m = Pattern.compile("--parallel 2: median of 2: ([0-9.]+) s process .*, ([0-9.]+)x --parallel 1")
                .matcher(lines.get(6));
        assertTrue(m.matches(), lines.get(6));
        double p1 = Double.parseDouble(lines.get(5).replaceAll("^--parallel 1: median of 2: ([0-9.]+) s.*$", "$1"));
        assertEquals(p1 / Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), 0.01);
    }

    @Test
    void benchRunReportsEachProcessWallAndCpuTimeAndTheirMedians() {
        Path trace = dir.resolve("small.swf");
        assertEquals(0, Cli.run("generate", "--jobs", "40", "--procs", "16", "-o", trace.toString()).status());
        Cli.Result r = Cli.run("bench", "run", "--runs", "3", "-t", trace.toString(), "-m", "mesh:4x4");
        assertEquals(0, r.status(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        double[] cpu = new double[3];
        for (int i = 0; i < 3; i++) {
            Matcher m = Pattern.compile("run " + (i + 1) + ": ([0-9.]+) s wall, [0-9.]+ s simulation, ([0-9.]+) s CPU,"
                    + " [0-9,]+ events .*").matcher(lines.get(i));
            assertTrue(m.matches(), r.out());
            cpu[i] = Double.parseDouble(m.group(2));
            // A JVM's start alone takes CPU time; the child is timed, not this process.
            assertTrue(cpu[i] > 0, r.out());
        }
        Matcher median = Pattern.compile("median of 3: [0-9.]+ s wall \\(min [0-9.]+, max [0-9.]+\\),"
                + " [0-9.]+ s simulation, ([0-9.]+) s CPU, .*").matcher(lines.get(3));
        assertTrue(median.matches(), r.out());
        double[] sorted = cpu.clone();
        java.util.Arrays.sort(sorted);
        assertEquals(sorted[1], Double.parseDouble(median.group(1)), 0.005, r.out());
    }

    @Test
    void benchSweepRefusesRunOptionsAndParallelIsAnOptionOfSweepOnly() {
        Path file = SweepFixture.write(dir, 10, "seeds = [1, 2]");
        Cli.Result withMachine = Cli.run("bench", "sweep", file.toString(), "--machine", "mesh:4x4");
        assertEquals(2, withMachine.status());
        assertTrue(withMachine.err().contains("Unknown options: '--machine'"), withMachine.err());
        Cli.Result parallelOfRun = Cli.run("bench", "run", "--parallel", "1,2");
        assertEquals(2, parallelOfRun.status());
        assertTrue(parallelOfRun.err().contains("Unknown options: '--parallel'"), parallelOfRun.err());
        Cli.Result zero = Cli.run("bench", "sweep", file.toString(), "--parallel", "0");
        assertEquals(2, zero.status());
        assertTrue(zero.err().contains("--parallel"), zero.err());
    }

    @Test
    void benchSoakRunsTheHardSettingsAgainstAOneThreadRunAndReportsEachRun() {
        Path trace = dir.resolve("small.swf");
        assertEquals(0, Cli.run("generate", "--jobs", "150", "--procs", "128", "-o", trace.toString()).status());
        Cli.Result r = Cli.run("bench", "soak", "--runs", "2", "-c", SoakBench.DEFAULT_CONFIG, "-Dtrace=" + trace);
        assertEquals(0, r.status(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("reference, 1 thread and 1 partition: 150 jobs, "), r.out());
        assertTrue(lines.get(1).startsWith("soaking " + trace + ": 2 runs at kernel.threads 8, partitions per thread 4,"
                + " throughput 5; 1 busy thread(s) beside; bound "), r.out());
        assertTrue(lines.get(2).matches("run 1/2: [0-9.]+ s wall, [0-9.]+ s CPU: same outputs as one thread"), r.out());
        assertTrue(lines.get(3).matches("run 2/2: [0-9.]+ s wall, [0-9.]+ s CPU: same outputs as one thread"), r.out());
        assertTrue(lines.get(4).startsWith("soak: 2 runs, 0 hangs, 0 failures, 0 with different outputs; good runs:"
                + " median "), r.out());
    }

    @Test
    void benchSoakRefusesBadCounts() {
        Cli.Result zero = Cli.run("bench", "soak", "--runs", "0");
        assertEquals(2, zero.status());
        assertTrue(zero.err().contains("--runs must be >= 1"), zero.err());
        Cli.Result busy = Cli.run("bench", "soak", "--busy-threads", "-1");
        assertEquals(2, busy.status());
        assertTrue(busy.err().contains("--busy-threads and --bound must be >= 0"), busy.err());
    }

    @Test
    void checkThreadsRunsOnceAtEachThreadCountAndFindsTheOutputsIdentical() {
        Path trace = dir.resolve("small.swf");
        assertEquals(0, Cli.run("generate", "--jobs", "120", "--procs", "16", "-o", trace.toString()).status());
        Cli.Result r = Cli.run("bench", "threads", "1,2", "--trace", trace.toString(), "--machine", "mesh:4x4",
                "-Dthermal.enabled=true");
        assertEquals(0, r.status(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(4, lines.size(), r.out());
        String figures = " [0-9.]+ s wall, [0-9.]+ s simulation, [0-9.]+ s CPU, [0-9,]+ events \\([0-9.]+ [kM]/s\\),"
                + " [0-9,]+ messages \\([0-9.]+ [kM]/s\\), peak heap [0-9]+ MB \\(([0-9]+ MB|n/a) after GC\\), peak RSS [0-9]+ MB";
        assertTrue(lines.get(0).matches("threads 1:" + figures), lines.get(0));
        assertTrue(lines.get(1).matches("threads 2:" + figures), lines.get(1));
        assertEquals("threads 2: outputs identical to threads 1", lines.get(2));
        assertEquals("outputs identical at threads [1, 2]", lines.get(3));
    }

    @Test
    void checkThreadsSetsTheThreadsOfEachRunItself() {
        Cli.Result threads = Cli.run("bench", "threads", "1,2", "--threads", "4");
        assertEquals(2, threads.status());
        assertTrue(threads.err().contains("drop --threads"), threads.err());
        Cli.Result runs = Cli.run("bench", "threads", "1,2", "--runs", "3");
        assertEquals(2, runs.status());
        assertTrue(runs.err().contains("Unknown options: '--runs'"), runs.err());
        Cli.Result one = Cli.run("bench", "threads", "2");
        assertEquals(2, one.status());
        assertTrue(one.err().contains("two or more thread counts"), one.err());
    }
}
