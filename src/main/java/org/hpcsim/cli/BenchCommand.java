package org.hpcsim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.hpcsim.workload.InputException;
import org.hpcsim.report.OutputDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hpcsim bench}: runs {@code hpcsim run} as whole, separate processes (JVM start included)
 * and reports medians of wall time, CPU time (user + system, see {@link ChildCpu}) and events per
 * second, and the largest peak RSS; with {@code --sweep}, times whole {@code hpcsim sweep} processes
 * at several {@code --parallel} values.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Time whole `hpcsim run` processes (JVM start included) and report medians.",
            "Takes the options of `run`; prints each run's figures (wall time, CPU time: user + system of the whole"
                + " process, JIT and garbage collector included), the medians and the largest peak RSS.",
            "With --sweep FILE: times whole `hpcsim sweep` processes instead, each --parallel value once per round"
                + " (the order alternating from round to round), checks that every sweep wrote the same results.csv,"
                + " and prints the medians and each value's speed-up over the first.",
            "With --soak N: runs the scenario (default " + SoakBench.DEFAULT_CONFIG + ": 8 threads, 4 partitions per"
                + " thread, links, node failures, room) N times in this process with busy threads beside it, and"
                + " reports the runs that hung (no end within the bound), failed, or wrote outputs other than a"
                + " one-thread run's; exit status 1 if any did."})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "5",
            description = "Runs to time (default ${DEFAULT-VALUE}); with --sweep, rounds.")
    int runs;

    @Option(names = "--sweep", paramLabel = "FILE",
            description = "Time `hpcsim sweep --config FILE` instead of `run` (only -D options pass on).")
    Path sweep;

    @Option(names = "--parallel", split = ",", paramLabel = "N",
            description = "With --sweep: the --parallel values to compare (default: 1 and the number of cores).")
    List<Integer> parallel;

    @Option(names = "--soak", paramLabel = "N",
            description = "Soak the kernel: N in-process runs compared with one thread's (see above).")
    Integer soak;

    @Option(names = "--soak-bound", paramLabel = "SECONDS", defaultValue = "0",
            description = "With --soak: wall-clock seconds after which a run counts as hung"
                    + " (default 0: 20 times the one-thread run, at least 120).")
    double soakBound;

    @Option(names = "--busy-threads", paramLabel = "N", defaultValue = "1",
            description = "With --soak: threads that keep cores busy beside the runs (default ${DEFAULT-VALUE}).")
    int busyThreads;

    @Option(names = "--jvm-opt", paramLabel = "OPT", description = {"Extra JVM option for each run (repeatable).",
        "Runs get the JVM options bin/hpcsim chose for bench itself (class-data archive, garbage collector);"
            + " `java -jar target/hpcsim.jar bench` times them without."})
    List<String> jvmOptions = new ArrayList<>();

    @Mixin
    RunOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** One timed run. */
    record Sample(double processSeconds, double simulationSeconds, long events, double peakRssMb, double cpuSeconds) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        // An option and a -D that disagree are refused here, not once per child run.
        options.toOverrides();
        if (runs < 1) {
            throw new InputException("--runs must be >= 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (soak != null) {
            if (soak < 1 || busyThreads < 0 || soakBound < 0) {
                throw new InputException("--soak must be >= 1, --busy-threads >= 0 and --soak-bound >= 0");
            }
            if (sweep != null || parallel != null) {
                throw new InputException("--soak runs one scenario; it does not combine with --sweep or --parallel");
            }
            return SoakBench.run(options, soak, soakBound, busyThreads, out);
        }
        if (sweep != null) {
            return benchSweep(out);
        }
        if (parallel != null) {
            throw new InputException("--parallel is an option of bench --sweep");
        }
        List<Sample> samples = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            Path dir = Files.createTempDirectory("hpcsim-bench-");
            try {
                List<String> cmd = child("run");
                cmd.addAll(options.toArguments());
                cmd.addAll(List.of("--quiet", "--out", dir.toString()));
                double cpu0 = ChildCpu.seconds();
                long t0 = System.nanoTime();
                Process p = new ProcessBuilder(cmd).inheritIO().start();
                int status = p.waitFor();
                double seconds = (System.nanoTime() - t0) / 1e9;
                double cpu = ChildCpu.seconds() - cpu0;
                if (status != 0) {
                    out.printf("run %d failed with exit status %d%n", i, status);
                    out.flush();
                    return status;
                }
                Config summary = ConfigFactory.parseFile(dir.resolve("summary.json").toFile());
                Sample s = new Sample(seconds, summary.getDouble("wall_clock_s"), summary.getLong("events"),
                        summary.getIsNull("peak_rss_mb") ? Double.NaN : summary.getDouble("peak_rss_mb"), cpu);
                samples.add(s);
                out.printf(Locale.ROOT, "run %d: %.3f s process, %.2f s CPU, %.3f s simulation, %d events, %.0f events/s,"
                                + " peak RSS %.0f MB%n",
                        i, s.processSeconds(), s.cpuSeconds(), s.simulationSeconds(), s.events(),
                        s.events() / s.processSeconds(), s.peakRssMb());
                out.flush();
            } finally {
                OutputDirectory.deleteTree(dir);
            }
        }
        double[] process = samples.stream().mapToDouble(Sample::processSeconds).toArray();
        double[] simulation = samples.stream().mapToDouble(Sample::simulationSeconds).toArray();
        double[] rate = samples.stream().mapToDouble(s -> s.events() / s.processSeconds()).toArray();
        double[] cpu = samples.stream().mapToDouble(Sample::cpuSeconds).toArray();
        double peak = samples.stream().mapToDouble(Sample::peakRssMb).max().orElse(Double.NaN);
        out.printf(Locale.ROOT, "median of %d: %.3f s process (min %.3f, max %.3f), %.2f s CPU (min %.2f, max %.2f),"
                        + " %.3f s simulation, %.0f events/s; max peak RSS %.0f MB%n",
                runs, median(process), min(process), max(process), median(cpu), min(cpu), max(cpu),
                median(simulation), median(rate), peak);
        out.flush();
        return 0;
    }

    /**
     * The command line of an hpcsim child process running {@code command}, on this JVM with its
     * options bin/hpcsim chose for it, if any, and --jvm-opt (last, so that they win).
     */
    private List<String> child(String command) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(LauncherOptions.ofThisJvm(jvmOptions));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), command));
        return cmd;
    }

    /**
     * Times whole sweep processes. The --parallel values alternate their order from round to round,
     * so a machine whose speed drifts favours none of them; every sweep's results.csv must be the
     * first one's byte for byte (a difference is a determinism bug: exit status 1).
     */
    private int benchSweep(PrintWriter out) throws IOException, InterruptedException {
        if (!options.onlyOverrides()) {
            throw new InputException("bench --sweep passes on -D options only; set the rest in the sweep file");
        }
        List<Integer> values = parallel != null ? List.copyOf(parallel) : defaultParallel();
        if (values.isEmpty() || values.stream().anyMatch(v -> v < 1)) {
            throw new InputException("--parallel: expected values >= 1, got " + values);
        }
        double[][] seconds = new double[values.size()][runs];
        byte[] firstResults = null;
        String firstLabel = null;
        int rows = 0;
        for (int round = 1; round <= runs; round++) {
            for (int k = 0; k < values.size(); k++) {
                int v = round % 2 == 1 ? k : values.size() - 1 - k;
                int p = values.get(v);
                Path dir = Files.createTempDirectory("hpcsim-bench-");
                try {
                    List<String> cmd = child("sweep");
                    cmd.addAll(List.of("--config", sweep.toString(), "--parallel", Integer.toString(p),
                            "--out", dir.resolve("sweep").toString(), "--quiet"));
                    options.overrides.forEach((key, value) -> {
                        if (!key.equals("output.dir")) {
                            cmd.add("-D" + key + "=" + value);
                        }
                    });
                    long t0 = System.nanoTime();
                    int status = new ProcessBuilder(cmd).inheritIO().start().waitFor();
                    double s = (System.nanoTime() - t0) / 1e9;
                    String label = "round " + round + ", --parallel " + p;
                    if (status != 0) {
                        out.printf("%s: sweep failed with exit status %d%n", label, status);
                        out.flush();
                        return status;
                    }
                    byte[] results = Files.readAllBytes(dir.resolve("sweep").resolve("results.csv"));
                    if (firstResults == null) {
                        firstResults = results;
                        firstLabel = label;
                        rows = (int) new String(results, StandardCharsets.UTF_8).lines().count() - 1;
                    } else if (!Arrays.equals(firstResults, results)) {
                        out.printf("%s: results.csv differs from that of %s%n", label, firstLabel);
                        out.flush();
                        return 1;
                    }
                    seconds[v][round - 1] = s;
                    out.printf(Locale.ROOT, "%s: %.3f s process (%d runs)%n", label, s, rows);
                    out.flush();
                } finally {
                    OutputDirectory.deleteTree(dir);
                }
            }
        }
        out.printf("results.csv identical in all %d sweeps%n", runs * values.size());
        double base = median(seconds[0]);
        for (int v = 0; v < values.size(); v++) {
            double m = median(seconds[v]);
            out.printf(Locale.ROOT, "--parallel %d: median of %d: %.3f s process (min %.3f, max %.3f)%s%n",
                    values.get(v), runs, m, min(seconds[v]), max(seconds[v]),
                    v == 0 ? "" : String.format(Locale.ROOT, ", %.2fx --parallel %d", base / m, values.get(0)));
        }
        out.flush();
        return 0;
    }

    private static List<Integer> defaultParallel() {
        int cores = Runtime.getRuntime().availableProcessors();
        return cores > 1 ? List.of(1, cores) : List.of(1);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }
}
