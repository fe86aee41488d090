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
import org.hpcsim.output.OutputDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hpcsim bench}: runs {@code hpcsim run} as whole, separate processes (JVM start included)
 * and reports medians of wall and CPU time and of events and messages per second, and the largest
 * peak heap and RSS; with {@code --scenario NAME}, one of the {@link BenchScenario large-machine
 * scenarios}; with {@code --check-threads}, the run at several thread counts, its outputs compared;
 * with {@code --sweep}, times whole {@code hpcsim sweep} processes at several {@code --parallel} values;
 * with {@code --scaling}, one workload on machines of several sizes ({@link ScalingBench}).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Time whole `hpcsim run` processes (JVM start included) and report medians.",
            "Takes the options of `run`; prints each run's wall and CPU time (user + system of the whole process, JIT"
                + " and garbage collector included), events and messages (and per second of"
                + " wall time), peak heap and peak RSS, then the medians and the largest peaks.",
            "With --scenario NAME: runs one of the large-machine scenarios (--scenario list describes them; see"
                + " docs/performance.md), with --threads, --seed and -D options passed on.",
            "With --check-threads 1,2,8: runs once at each thread count and compares every output file byte for"
                + " byte with the first run's (summary.json on its simulated values); exit status 1 on a"
                + " difference, naming the file.",
            "With --sweep FILE: times whole `hpcsim sweep` processes instead, each --parallel value once per round"
                + " (the order alternating from round to round), checks that every sweep wrote the same results.csv,"
                + " and prints the medians and each value's speed-up over the first.",
            "With --scaling: times the same synthetic workload (--jobs-per-node jobs a node, of up to --max-size"
                + " nodes, load 0.9) on simple:N for each N of --nodes, every size once per round (the order"
                + " alternating from round to round), with --scheduler easy and --allocator sorted-free-list unless"
                + " given; prints the medians per size and writes scaling.csv and a log-log plot of microseconds per"
                + " job against nodes (the process's CPU and wall time, and the simulation's own wall time) as"
                + " scaling.png and scaling.svg into -o DIR.",
            "With --soak N: runs the scenario (default " + SoakBench.DEFAULT_CONFIG + ": 8 threads, 4 partitions per"
                + " thread, links, node failures, room) N times in this process with busy threads beside it, and"
                + " reports the runs that hung (no end within the bound), failed, or wrote outputs other than a"
                + " one-thread run's; exit status 1 if any did."})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--runs", paramLabel = "N",
            description = "Runs to time (default 5); with --sweep and --scaling, rounds.")
    Integer runs;

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "Run a large-machine scenario: ricc, ricc-nodes, blue, torus32k, huge, room10k, flood-easy,"
                    + " flood-conservative; `list` describes them.")
    String scenario;

    @Option(names = "--list-scenarios", description = "Describe the scenarios (as --scenario list).")
    boolean listScenarios;

    @Option(names = "--traces", paramLabel = "DIR",
            description = "With --scenario: the directory of the shared traces (default ../shared/traces).")
    Path traces;

    @Option(names = "--trace-cache", paramLabel = "DIR",
            description = "With --scenario or --scaling: where synthetic traces are generated and kept for later runs (default"
                    + " hpcsim-bench-traces in the system's temporary directory).")
    Path traceCache;

    @Option(names = "--scaling", description = "Time one workload on machines of several sizes (see above).")
    boolean scaling;

    @Option(names = "--nodes", split = ",", paramLabel = "N[:RUNS]",
            description = "With --scaling: the machine sizes, nodes (default 1000,3000,10000,30000,100000); N:RUNS"
                    + " gives a size its own number of runs instead of --runs (e.g. 100000:1).")
    List<String> nodes;

    @Option(names = "--jobs-per-node", paramLabel = "N",
            description = "With --scaling: jobs a node, so the jobs grow with the machine (default 10).")
    Integer jobsPerNode;

    @Option(names = "--max-size", paramLabel = "N",
            description = "With --scaling: the largest job, nodes, at every size (default 1024; at most the machine).")
    Integer maxSize;

    @Option(names = "--check-threads", split = ",", paramLabel = "N",
            description = "Run once at each of these thread counts (e.g. 1,2,8) and compare the outputs.")
    List<Integer> checkThreads;

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

    /** One timed run: the parent's wall time and what the child's summary.json says. */
    record Sample(double processSeconds, double simulationSeconds, double cpuSeconds, long events, long messages,
                  double peakHeapMb, double heapAfterGcMb, double peakRssMb) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        // An option and a -D that disagree are refused here, not once per child run.
        options.toOverrides();
        PrintWriter out = spec.commandLine().getOut();
        if (listScenarios || "list".equals(scenario)) {
            BenchScenario.list(out);
            return 0;
        }
        if (runs != null && runs < 1) {
            throw new InputException("--runs must be >= 1");
        }
        if (scenario == null && traces != null) {
            throw new InputException("--traces is an option of bench --scenario");
        }
        if (scenario == null && !scaling && traceCache != null) {
            throw new InputException("--trace-cache is an option of bench --scenario and bench --scaling");
        }
        if (!scaling && (nodes != null || jobsPerNode != null || maxSize != null)) {
            throw new InputException("--nodes, --jobs-per-node and --max-size are options of bench --scaling");
        }
        if (scaling) {
            return benchScaling(out);
        }
        if (soak != null) {
            if (soak < 1 || busyThreads < 0 || soakBound < 0) {
                throw new InputException("--soak must be >= 1, --busy-threads >= 0 and --soak-bound >= 0");
            }
            if (sweep != null || parallel != null || scenario != null || checkThreads != null) {
                throw new InputException("--soak runs one scenario; it does not combine with --sweep, --parallel,"
                        + " --scenario or --check-threads");
            }
            return SoakBench.run(options, soak, soakBound, busyThreads, out);
        }
        if (sweep != null) {
            if (scenario != null || checkThreads != null) {
                throw new InputException("bench --sweep does not combine with --scenario or --check-threads");
            }
            return benchSweep(out, runs == null ? 5 : runs);
        }
        if (parallel != null) {
            throw new InputException("--parallel is an option of bench --sweep");
        }
        List<String> arguments = new ArrayList<>();
        if (scenario != null) {
            BenchScenario s = BenchScenario.named(scenario);
            List<String> clash = options.scenarioSettings();
            if (!clash.isEmpty()) {
                throw new InputException("command line", 0, "--scenario", "scenario " + s.name() + " sets the trace,"
                        + " machine, scheduler, allocator and cores per node; drop " + String.join(", ", clash));
            }
            Path trace = s.trace(traces != null ? traces : BenchScenario.SHARED_TRACES, traceCache(), file -> {
                        out.printf("generating %s (%s)%n", file, s.generateCommand());
                        out.flush();
                    });
            arguments.addAll(s.runArguments(trace));
        }
        arguments.addAll(options.toArguments());
        if (scenario != null) {
            out.println("scenario " + scenario + ": hpcsim run " + String.join(" ", arguments));
            out.flush();
        }
        if (checkThreads != null) {
            return checkThreads(arguments, out);
        }
        int n = runs == null ? 5 : runs;
        List<Sample> samples = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            Path dir = Files.createTempDirectory("hpcsim-bench-");
            try {
                Sample sample = timedRun(arguments, dir);
                if (sample == null) {
                    out.printf("run %d failed (its error is above)%n", i);
                    out.flush();
                    return failedStatus;
                }
                samples.add(sample);
                out.println("run " + i + ": " + describe(sample));
                out.flush();
            } finally {
                OutputDirectory.deleteTree(dir);
            }
        }
        double[] process = column(samples, Sample::processSeconds);
        out.printf(Locale.ROOT, "median of %d: %.3f s wall (min %.3f, max %.3f), %.3f s simulation, %.3f s CPU,"
                        + " %s events/s, %s messages/s; max peak heap %s (%s after GC), max peak RSS %s%n",
                n, median(process), min(process), max(process), median(column(samples, Sample::simulationSeconds)),
                median(column(samples, Sample::cpuSeconds)),
                rate(median(column(samples, x -> x.events() / x.processSeconds()))),
                rate(median(column(samples, x -> x.messages() / x.processSeconds()))),
                mb(max(column(samples, Sample::peakHeapMb))), mb(max(column(samples, Sample::heapAfterGcMb))),
                mb(max(column(samples, Sample::peakRssMb))));
        out.flush();
        return 0;
    }

    /** The child's exit status when {@link #timedRun} returned null. */
    private int failedStatus;

    int failedStatus() {
        return failedStatus;
    }

    private int benchScaling(PrintWriter out) throws IOException, InterruptedException {
        if (scenario != null || sweep != null || parallel != null || checkThreads != null || soak != null) {
            throw new InputException("bench --scaling does not combine with --scenario, --sweep, --parallel,"
                    + " --check-threads or --soak");
        }
        String dir = options.toOverrides().entrySet().stream().filter(e -> e.getKey().strip().equals("output.dir"))
                .map(e -> e.getValue().strip()).findFirst().orElseThrow(() -> new InputException("command line", 0,
                        "--out", "bench --scaling writes scaling.csv, scaling.png and scaling.svg into -o DIR; give one"));
        return ScalingBench.run(this, options, nodes != null ? nodes : ScalingBench.DEFAULT_NODES,
                jobsPerNode != null ? jobsPerNode : 10, maxSize != null ? maxSize : 1024, runs == null ? 5 : runs,
                traceCache(), Path.of(dir), out);
    }

    /** Where synthetic traces are kept: --trace-cache, or a directory in the system's temporary one. */
    private Path traceCache() {
        return traceCache != null ? traceCache : Path.of(System.getProperty("java.io.tmpdir"), "hpcsim-bench-traces");
    }

    /**
     * Runs {@code hpcsim run} with the arguments into {@code dir} and reads its figures; null (the
     * status in {@link #failedStatus}) when the run failed.
     */
    Sample timedRun(List<String> arguments, Path dir) throws IOException, InterruptedException {
        List<String> cmd = child("run");
        cmd.addAll(arguments);
        cmd.addAll(List.of("--quiet", "--out", dir.toString()));
        double cpu0 = ChildCpu.seconds();
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(cmd).inheritIO().start();
        // A bench stopped from outside (a timeout's SIGTERM) takes its run with it rather than leave it running.
        Thread stop = new Thread(process::destroy);
        Runtime.getRuntime().addShutdownHook(stop);
        int status;
        try {
            status = process.waitFor();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook is running or has run, which is what it is for.
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = ChildCpu.seconds() - cpu0;
        if (status != 0) {
            failedStatus = status;
            return null;
        }
        Config summary = ConfigFactory.parseFile(dir.resolve("summary.json").toFile());
        // The whole process's CPU as the parent sees it (JVM start and exit included); the child's own
        // figure in summary.json where that is not available.
        return new Sample(seconds, summary.getDouble("wall_clock_s"), Double.isNaN(cpu) ? number(summary, "process_cpu_s") : cpu,
                summary.getLong("events"), summary.getLong("messages"), number(summary, "peak_heap_mb"),
                number(summary, "heap_after_gc_mb"), number(summary, "peak_rss_mb"));
    }

    private static double number(Config summary, String key) {
        return summary.getIsNull(key) ? Double.NaN : summary.getDouble(key);
    }

    /** One run's figures, rates per second of the process's wall time. */
    static String describe(Sample s) {
        return String.format(Locale.ROOT, "%.3f s wall, %.3f s simulation, %.3f s CPU, %,d events (%s/s),"
                        + " %,d messages (%s/s), peak heap %s (%s after GC), peak RSS %s", s.processSeconds(),
                s.simulationSeconds(), s.cpuSeconds(), s.events(), rate(s.events() / s.processSeconds()), s.messages(),
                rate(s.messages() / s.processSeconds()), mb(s.peakHeapMb()), mb(s.heapAfterGcMb()), mb(s.peakRssMb()));
    }

    /** Megabytes, or n/a (a figure the run could not give: no collection ran, no /proc). */
    private static String mb(double megabytes) {
        return Double.isNaN(megabytes) ? "n/a" : String.format(Locale.ROOT, "%.0f MB", megabytes);
    }

    /** A rate in thousands (k) or millions (M) a second. */
    static String rate(double perSecond) {
        return perSecond >= 1e6 ? String.format(Locale.ROOT, "%.2f M", perSecond / 1e6)
                : String.format(Locale.ROOT, "%.0f k", perSecond / 1e3);
    }

    private static double[] column(List<Sample> samples, java.util.function.ToDoubleFunction<Sample> f) {
        return samples.stream().mapToDouble(f).toArray();
    }

    /**
     * Runs once at each thread count of --check-threads, in the order given, and compares every later
     * run's outputs with the first's ({@link OutputComparison}). Exit status 1 when any differ.
     */
    private int checkThreads(List<String> arguments, PrintWriter out) throws IOException, InterruptedException {
        if (options.threads != null || options.overrides.keySet().stream().anyMatch(k -> k.strip().equals("kernel.threads"))) {
            throw new InputException("--check-threads sets the thread count of each run; drop --threads"
                    + " (or -Dkernel.threads)");
        }
        if (runs != null) {
            throw new InputException("--check-threads runs once at each thread count; drop --runs");
        }
        if (checkThreads.size() < 2 || checkThreads.stream().anyMatch(t -> t < 1)) {
            throw new InputException("--check-threads: expected two or more thread counts >= 1, got " + checkThreads);
        }
        Path root = Files.createTempDirectory("hpcsim-bench-threads-");
        int differing = 0;
        try {
            Path reference = null;
            int first = checkThreads.get(0);
            for (int k = 0; k < checkThreads.size(); k++) {
                int threads = checkThreads.get(k);
                Path dir = root.resolve("run-" + k);
                List<String> withThreads = new ArrayList<>(arguments);
                withThreads.addAll(List.of("--threads", Integer.toString(threads)));
                Sample sample = timedRun(withThreads, dir);
                if (sample == null) {
                    out.printf("threads %d: the run failed (its error is above)%n", threads);
                    out.flush();
                    return failedStatus;
                }
                out.println("threads " + threads + ": " + describe(sample));
                if (reference == null) {
                    reference = dir;
                } else {
                    List<String> d = OutputComparison.differences(reference, dir);
                    if (d.isEmpty()) {
                        out.printf("threads %d: outputs identical to threads %d%n", threads, first);
                    } else {
                        differing++;
                        for (String line : d) {
                            out.printf("threads %d: DIFFERENT from threads %d: %s%n", threads, first, line);
                        }
                    }
                    OutputDirectory.deleteTree(dir);
                }
                out.flush();
            }
        } finally {
            OutputDirectory.deleteTree(root);
        }
        out.println(differing == 0 ? "outputs identical at threads " + checkThreads
                : differing + " of " + (checkThreads.size() - 1) + " runs differ from threads " + checkThreads.get(0));
        out.flush();
        return differing == 0 ? 0 : 1;
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
    private int benchSweep(PrintWriter out, int runs) throws IOException, InterruptedException {
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
