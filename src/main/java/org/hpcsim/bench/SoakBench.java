package org.hpcsim.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.registry.Registry;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.sim.Simulation;
import org.hpcsim.soak.Soak;

/**
 * {@code hpcsim bench soak}: runs one scenario N times in this process, at its own kernel
 * settings and with busy threads beside it, and checks each run against a run of the same scenario
 * on one thread and one partition: it must end within a wall-clock bound (else it counts as hung,
 * its threads are dumped and the actor system is replaced), without an error, and with every output
 * file byte-identical (all but {@code summary.json}, which holds timings, and
 * {@code config-used.conf}, which holds the kernel settings). CPU figures are the process's, less
 * the busy threads'.
 */
public final class SoakBench {
    /** The scenario soaked when neither --config nor --trace is given. */
    public static final String DEFAULT_CONFIG = "config/soak.conf";
    private static final List<String> NOT_COMPARED = List.of("summary.json", OutputDirectory.MARKER);

    private SoakBench() {
    }

    /** The soaked scenario, as the user gave it, with {@code extra} keys set after every option. */
    public interface Scenarios {
        Scenario load(Map<String, String> extra);
    }

    /**
     * Runs the soak; returns the exit status: 0 when every run ended, in time, with the reference outputs.
     *
     * @param registry     the policies the scenarios name
     * @param boundSeconds wall-clock seconds after which a run counts as hung; 0: 20 times the one-thread run,
     *                     at least 120
     */
    public static int run(Scenarios scenarios, Registry registry, int runs, double boundSeconds, int busyThreads,
                          PrintWriter out) throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("hpcsim-soak-");
        int hangs = 0;
        int failures = 0;
        int different = 0;
        ActorRuntime runtime = ActorRuntime.start();
        try (Soak soak = new Soak(busyThreads)) {
            Path referenceDir = root.resolve("one-thread");
            Scenario reference = scenarios.load(Map.of("kernel.threads", "1",
                    "kernel.partitions-per-thread", "1", "output.dir", referenceDir.toString()));
            long cpu0 = cpuNanos();
            Simulation.Result r = Simulation.prepare(reference, registry).run(runtime);
            out.printf(Locale.ROOT, "reference, 1 thread and 1 partition: %d jobs, %d events, %.2f s wall, %.2f s CPU%n",
                    r.metrics().total(), r.kernel().events(), r.wallSeconds(), (cpuNanos() - cpu0) / 1e9);
            Map<String, byte[]> expected = outputs(referenceDir);
            double bound = boundSeconds > 0 ? boundSeconds : Math.max(120, 20 * r.wallSeconds());
            Scenario first = scenarios.load(Map.of("output.dir", root.resolve("x").toString()));
            out.printf(Locale.ROOT, "soaking %s: %d runs at kernel.threads %d, partitions per thread %d, throughput %d;"
                    + " %d busy thread(s) beside; bound %.0f s a run%n", first.trace(), runs, first.kernel().threads(),
                    first.kernel().partitionsPerThread(), first.kernel().throughput(), busyThreads, bound);
            out.flush();
            double[] wall = new double[runs];
            double[] cpu = new double[runs];
            int ok = 0;
            for (int i = 1; i <= runs; i++) {
                Path dir = root.resolve("run-" + i);
                Scenario scenario = scenarios.load(Map.of("output.dir", dir.toString()));
                ActorRuntime current = runtime;
                long c0 = cpuNanos() - soak.busyCpuNanos();
                Soak.Attempt<Simulation.Result> a = soak.attempt(
                        () -> Simulation.prepare(scenario, registry).run(current), bound);
                String verdict;
                if (a.hung()) {
                    hangs++;
                    Path dump = root.resolve("hang-" + i + ".txt");
                    Files.writeString(dump, a.threadDump());
                    verdict = String.format(Locale.ROOT, "HUNG (no end after %.0f s; threads in %s)", bound, dump);
                    runtime.shutdown();
                    runtime = ActorRuntime.start();
                } else if (a.failed()) {
                    failures++;
                    verdict = "FAILED: " + a.failure();
                } else {
                    List<String> differ = differing(expected, outputs(dir));
                    if (differ.isEmpty()) {
                        wall[ok] = a.seconds();
                        cpu[ok++] = (cpuNanos() - soak.busyCpuNanos() - c0) / 1e9;
                        verdict = "same outputs as one thread";
                        OutputDirectory.deleteTree(dir);
                    } else {
                        different++;
                        verdict = "DIFFERENT from one thread: " + String.join(", ", differ) + " (kept in " + dir + ")";
                    }
                }
                out.printf(Locale.ROOT, "run %d/%d: %.2f s wall, %.2f s CPU: %s%n", i, runs, a.seconds(),
                        (cpuNanos() - soak.busyCpuNanos() - c0) / 1e9, verdict);
                out.flush();
            }
            out.printf(Locale.ROOT, "soak: %d runs, %d hangs, %d failures, %d with different outputs", runs, hangs,
                    failures, different);
            if (ok > 0) {
                out.printf(Locale.ROOT, "; good runs: median %.2f s wall, %.2f s CPU",
                        Medians.median(Arrays.copyOf(wall, ok)), Medians.median(Arrays.copyOf(cpu, ok)));
            }
            out.println();
        } finally {
            runtime.shutdown();
            if (hangs + failures + different == 0) {
                OutputDirectory.deleteTree(root);
            } else {
                out.println("kept " + root + " for inspection");
            }
            out.flush();
        }
        return hangs + failures + different == 0 ? 0 : 1;
    }

    /** CPU time of the whole process (every thread; the busy threads' share is taken off by the caller). */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The run's output files by name, less those not compared. */
    private static Map<String, byte[]> outputs(Path dir) {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                String name = f.getFileName().toString();
                if (!NOT_COMPARED.contains(name)) {
                    files.put(name, Files.readAllBytes(f));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The files that differ, are missing, or are extra in {@code got}, by name. */
    static List<String> differing(Map<String, byte[]> expected, Map<String, byte[]> got) {
        List<String> differ = new ArrayList<>();
        for (String name : expected.keySet()) {
            if (!got.containsKey(name)) {
                differ.add(name + " missing");
            } else if (!Arrays.equals(expected.get(name), got.get(name))) {
                differ.add(name);
            }
        }
        for (String name : got.keySet()) {
            if (!expected.containsKey(name)) {
                differ.add(name + " extra");
            }
        }
        return differ;
    }
}
