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
import org.hpcsim.malleable.ExactSolver;
import org.hpcsim.malleable.Instance;
import org.hpcsim.malleable.InstanceFile;
import org.hpcsim.malleable.Instances;
import org.hpcsim.malleable.LowerBounds;
import org.hpcsim.malleable.Placement;
import org.hpcsim.malleable.ScheduleFile;
import org.hpcsim.malleable.Speedup;
import org.hpcsim.malleable.Verifier;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.output.OutputDirectory;
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
            "With --exact, also the optimum by branch and bound (tiny instances only): its makespan, every"
                + " schedule's ratio to it, and schedule-exact.csv. --theorem2 makes the instance Theorem 2's"
                + " reduction from Partition, to check the theorem: the optimum is B (Q + 1) exactly when the weights"
                + " split into two halves of equal sum.",
            "With --verify, only checks the given schedule and prints the verifier's report (exit status 1 if it is"
                + " invalid)."},
        footer = {"", "Instance CSV: header id,load,max_nodes,io_node[,rigid]; load = a_j (p_j when rigid).",
            "Schedule CSV: job,nodes,q,io_node,start,end with nodes like 4-7.",
            "Examples:",
            "  hpcsim experiment malleable --random 40 --q 6 --out out/malleable",
            "  hpcsim experiment malleable --line \"C8 IO C8 IO C8\" --jobs jobs.csv \\",
            "      --speedup amdahl[0.1] -o out/m",
            "  hpcsim experiment malleable --line \"C8 IO C8 IO C8\" --jobs jobs.csv \\",
            "      --verify schedule.csv",
            "  hpcsim experiment malleable --random 6 --q 3 --exact -o out/m-exact",
            "  hpcsim experiment malleable --theorem2 3,1,1,2,1 --q 2 --exact -o out/m-theorem2"})
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
            description = "Q of the random jobs, or of --theorem2 (default ${DEFAULT-VALUE}).")
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

    @Option(names = "--theorem2", split = ",", paramLabel = "W1,W2,...", hideParamSyntax = true,
            description = "Instead of --jobs or --random: Theorem 2's instance for these Partition weights and Q = --q,"
                    + " on the line IO C_Q IO C_Q IO (one job a_i = w_i per weight on the middle I/O node, two of load"
                    + " B Q^2 on the outer ones, B = sum(w) / (2 Q)).")
    List<String> theorem2;

    @Option(names = "--exact", description = "Also the optimum, by branch and bound (at most "
            + ExactSolver.MAX_JOBS + " jobs): its makespan, each schedule's makespan / OPT, schedule-exact.csv; with"
            + " --verify, the schedule's makespan / OPT.")
    boolean exact;

    @Option(names = "--exact-steps", defaultValue = "" + ExactSolver.DEFAULT_MAX_STEPS, paramLabel = "N",
            description = "Give up (exit status 2) when the exact search takes more steps (default ${DEFAULT-VALUE};"
                    + " some seconds).")
    long exactSteps;

    @Option(names = "--verify", paramLabel = "FILE", description = "Only check this schedule against the instance.")
    Path verify;

    @Option(names = {"-o", "--out"}, defaultValue = "out/malleable", paramLabel = "DIR",
            description = "Output directory (default ${DEFAULT-VALUE}), written atomically.")
    Path out;

    @CommandLine.Mixin

    Force force;

    @Option(names = {"-q", "--quiet"}, description = "Do not print the table.")
    boolean quiet;

    @CommandLine.Mixin
    PluginOptions plugins;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Instance instance = instance();
        if (exact && instance.jobs().size() > ExactSolver.MAX_JOBS) {
            throw new InputException("command line", 0, "--exact", "the exact solver takes at most "
                    + ExactSolver.MAX_JOBS + " jobs, this instance has " + instance.jobs().size() + " (fewer --random"
                    + " jobs, a smaller --jobs file or at most " + (ExactSolver.MAX_JOBS - 2) + " --theorem2 weights)");
        }
        if (exactSteps < 1) {
            throw new InputException("command line", 0, "--exact-steps", "must be at least 1: " + exactSteps);
        }
        PrintWriter printed = spec.commandLine().getOut();
        if (verify != null) {
            List<Placement> schedule = ScheduleFile.read(verify);
            Verifier.Report r = Verifier.check(instance, schedule);
            String opt = "";
            if (exact) {
                double optimum = solve(instance).makespan();
                opt = String.format(Locale.ROOT, ", OPT %.6f, makespan / OPT %.4f", optimum, r.makespan() / optimum);
            }
            printed.println((r.valid() ? "valid" : "INVALID (" + r.total() + " violations)") + ", makespan "
                    + r.makespan() + bound(instance, r) + opt);
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
        try (Plugins loaded = plugins.load(); LazyRuntime runtime = new LazyRuntime()) {
            r = MalleableExperiment.run(instance, scheduler, alphaUpTo, exact ? exactSteps : 0, loaded.registry(),
                    runtime, work);
        } catch (ExactSolver.SearchLimitException e) {
            throw exactGaveUp(e);
        } catch (IllegalArgumentException e) {
            throw new InputException("command line", 0, null, e.getMessage());
        } finally {
            deleteIfEmpty(work);
        }
        List<String> columns = new java.util.ArrayList<>(List.of("algorithm", "makespan", "lower_bound", "ratio"));
        if (exact) {
            columns.add("ratio_to_opt");
        }
        columns.addAll(List.of("valid", "note"));
        ResultTable table = new ResultTable(columns, 4);
        for (MalleableExperiment.Row row : r.rows()) {
            if (exact) {
                table.add(row.algorithm(), row.makespan(), row.lowerBound(), row.ratio(), row.makespan() / r.optimum(),
                        row.valid(), row.note());
            } else {
                table.add(row.algorithm(), row.makespan(), row.lowerBound(), row.ratio(), row.valid(), row.note());
            }
        }
        String theorem = theorem2 == null ? null : theorem2Check(r.optimum());
        ResultTable alpha = new ResultTable(List.of("q", "alpha"), 6);
        for (int i = 0; i < r.alphas().length; i++) {
            alpha.add(i + 1, r.alphas()[i]);
        }
        StringBuilder report = new StringBuilder("# Malleable jobs under topological constraints (Bampis et al.)\n\n")
                .append("Line `").append(instance.line().spec()).append("` (").append(instance.line().size())
                .append(" compute, ").append(instance.line().ioCount()).append(" I/O nodes), ")
                .append(instance.jobs().size()).append(" jobs, speed-up `").append(instance.speedup().spec())
                .append("`, ").append(source()).append(".\n\n").append(table.markdown())
                .append("\nratio = makespan / lower bound; the online run's and the optimum's bound is the best offline")
                .append(" lower bound.");
        if (exact) {
            report.append(" ratio_to_opt = makespan / OPT, OPT the optimal makespan by branch and bound.");
        }
        report.append('\n');
        if (theorem != null) {
            report.append("\n## Theorem 2\n\n").append(theorem).append('\n');
        }
        report.append("\n## alpha(f, q) (Fig. 5)\n\n").append(alpha.markdown());
        r.violations().forEach((name, list) -> {
            if (!list.isEmpty()) {
                report.append("\n").append(name).append(" violations:\n");
                list.forEach(v -> report.append("- ").append(v).append('\n'));
            }
        });
        OutputDirectory dir = OutputDirectory.open(out, "experiment", force.on);
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
            if (theorem != null) {
                printed.println(theorem);
            }
            printed.flush();
        }
        return 0;
    }

    /** The scratch directory, when a failure left it behind empty (the online run removes it otherwise). */
    private static void deleteIfEmpty(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // not empty, or not ours to remove: leave it
        }
    }

    private ExactSolver.Solution solve(Instance instance) {
        try {
            return ExactSolver.solve(instance, exactSteps);
        } catch (ExactSolver.SearchLimitException e) {
            throw exactGaveUp(e);
        }
    }

    private static InputException exactGaveUp(ExactSolver.SearchLimitException e) {
        return new InputException("command line", 0, "--exact", e.getMessage() + " (raise --exact-steps, or give"
                + " fewer jobs, a smaller Q or a shorter line)");
    }

    /** Where the jobs came from, for the report. */
    private String source() {
        if (theorem2 != null) {
            return "Theorem 2's reduction from Partition, weights " + String.join(", ", theorem2) + ", Q = " + q;
        }
        return jobs == null ? "random (seed " + seed + ", Q = " + q + ")" : "from " + jobs;
    }

    /**
     * Theorem 2 on this instance: the target B (Q + 1), whether the weights split evenly, and, given the
     * optimum (NaN if not solved), whether it reaches the target as the theorem says it does exactly then.
     */
    private String theorem2Check(double optimum) {
        double[] w = weights();
        double target = Instances.theorem2Target(w, q);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "Theorem 2: B (Q + 1) = %s;", number(target)));
        Boolean split = null;
        if (w.length <= Instances.MAX_SPLIT_WEIGHTS) {
            int[] half = Instances.evenSplit(w);
            split = half != null;
            sb.append(half == null ? " the weights do not split into two halves of equal sum"
                    : " the weights split evenly, " + halves(w, half));
        } else {
            sb.append(" whether the weights split evenly is not checked (more than ")
                    .append(Instances.MAX_SPLIT_WEIGHTS).append(" weights)");
        }
        if (Double.isNaN(optimum)) {
            return sb.append("; --exact gives the optimum to compare.").toString();
        }
        boolean reached = Math.abs(optimum - target) <= 1e-9 * Math.max(1, target);
        sb.append("; OPT = ").append(number(optimum)).append(reached ? ", equal to B (Q + 1)" : ", above B (Q + 1)");
        if (split != null) {
            sb.append(split == reached ? ", as the theorem says." : ", AGAINST the theorem.");
        } else {
            sb.append('.');
        }
        return sb.toString();
    }

    private static String halves(double[] w, int[] half) {
        boolean[] in = new boolean[w.length];
        for (int i : half) {
            in[i] = true;
        }
        StringBuilder a = new StringBuilder("{");
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < w.length; i++) {
            StringBuilder side = in[i] ? a : b;
            side.append(side.length() > 1 ? ", " : "").append(number(w[i]));
        }
        return a.append("} | ").append(b).append('}').toString();
    }

    /** At most six decimals, no trailing zeros: 6, 4.5, 2.666667. */
    private static String number(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6f", v)).stripTrailingZeros().toPlainString();
    }

    private double[] weights() {
        double[] w = new double[theorem2.size()];
        for (int i = 0; i < w.length; i++) {
            try {
                w[i] = Double.parseDouble(theorem2.get(i).strip());
            } catch (NumberFormatException e) {
                throw new InputException("command line", 0, "--theorem2", "not a number: '" + theorem2.get(i) + "'");
            }
            if (!(w[i] > 0) || Double.isInfinite(w[i])) {
                throw new InputException("command line", 0, "--theorem2", "weights must be positive: " + theorem2.get(i));
            }
        }
        return w;
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
            l = org.hpcsim.topology.Machines.parse("line:" + line).line().orElseThrow();
        } catch (IllegalArgumentException e) {
            throw new InputException("command line", 0, "--line", e.getMessage());
        }
        try {
            f = Speedup.parse(speedup);
        } catch (IllegalArgumentException e) {
            throw new InputException("command line", 0, "--speedup", e.getMessage());
        }
        if (theorem2 != null) {
            CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
            for (String other : List.of("--jobs", "--line", "--random", "--speedup")) {
                if (parsed.hasMatchedOption(other)) {
                    throw new InputException("command line", 0, "--theorem2", "makes its own instance (line, jobs,"
                            + " proportional speed-up): leave out " + other);
                }
            }
            if (q < 1) {
                throw new InputException("command line", 0, "--q", "must be at least 1: " + q);
            }
            return Instances.theorem2(weights(), q);
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
