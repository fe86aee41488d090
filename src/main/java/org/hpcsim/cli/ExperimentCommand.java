package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.time.SimTime;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.registry.Registry;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.study.CoolingExperiment;
import org.hpcsim.study.CplantExperiment;
import org.hpcsim.study.ResultTable;
import org.hpcsim.study.SituationDecisionExperiment;
import org.hpcsim.study.Workloads;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.WorkloadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code hpcsim experiment}: the papers' allocation experiments. */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = {"Run an experiment from the papers.",
            "Each prints its table; the trace experiments also write results.csv and report.md."},
        subcommands = {ExperimentCommand.SituationDecision.class, ExperimentCommand.Cplant.class,
            ExperimentCommand.CoolingTable.class, TorusScheduleCommand.class, TorusFeasibilityCommand.class,
            MalleableCommand.class, CommandLine.HelpCommand.class})
final class ExperimentCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        List<String> experiments = spec.subcommands().keySet().stream().filter(name -> !name.equals("help")).toList();
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing experiment (one of: " + String.join(", ", experiments) + ")");
    }

    /** Options every experiment shares. */
    static final class Common {
        @Option(names = {"-t", "--trace"}, required = true, paramLabel = "FILE",
                description = "Workload trace: SWF (plain or gzip), .sim, .4col or a Batsim .json workload; see --trace-format.")
        Path trace;

        @Option(names = "--trace-format", defaultValue = "auto", paramLabel = "FORMAT",
                description = "auto, swf, sim, four-column or batsim (default ${DEFAULT-VALUE}: SWF by its content, else"
                        + " by file name).")
        String traceFormat;

        @Option(names = "--cores-per-node", defaultValue = "1", paramLabel = "N",
                description = "Processors per node (default ${DEFAULT-VALUE}).")
        int coresPerNode;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of random allocators (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--threads", defaultValue = "0", paramLabel = "N",
                description = "Runs in parallel; 0 = one per core (default). Results never depend on it.")
        int threads;

        @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR",
                description = "Output directory (results.csv, report.md), written atomically.")
        Path out;

        @CommandLine.Mixin

        Force force;

        @Option(names = {"-q", "--quiet"}, description = "Do not print the table.")
        boolean quiet;

        @CommandLine.Mixin
        PluginOptions plugins;

        int threads() {
            return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        }

        /** The trace's jobs, its format one of {@code registry}'s. */
        List<Job> jobs(Registry registry) {
            try {
                return Workloads.load(trace, traceFormat, new WorkloadOptions(coresPerNode,
                        WorkloadOptions.SwfSizeField.ALLOCATED, 1.0, true), registry);
            } catch (IllegalArgumentException e) {
                throw new InputException(e.getMessage());
            }
        }

        /** Writes results.csv and report.md, then prints {@code shown} unless quiet. */
        void write(ResultTable csv, String report, ResultTable shown, CommandLine.Model.CommandSpec spec) {
            write(OutputDirectory.open(out, "experiment", force.on), csv, report, shown, spec);
        }

        /** As {@link #write(ResultTable, String, ResultTable, CommandLine.Model.CommandSpec)} into {@code dir}, taken before. */
        void write(OutputDirectory dir, ResultTable csv, String report, ResultTable shown,
                   CommandLine.Model.CommandSpec spec) {
            try {
                Files.writeString(dir.file("results.csv"), csv.csv(), StandardCharsets.UTF_8);
                Files.writeString(dir.file("report.md"), report, StandardCharsets.UTF_8);
                dir.commit();
            } catch (IOException | RuntimeException e) {
                dir.close();
                throw e instanceof RuntimeException r ? r : new java.io.UncheckedIOException((IOException) e);
            }
            if (!quiet) {
                PrintWriter printed = spec.commandLine().getOut();
                printed.print(shown.text());
                printed.flush();
            }
        }
    }

    @Command(name = "situation-decision", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Bender et al.'s Table 1: allocators judged in the situations other allocators create.",
                "A situation allocator places the trace's jobs; at each placement every decision allocator's choice"
                    + " for the same job is evaluated but not carried out. Reports the mean total pairwise hop"
                    + " distance per (situation, decision) pair. The paper used the LLNL Cray T3D trace on mesh:16x16."},
            footer = {"", "Example:",
                "  hpcsim experiment situation-decision --trace T3D.txt --trace-format four-column \\",
                "      --out out/table1"})
    static final class SituationDecision implements java.util.concurrent.Callable<Integer> {
        @CommandLine.Mixin
        Common common;

        @Option(names = {"-m", "--machine"}, defaultValue = "mesh:16x16", paramLabel = "SPEC",
                description = "Machine (default ${DEFAULT-VALUE}).")
        String machine;

        @Option(names = {"-s", "--scheduler"}, defaultValue = "fcfs", paramLabel = "SPEC",
                description = "Scheduler (default ${DEFAULT-VALUE}: jobs are placed in arrival order).")
        String scheduler;

        @Option(names = "--situations", split = ";", defaultValue = "mc1x1;mm;mm-inc;best-fit[hilbert]",
                paramLabel = "SPECS", description = "Situation allocators, ';'-separated (default ${DEFAULT-VALUE}).")
        List<String> situations;

        @Option(names = "--decisions", split = ";", defaultValue = "mc1x1;mm;mm-inc;best-fit[hilbert]",
                paramLabel = "SPECS", description = "Decision allocators, ';'-separated (default ${DEFAULT-VALUE}).")
        List<String> decisions;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            try (Plugins plugins = common.plugins.load()) {
                return run(plugins.registry());
            }
        }

        private int run(Registry registry) {
            List<Job> jobs = common.jobs(registry);
            SituationDecisionExperiment.Settings s = new SituationDecisionExperiment.Settings(machine, scheduler,
                    situations, decisions, common.seed, common.threads());
            List<SituationDecisionExperiment.Entry> entries;
            try {
                entries = new SituationDecisionExperiment(registry).run(jobs, s);
            } catch (IllegalArgumentException e) {
                throw new InputException(e.getMessage());
            }
            ResultTable matrix = SituationDecisionExperiment.matrix(entries, s);
            String report = "# Situation / decision experiment (Bender et al. 2008, Table 1)\n\n"
                    + "Trace `" + common.trace.getFileName() + "` (" + jobs.size() + " jobs), machine `" + machine
                    + "`, scheduler `" + scheduler + "`, seed " + common.seed + ".\n\n"
                    + "Mean total pairwise hop distance of the decision allocator's choice (columns) when the"
                    + " situation allocator (rows) makes the placements. Every placed job counts; single-node"
                    + " jobs count 0.\n\n" + matrix.markdown()
                    + "\nBender et al. report (LLNL T3D, 16x16), rows MC1x1, MM, MM+Inc, HilbertBF:\n\n"
                    + "| situation \\ decision | MC1x1 | MM | MM+Inc | HilbertBF |\n| --- | ---: | ---: | ---: | ---: |\n"
                    + "| MC1x1 | 5256 | 5218 | 5207 | 5432 |\n| MM | 5323 | 5288 | 5276 | 5531 |\n"
                    + "| MM+Inc | 5319 | 5281 | 5269 | 5495 |\n| HilbertBF | 5090 | 5059 | 5046 | 5207 |\n";
            common.write(SituationDecisionExperiment.entries(entries), report, matrix, spec);
            return 0;
        }
    }

    @Command(name = "cplant", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Leung et al.'s Cplant simulation: 1D strategies on curves over a work-multiple sweep.",
                "The machine is an 8x8x5 mesh with the Cplant queue (fewest processors first, then shortest requested"
                    + " time), polled periodically. Reports the average span and bounding-cube ratio per strategy,"
                    + " curve and work multiple (and more locality means in results.csv)."},
            footer = {"", "Example:", "  hpcsim experiment cplant --trace traces/synthetic-2000.swf --out out/cplant"})
    static final class Cplant implements java.util.concurrent.Callable<Integer> {
        @CommandLine.Mixin
        Common common;

        @Option(names = {"-m", "--machine"}, defaultValue = "mesh:8x8x5", paramLabel = "SPEC",
                description = "Machine (default ${DEFAULT-VALUE}).")
        String machine;

        @Option(names = {"-s", "--scheduler"}, defaultValue = "priority[cplant]", paramLabel = "SPEC",
                description = "Scheduler (default ${DEFAULT-VALUE}: strict Cplant queue order).")
        String scheduler;

        @Option(names = "--poll", defaultValue = "60s", paramLabel = "DURATION",
                description = "Scheduler polling period, e.g. 60s, 5m; 0 = at every event (default ${DEFAULT-VALUE}).")
        String poll;

        @Option(names = "--strategies", split = ",", defaultValue = "sorted-free-list,first-fit,best-fit,sum-of-squares",
                paramLabel = "NAMES", description = "1D strategies, comma-separated (default: sorted-free-list,"
                    + " first-fit, best-fit and sum-of-squares).")
        List<String> strategies;

        @Option(names = "--curves", split = ",", defaultValue = "row-major,snake,hilbert", paramLabel = "CURVES",
                description = "Curves (default ${DEFAULT-VALUE}).")
        List<String> curves;

        @Option(names = "--work-multiples", split = ",", defaultValue = "0.5,0.75,1,1.25,1.5,2", paramLabel = "F",
                description = "Run-time factors (default ${DEFAULT-VALUE}).")
        List<Double> workMultiples;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            try (Plugins plugins = common.plugins.load()) {
                return run(plugins.registry());
            }
        }

        private int run(Registry registry) {
            long pollMicros = pollMicros();
            for (double wm : workMultiples) {
                if (!(wm > 0) || Double.isInfinite(wm)) {
                    throw new InputException("--work-multiples must be positive numbers, got " + wm);
                }
            }
            List<Job> jobs = common.jobs(registry);
            CplantExperiment.Settings s = new CplantExperiment.Settings(machine, scheduler, pollMicros, strategies,
                    curves, workMultiples, common.seed, common.threads());
            List<CplantExperiment.Entry> entries;
            try {
                entries = new CplantExperiment(registry).run(jobs, s);
            } catch (IllegalArgumentException e) {
                throw new InputException(e.getMessage());
            }
            ResultTable table = CplantExperiment.table(entries);
            String report = "# Cplant 1D allocation experiment (Leung et al. 2002, section 3)\n\n"
                    + "Trace `" + common.trace.getFileName() + "` (" + jobs.size() + " jobs), machine `" + machine
                    + "`, scheduler `" + scheduler + "` polled every " + poll + ".\n\n"
                    + "Means over every job that ran: span is the ring span on the strategy's curve; bcube_ratio is"
                    + " the bounding cube over the smallest cube holding the job.\n\n" + table.markdown();
            common.write(table, report, table, spec);
            return 0;
        }

        private long pollMicros() {
            long micros;
            try {
                String p = poll.strip();
                micros = p.chars().allMatch(c -> Character.isDigit(c) || c == '.') ? SimTime.parseSeconds(p)
                        : com.typesafe.config.ConfigFactory.parseString("d = " + p).getDuration("d").toNanos() / 1000;
            } catch (RuntimeException e) {
                micros = -1;
            }
            if (micros < 0) {
                throw new InputException("--poll: expected a duration such as 60s or 5m, got '" + poll + "'");
            }
            return micros;
        }
    }

    @Command(name = "cooling", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Meng et al.'s Table 1: the trace simulated in a machine room once per allocator.",
                "The room is modelled with actors: node power, heat recirculation D, CRAC units. The table gives the"
                    + " mean cooling power and run time per allocator; each run's full outputs (jobs.csv, thermal.csv,"
                    + " summary.json) go to OUT/runs/ALLOCATOR/.",
                "The paper: NASA (test_scheduler_0003.sim), mesh:4x5x2, EASY, network model distance, the 2014-06-16"
                    + " 40-node D matrix. Jobs run to completion (SST's estimate rule) unless -D says otherwise."},
            footer = {"", "Example:", "  hpcsim experiment cooling --trace test_scheduler_0003.sim \\",
                "      --d-matrix sst_DMatrix4_5_2_v2014-06-16.txt --out out/cooling"})
    static final class CoolingTable implements java.util.concurrent.Callable<Integer> {
        @CommandLine.Mixin
        Common common;

        @Option(names = {"-m", "--machine"}, defaultValue = "mesh:4x5x2", paramLabel = "SPEC",
                description = "Machine (default ${DEFAULT-VALUE}: the paper's 2 rows x 5 racks x 4 nodes).")
        String machine;

        @Option(names = {"-s", "--scheduler"}, defaultValue = "easy", paramLabel = "SPEC",
                description = "Scheduler (default ${DEFAULT-VALUE}).")
        String scheduler;

        @Option(names = "--network", defaultValue = "distance", paramLabel = "MODEL",
                description = "Network model: none, distance or links (default ${DEFAULT-VALUE}).")
        String network;

        @Option(names = "--allocators", split = ";", defaultValue = "mc1x1;genalg;mm;random;cooling-aware;joint",
                paramLabel = "SPECS", description = "Allocators, ';'-separated (default ${DEFAULT-VALUE}).")
        List<String> allocators;

        @Option(names = "--d-matrix", paramLabel = "FILE", description = "Heat-distribution matrix D; key thermal.d-matrix.")
        Path dMatrix;

        @Option(names = "--a-matrix", paramLabel = "FILE", description = "Cross-interference matrix A; key thermal.a-matrix.")
        Path aMatrix;

        @Option(names = "--profile", defaultValue = "paper", paramLabel = "NAME",
                description = "Whose constants (key thermal.profile): paper (default) or sst-2014, SST's 2014 code with"
                        + " which the paper's table was made (1000 / 3000 W nodes, D in SST's node order, cooling"
                        + " scaled by 120 / 214.649).")
        String profile;

        @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
                description = "Set any configuration key for every run (repeatable).")
        Map<String, String> overrides = new LinkedHashMap<>();

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            try (Plugins plugins = common.plugins.load()) {
                return run(plugins.registry());
            }
        }

        private int run(Registry registry) {
            Map<String, String> keys = new LinkedHashMap<>();
            keys.put("trace", common.trace.toString());
            keys.put("trace-format", common.traceFormat);
            keys.put("workload.cores-per-node", Integer.toString(common.coresPerNode));
            keys.put("seed", Long.toString(common.seed));
            keys.put("machine", machine);
            keys.put("scheduler.policy", scheduler);
            keys.put("scheduler.kill-at-estimate", "false");
            keys.put("network.model", network);
            if (dMatrix != null) {
                keys.put("thermal.d-matrix", dMatrix.toString());
            }
            if (aMatrix != null) {
                keys.put("thermal.a-matrix", aMatrix.toString());
            }
            keys.put("thermal.profile", profile);
            keys.putAll(overrides);
            // The directory is taken first: its runs are written in place, into runs/ (each an output of its own).
            OutputDirectory dir = OutputDirectory.open(common.out, "experiment", common.force.on);
            List<CoolingExperiment.Entry> entries;
            try (LazyRuntime runtime = new LazyRuntime()) {
                dir.inPlace("runs");
                CoolingExperiment.Settings s = new CoolingExperiment.Settings(keys, allocators, common.out,
                        common.threads());
                entries = new CoolingExperiment(registry, runtime).run(s);
            } catch (RuntimeException e) {
                dir.close();
                throw e;
            }
            ResultTable table = CoolingExperiment.table(entries);
            String report = "# Cooling-aware allocation experiment (Meng et al., Table 1)\n\n"
                    + "Trace `" + common.trace.getFileName() + "`, machine `" + machine + "`, scheduler `" + scheduler
                    + "`, network model `" + network + "`, heat model `"
                    + (dMatrix != null ? dMatrix.getFileName() : aMatrix != null ? "A: " + aMatrix.getFileName() : "synthetic")
                    + "`, thermal profile `" + keys.get("thermal.profile") + "`, seed " + common.seed + (overrides.isEmpty() ? "" : ", keys " + overrides) + ".\n\n"
                    + "job_cooling_power_kw: the mean over jobs of each job's mean cooling power during its run (the"
                    + " paper's per-job average); cooling_power_kw: the time-weighted mean over the run;"
                    + " mean_run_time_s: mean job run time, stretched by the network model; peak_inlet_c: the highest"
                    + " inlet temperature at the nominal supply (T_sup + D P).\n\n" + table.markdown()
                    + "\nMeng et al. report (NASA, SST):\n\n"
                    + "| allocator | cooling power (kW) | run time (s) |\n| --- | ---: | ---: |\n"
                    + "| MC1x1 | 93.74 | 2630.53 |\n| Genalg | 93.06 | 2631.08 |\n| MM | 93.08 | 2631.58 |\n"
                    + "| Random | 90.83 | 2812.50 |\n| Cooling-aware | 89.64 | 2714.71 |\n";
            common.write(dir, table, report, table, spec);
            return 0;
        }
    }
}
