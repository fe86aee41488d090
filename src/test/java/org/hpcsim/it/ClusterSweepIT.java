package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.hpcsim.workload.SyntheticWorkload;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep on a cluster of JVMs on 127.0.0.1 (a coordinator and two workers, each its own {@code
 * bin/hpcsim} process) gives the local sweep's results.csv byte for byte, also when a worker is
 * killed outright (SIGKILL) with a run in flight: that run goes to the other worker, and no run is
 * counted twice.
 */
class ClusterSweepIT {
    private static final Pattern STARTED = Pattern.compile("worker: run (\\d+) \\(.*\\) started");

    @TempDir
    Path dir;

    private Path sweep;
    private final Map<String, Process> processes = new LinkedHashMap<>();

    @BeforeEach
    void writeSweep() throws IOException {
        Path trace = dir.resolve("jobs.swf");
        Files.writeString(trace, SyntheticWorkload.generate(2500, 32, 0.9, 7));
        sweep = dir.resolve("sweep.conf");
        Files.writeString(sweep, "trace = \"" + trace + "\"\nmachine = \"mesh:8x4\"\n"
                + "sweep.axes { allocators = [\"sorted-free-list\", mc1x1], seeds = [1, 2, 3, 4] }\n");
    }

    private Process start(String name, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Launcher.bin().toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile()).start();
        processes.put(name, p);
        return p;
    }

    private String log(String name) throws IOException {
        return Files.readString(dir.resolve(name + ".log"));
    }

    /** Polls (for at most two minutes) until {@code done}, or the coordinator has ended. */
    private static void awaitWhileRunning(Process coordinator, Callable<Boolean> done) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!done.call() && System.nanoTime() < deadline && coordinator.isAlive()) {
            Thread.sleep(20);
        }
    }

    /** The index of the last run a worker's log says it started, or null. */
    private static String lastStarted(String log) {
        String last = null;
        for (Matcher m = STARTED.matcher(log); m.find(); ) {
            last = m.group(1);
        }
        return last;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Runs the sweep locally into local/, for comparison. */
    private Path local() throws Exception {
        Process p = start("local", "sweep", "-q", "--config", sweep.toString(), "-o", "local");
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), log("local"));
        return dir.resolve("local");
    }

    private Process coordinator(int port) throws IOException {
        return start("coordinator", "sweep", "--config", sweep.toString(), "-o", "cluster", "--cluster", "--bind",
                "127.0.0.1:" + port, "--down-after", "2s");
    }

    private Process worker(String name, int port) throws IOException {
        return start(name, "worker", "--join", "127.0.0.1:" + port, "--bind", "127.0.0.1", "--parallel", "1",
                "--down-after", "2s", "--work-dir", dir.resolve("work").toString());
    }

    /** Waits for the sweep, then for the workers still running to leave as it ends. */
    private void awaitSweep(Process coordinator, List<String> workers) throws Exception {
        try {
            assertTrue(coordinator.waitFor(5, TimeUnit.MINUTES), "the sweep ended:\n" + log("coordinator"));
            assertEquals(0, coordinator.exitValue(), log("coordinator"));
            for (String w : workers) {
                Process p = processes.get(w);
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), w + " left when the sweep ended:\n" + log(w));
                assertEquals(0, p.exitValue(), log(w));
                assertTrue(log(w).contains("worker: the sweep is over"), log(w));
            }
        } finally {
            processes.values().forEach(Process::destroyForcibly);
        }
    }

    private void assertSameAsLocal(Path local) throws IOException {
        Path cluster = dir.resolve("cluster");
        assertArrayEquals(Files.readAllBytes(local.resolve("results.csv")), Files.readAllBytes(cluster.resolve("results.csv")));
        List<String> rows = Files.readAllLines(cluster.resolve("results.csv"));
        assertEquals(9, rows.size());
        Set<String> labels = new HashSet<>();
        for (String row : rows.subList(1, rows.size())) {
            assertTrue(labels.add(row.substring(0, row.indexOf("\","))), "a run twice: " + row);
        }
        try (Stream<Path> runs = Files.list(local.resolve("runs"))) {
            for (Path run : runs.toList()) {
                Path other = cluster.resolve("runs").resolve(run.getFileName());
                for (String name : List.of("jobs.csv", "timeseries.csv")) {
                    assertArrayEquals(Files.readAllBytes(run.resolve(name)), Files.readAllBytes(other.resolve(name)),
                            run.getFileName() + "/" + name);
                }
                assertEquals(Files.readString(run.resolve("config-used.conf")).replace(local.toString(), "D"),
                        Files.readString(other.resolve("config-used.conf")).replace(cluster.toString(), "D"));
            }
        }
    }

    @Test
    void twoWorkersGiveTheLocalSweepsResultsByteForByte() throws Exception {
        Path local = local();
        int port = freePort();
        Process coordinator = coordinator(port);
        worker("w1", port);
        worker("w2", port);
        awaitSweep(coordinator, List.of("w1", "w2"));
        assertSameAsLocal(local);
        String said = log("coordinator");
        assertTrue(said.contains("sweep: done in ") && said.contains("8 of 8 runs finished (8 now)"), said);
        assertTrue(Pattern.compile("sweep: worker 127\\.0\\.0\\.1:\\d+ finished \\d runs?").matcher(said).find(), said);
    }

    @Test
    void aCoordinatorKilledMidSweepStopsItsWorkersAndLeavesASweepThatResumes() throws Exception {
        Path local = local();
        int port = freePort();
        Process coordinator = coordinator(port);
        Process worker = worker("w1", port);
        Path results = dir.resolve("cluster").resolve("results.csv");
        awaitWhileRunning(coordinator, () -> Files.exists(results) && Files.readAllLines(results).size() >= 3);
        coordinator.destroyForcibly();
        assertTrue(coordinator.waitFor(30, TimeUnit.SECONDS));
        int finished = Files.readAllLines(results).size() - 1;
        assertTrue(finished >= 2 && finished < 8, "killed after " + finished + " runs:\n" + log("coordinator"));
        try {
            assertTrue(worker.waitFor(60, TimeUnit.SECONDS), "the worker stopped:\n" + log("w1"));
            assertEquals(1, worker.exitValue(), log("w1"));
            assertTrue(log("w1").contains("lost the coordinator at 127.0.0.1:" + port), log("w1"));
        } finally {
            worker.destroyForcibly();
        }
        Process resumed = start("resumed", "sweep", "--config", sweep.toString(), "-o", "cluster");
        assertTrue(resumed.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, resumed.exitValue(), log("resumed"));
        assertTrue(log("resumed").contains("already finished") && log("resumed").contains("8 of 8 runs finished"),
                log("resumed"));
        assertSameAsLocal(local);
    }

    @Test
    void aWorkerKilledWithARunInFlightLosesNothingAndCountsNothingTwice() throws Exception {
        Path local = local();
        int port = freePort();
        Process coordinator = coordinator(port);
        worker("w1", port);
        Process victim = worker("w2", port);
        awaitWhileRunning(coordinator, () -> lastStarted(log("w2")) != null);
        String inFlight = lastStarted(log("w2"));
        assertTrue(inFlight != null, "worker 2 started a run:\n" + log("w2"));
        victim.destroyForcibly();
        assertTrue(victim.waitFor(30, TimeUnit.SECONDS));
        awaitSweep(coordinator, List.of());
        assertSameAsLocal(local);
        String said = log("coordinator");
        assertTrue(said.contains("is unreachable") && said.contains("its runs in flight go to other workers"), said);
        assertTrue(said.contains("8 of 8 runs finished (8 now)"), said);
        assertTrue(log("w1").contains("worker: run " + inFlight + " "), "the killed worker's run went to the other:\n"
                + log("w1") + "\n" + log("w2"));
    }
}
