package org.hpcsim.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hpcsim.plot.PlotFormat;
import org.hpcsim.plot.ScalingPlot;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.workload.InputException;

/**
 * {@code hpcsim bench scaling}: the same synthetic workload, {@code jobs-per-node} jobs a node, on
 * machines of several sizes ({@link BenchScenario#scaling}), each size timed as whole {@code run}
 * processes; prints and writes ({@code scaling.csv}, {@code scaling.png}, {@code scaling.svg}) the
 * medians per size and the cost per job. Each round runs every size once, the order alternating from
 * round to round, so that a machine whose speed drifts favours no size.
 */
public final class ScalingBench {
    public static final List<String> DEFAULT_NODES = List.of("1000", "3000", "10000", "30000", "100000");
    public static final String CSV_HEADER = "nodes,jobs,runs,wall_s,cpu_s,wall_us_per_job,cpu_us_per_job,events,peak_rss_mb,"
            + "simulation_s,simulation_us_per_job";

    /** A size of --nodes: N or N:RUNS. */
    private static final Pattern SIZE = Pattern.compile("([0-9]+)(?::([0-9]+))?");
    /** The keys a size sets for its runs: the user may not set them. */
    private static final List<String> SIZE_KEYS = List.of("trace", "trace-format", "machine", "workload.cores-per-node");

    /**
     * One size's medians over its runs (wall and CPU time of the whole process; the simulation's own
     * wall time, without JVM start and reading the trace); peak RSS is the largest.
     */
    record Row(int nodes, int jobs, int runs, double wallSeconds, double cpuSeconds, long events, double peakRssMb,
               double simulationSeconds) {
        double wallUsPerJob() {
            return wallSeconds / jobs * 1e6;
        }

        double cpuUsPerJob() {
            return cpuSeconds / jobs * 1e6;
        }

        double simulationUsPerJob() {
            return simulationSeconds / jobs * 1e6;
        }
    }

    private ScalingBench() {
    }

    /** One machine size of the sweep and how many runs it gets. */
    record Size(int nodes, int runs) {
    }

    /**
     * The sizes of {@code --nodes} in increasing order: each N, or N:RUNS for a size that gets other
     * than {@code runs} runs (a large size whose runs take minutes).
     *
     * @throws InputException for an empty list, a value that is not such a size, or a size given twice
     */
    static List<Size> sizes(List<String> nodes, int runs) {
        if (nodes.isEmpty()) {
            throw new InputException("command line", 0, "--nodes", "expected one or more node counts, got none");
        }
        TreeMap<Integer, Size> sorted = new TreeMap<>();
        for (String text : nodes) {
            Matcher m = SIZE.matcher(text.strip());
            Size size;
            try {
                size = m.matches() ? new Size(Integer.parseInt(m.group(1)),
                        m.group(2) == null ? runs : Integer.parseInt(m.group(2))) : null;
            } catch (NumberFormatException e) {
                size = null; // more digits than an int holds
            }
            if (size == null || size.nodes() < 1 || size.runs() < 1) {
                throw new InputException("command line", 0, "--nodes", "expected node counts N >= 1, each optionally"
                        + " with its runs as N:RUNS (RUNS >= 1), got '" + text + "'");
            }
            if (sorted.put(size.nodes(), size) != null) {
                throw new InputException("command line", 0, "--nodes", size.nodes() + " is given twice");
            }
        }
        return List.copyOf(sorted.values());
    }

    /**
     * Runs the sweep and writes its outputs into {@code outDir} (all or nothing); returns the exit
     * status: 0, or that of a run that failed (nothing is written then). Round r runs every size
     * that gets r runs or more.
     *
     * @param origins   the configuration keys the user set, each as given ({@code --machine}, {@code -Dtrace})
     * @param arguments the options of {@code run} the user gave, passed on to every run
     * @param force     whether {@code outDir} may be a non-empty directory that holds no finished sweep
     */
    public static int run(ChildRuns children, Map<String, String> origins, List<String> arguments, List<String> nodes,
                          int jobsPerNode, int maxSize, int runs, Path cache, Path outDir, boolean force,
                          PrintWriter out) throws IOException, InterruptedException {
        origins.forEach((key, origin) -> {
            if (SIZE_KEYS.contains(key.strip())) {
                throw new InputException("command line", 0, "bench scaling", "each size sets its own " + key.strip()
                        + " (a synthetic trace on simple:N); drop " + origin);
            }
        });
        if (jobsPerNode < 1 || maxSize < 1) {
            throw new InputException("command line", 0, "--jobs-per-node", "--jobs-per-node and --max-size must be"
                    + " >= 1, got " + jobsPerNode + " and " + maxSize);
        }
        List<Size> sizes = sizes(nodes, runs);
        List<BenchScenario> scenarios = new ArrayList<>();
        for (Size size : sizes) {
            scenarios.add(BenchScenario.scaling(size.nodes(), jobsPerNode, maxSize));
        }
        List<String> common = new ArrayList<>();
        // The policies of the claim this measures unless the user names others (by option or -D).
        if (!sets(origins, "scheduler.policy")) {
            common.addAll(List.of("--scheduler", "easy"));
        }
        if (!sets(origins, "allocator.policy")) {
            common.addAll(List.of("--allocator", "sorted-free-list"));
        }
        common.addAll(arguments);
        // Taken before hours of runs, so that a directory in use or holding other files fails now.
        OutputDirectory dir = OutputDirectory.open(outDir, "scaling", force);
        try {
            List<List<String>> runArguments = new ArrayList<>();
            for (BenchScenario s : scenarios) {
                Path trace = s.trace(BenchScenario.SHARED_TRACES, cache, file -> {
                    out.printf("generating %s (%s)%n", file, s.generateCommand());
                    out.flush();
                });
                List<String> a = s.runArguments(trace);
                a.addAll(common);
                runArguments.add(a);
            }
            for (int v = 0; v < sizes.size(); v++) {
                out.printf("%d nodes: hpcsim run %s%n", sizes.get(v).nodes(), String.join(" ", runArguments.get(v)));
            }
            out.flush();
            List<List<Sample>> samples = new ArrayList<>();
            sizes.forEach(n -> samples.add(new ArrayList<>()));
            int rounds = sizes.stream().mapToInt(Size::runs).max().orElseThrow();
            for (int round = 1; round <= rounds; round++) {
                for (int k = 0; k < sizes.size(); k++) {
                    int v = round % 2 == 1 ? k : sizes.size() - 1 - k;
                    if (sizes.get(v).runs() < round) {
                        continue;
                    }
                    int n = sizes.get(v).nodes();
                    Path runDir = Files.createTempDirectory("hpcsim-bench-");
                    try {
                        Sample sample = children.timedRun(runArguments.get(v), runDir);
                        if (sample == null) {
                            out.printf("round %d, %d nodes: the run failed (its error is above)%n", round, n);
                            out.flush();
                            return children.failedStatus();
                        }
                        samples.get(v).add(sample);
                        out.printf(Locale.ROOT, "round %d, %d nodes: %s%n", round, n, sample.describe());
                        out.flush();
                    } finally {
                        OutputDirectory.deleteTree(runDir);
                    }
                }
            }
            List<Row> rows = new ArrayList<>();
            for (int v = 0; v < sizes.size(); v++) {
                rows.add(row(sizes.get(v).nodes(), scenarios.get(v).synthetic().jobs(), samples.get(v)));
            }
            out.print(table(rows));
            write(rows, dir);
            dir.commit();
            out.println("wrote scaling.csv, scaling.png and scaling.svg into " + outDir);
            out.flush();
            return 0;
        } finally {
            dir.close();
        }
    }

    private static boolean sets(Map<String, String> origins, String key) {
        return origins.keySet().stream().anyMatch(k -> k.strip().equals(key));
    }

    /** One size's medians over its samples. */
    static Row row(int nodes, int jobs, List<Sample> samples) {
        double[] wall = Sample.column(samples, Sample::processSeconds);
        double[] cpu = Sample.column(samples, Sample::cpuSeconds);
        double[] events = Sample.column(samples, Sample::events);
        double rss = Medians.max(Sample.column(samples, Sample::peakRssMb));
        double[] simulation = Sample.column(samples, Sample::simulationSeconds);
        return new Row(nodes, jobs, samples.size(), Medians.median(wall), Medians.median(cpu),
                Math.round(Medians.median(events)), rss, Medians.median(simulation));
    }

    /** The medians as printed: one line per size under a header. */
    static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%9s %11s %4s %9s %9s %13s %11s %11s %9s %9s %10s%n", "nodes", "jobs", "runs", "wall s", "CPU s",
                "events", "wall us/job", "CPU us/job", "peak RSS", "sim. s", "sim. us/job"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%,9d %,11d %4d %9.3f %9.3f %,13d %11.1f %11.1f %9s %9.3f %10.1f%n",
                    r.nodes(), r.jobs(), r.runs(), r.wallSeconds(), r.cpuSeconds(), r.events(), r.wallUsPerJob(),
                    r.cpuUsPerJob(), Double.isNaN(r.peakRssMb()) ? "n/a"
                            : String.format(Locale.ROOT, "%.0f MB", r.peakRssMb()), r.simulationSeconds(),
                    r.simulationUsPerJob()));
        }
        return sb.toString();
    }

    /** The rows as {@code scaling.csv}: {@link #CSV_HEADER}, one line per size; an unknown figure is empty. */
    static String csv(List<Row> rows) {
        StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%d,%d,%d,%s,%s,%s,%s,%d,%s,%s,%s%n", r.nodes(), r.jobs(), r.runs(),
                    number(r.wallSeconds(), 3), number(r.cpuSeconds(), 3), number(r.wallUsPerJob(), 2),
                    number(r.cpuUsPerJob(), 2), r.events(), number(r.peakRssMb(), 0), number(r.simulationSeconds(), 3),
                    number(r.simulationUsPerJob(), 2)));
        }
        return sb.toString();
    }

    private static String number(double v, int decimals) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Stages scaling.csv and the figure in both formats. */
    private static void write(List<Row> rows, OutputDirectory dir) {
        double[] nodes = rows.stream().mapToDouble(Row::nodes).toArray();
        double[] cpu = rows.stream().mapToDouble(Row::cpuUsPerJob).toArray();
        double[] wall = rows.stream().mapToDouble(Row::wallUsPerJob).toArray();
        double[] simulation = rows.stream().mapToDouble(Row::simulationUsPerJob).toArray();
        try {
            Files.writeString(dir.file("scaling.csv"), csv(rows), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (PlotFormat format : PlotFormat.values()) {
            ScalingPlot.write(nodes, cpu, wall, simulation, format, dir.file("scaling." + format.extension()));
        }
    }
}
