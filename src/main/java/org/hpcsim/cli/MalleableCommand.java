package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hpcsim.malleable.Instance;
import org.hpcsim.malleable.InstanceFile;
import org.hpcsim.malleable.LowerBounds;
import org.hpcsim.malleable.Placement;
import org.hpcsim.malleable.ScheduleFile;
import org.hpcsim.malleable.Speedup;
import org.hpcsim.malleable.Verifier;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.report.OutputDirectory;
import org.hpcsim.study.MalleableExperiment;
import org.hpcsim.study.ResultTable;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hpcsim experiment malleable}: Bampis et al.'s offline algorithms and the online simulation of the same jobs. */
@Command(name = "malleable", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Bampis et al.: malleable jobs on a line of compute and I/O nodes, offline and online.",
            "Jobs run under the contiguity and locality constraints. Computes the lower bounds, the 2-approximation"
                + " (uniform proportional instances), the LP-based generalized algorithm (alpha by binary search,"
                + " Gergov-style DSA packing), checks every schedule with the verifier, and simulates the same jobs"
                + " online with the actors (all submitted at time 0, contiguous-local allocator). Writes results.csv,"
                + " report.md, alpha.csv, instance.csv, schedule-*.csv and the online run's jobs.csv and summary.json"
                + " to OUT.",
            "With --verify, only checks the given schedule and prints the verifier's report (exit status 1 if it is"
                + " invalid)."},
        footer = {"", "Instance CSV: header id,load,max_nodes,io_node[,rigid]; load = a_j (p_j when rigid).",
            "Schedule CSV: job,nodes,q,io_node,start,end with nodes like 4-7.",
            "Examples:",
            "  hpcsim experiment malleable --random 40 --q 6 --out out/malleable",
            "  hpcsim experiment malleable --line \"C8 IO C8 IO C8\" --jobs jobs.csv \\",
            "      --speedup amdahl[0.1] -o out/m",
            "  hpcsim experiment malleable --line \"C8 IO C8 IO C8\" --jobs jobs.csv \\",
            "      --verify schedule.csv"})
final class MalleableCommand implements Callable<Integer> {
    @Option(names = "--line", defaultValue = "C16 IO C16 IO C16 IO C16", paramLabel = "LAYOUT",
            description = "The line, e.g. \"C8 IO C8\" or @FILE (default ${DEFAULT-VALUE}).")
    String line;

    @Option(names = "--jobs", paramLabel = "FILE", description = "The instance (CSV); without it, random jobs.")
    Path jobs;

    @Option(names = "--random", defaultValue = "30", paramLabel = "N",
            description = "Random jobs when no --jobs is given (default ${DEFAULT-VALUE}).")
    int random;

    @Option(names = "--q", defaultValue = "4", paramLabel = "Q",
            description = "Q of the random jobs (default ${DEFAULT-VALUE}).")
    int q;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random jobs (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--speedup", defaultValue = "proportional", paramLabel = "F",
            description = "proportional, amdahl[S] or table[f1,f2,...] (default ${DEFAULT-VALUE}).")
    String speedup;

    @Option(names = {"-s", "--scheduler"}, defaultValue = "easy", paramLabel = "SPEC",
            description = "Online scheduler (default ${DEFAULT-VALUE}).")
    String scheduler;

    @Option(names = "--alpha", defaultValue = "10", paramLabel = "N",
            description = "alpha(f, q) for q = 1..N in alpha.csv (default ${DEFAULT-VALUE}; the paper's Fig. 5).")
    int alphaUpTo;

    @Option(names = "--verify", paramLabel = "FILE", description = "Only check this schedule against the instance.")
    Path verify;

    @Option(names = {"-o", "--out"}, defaultValue = "out/malleable", paramLabel = "DIR",
            description = "Output directory (default ${DEFAULT-VALUE}), written atomically.")
    Path out;

    @Option(names = "--force", description = "Write into a non-empty --out that holds no finished experiment"
            + " (entries of the same names are replaced, others kept).")
    boolean force;

    @Option(names = {"-q", "--quiet"}, description = "Do not print the table.")
    boolean quiet;

    @CommandLine.Mixin
    PluginOptions plugins;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Instance instance = instance();
        PrintWriter printed = spec.commandLine().getOut();
        if (verify != null) {
            List<Placement> schedule = ScheduleFile.read(verify);
            Verifier.Report r = Verifier.check(instance, schedule);
            printed.println((r.valid() ? "valid" : "INVALID (" + r.total() + " violations)") + ", makespan "
                    + r.makespan() + bound(instance, r));
            for (String v : r.violations()) {
                printed.println("  " + v);
            }
            printed.flush();
            return r.valid() ? 0 : 1;
        }
        if (alphaUpTo < 1) {
            throw new InputException("command line", 0, "--alpha", "must be at least 1: " + alphaUpTo);
        }
        MalleableExperiment.Result r;
        Path work;
        try {
            work = Files.createTempDirectory("hpcsim-malleable-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Plugins loaded = plugins.load(); LazyRuntime runtime = new LazyRuntime(null)) {
            r = MalleableExperiment.run(instance, scheduler, alphaUpTo, loaded.registry(), runtime, work);
        } catch (IllegalArgumentException e) {
            throw new InputException("command line", 0, null, e.getMessage());
        }
        ResultTable table = new ResultTable(List.of("algorithm", "makespan", "lower_bound", "ratio", "valid", "note"), 4);
        for (MalleableExperiment.Row row : r.rows()) {
            table.add(row.algorithm(), row.makespan(), row.lowerBound(), row.ratio(), row.valid(), row.note());
        }
        ResultTable alpha = new ResultTable(List.of("q", "alpha"), 6);
        for (int i = 0; i < r.alphas().length; i++) {
            alpha.add(i + 1, r.alphas()[i]);
        }
        StringBuilder report = new StringBuilder("# Malleable jobs under topological constraints (Bampis et al.)\n\n")
                .append("Line `").append(instance.line().spec()).append("` (").append(instance.line().size())
                .append(" compute, ").append(instance.line().ioCount()).append(" I/O nodes), ")
                .append(instance.jobs().size()).append(" jobs, speed-up `").append(instance.speedup().spec())
                .append("`, ").append(jobs == null ? "random (seed " + seed + ", Q = " + q + ")" : "from " + jobs)
                .append(".\n\n").append(table.markdown()).append("\nratio = makespan / lower bound; the online run's")
                .append(" bound is the best offline lower bound.\n\n## alpha(f, q) (Fig. 5)\n\n").append(alpha.markdown());
        r.violations().forEach((name, list) -> {
            if (!list.isEmpty()) {
                report.append("\n").append(name).append(" violations:\n");
                list.forEach(v -> report.append("- ").append(v).append('\n'));
            }
        });
        OutputDirectory dir = OutputDirectory.open(out, "experiment", force);
        try {
            write(dir, "results.csv", table.csv());
            write(dir, "alpha.csv", alpha.csv());
            write(dir, "report.md", report.toString());
            write(dir, "instance.csv", InstanceFile.write(instance));
            for (Map.Entry<String, List<Placement>> e : r.schedules().entrySet()) {
                write(dir, e.getKey(), ScheduleFile.write(e.getValue()));
            }
            for (Map.Entry<String, String> e : r.online().entrySet()) {
                write(dir, e.getKey(), e.getValue());
            }
            dir.commit();
        } catch (RuntimeException e) {
            dir.close();
            throw e;
        }
        if (!quiet) {
            printed.print(table.text());
            printed.flush();
        }
        return 0;
    }

    private static void write(OutputDirectory dir, String name, String text) {
        try {
            Files.writeString(dir.file(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String bound(Instance instance, Verifier.Report r) {
        if (!(instance.uniform() && instance.speedup().isProportional())) {
            return "";
        }
        double lb = LowerBounds.of(instance).lb();
        return String.format(Locale.ROOT, ", LB %.6f, makespan / LB %.4f", lb, r.ratio(lb));
    }

    private Instance instance() {
        LineTopology l;
        Speedup f;
        try {
            l = (LineTopology) org.hpcsim.topology.Machines.parse("line:" + line);
        } catch (IllegalArgumentException e) {
            throw new InputException("command line", 0, "--line", e.getMessage());
        }
        try {
            f = Speedup.parse(speedup);
        } catch (IllegalArgumentException e) {
            throw new InputException("command line", 0, "--speedup", e.getMessage());
        }
        if (jobs != null) {
            return InstanceFile.read(jobs, l, f);
        }
        try {
            return MalleableExperiment.random(l, random, q, f, seed);
        } catch (IllegalArgumentException e) {
            throw new InputException("command line", 0, "--q", e.getMessage());
        }
    }
}
