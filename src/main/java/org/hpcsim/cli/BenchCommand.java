package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hpcsim.bench.BenchScenario;
import org.hpcsim.bench.ChildRuns;
import org.hpcsim.bench.RunBench;
import org.hpcsim.bench.ScalingBench;
import org.hpcsim.bench.SoakBench;
import org.hpcsim.bench.SweepBench;
import org.hpcsim.bench.ThreadCheck;
import org.hpcsim.config.Scenario;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code hpcsim bench}: the measuring commands, one subcommand a mode. The options are parsed here;
 * the work is done by {@code org.hpcsim.bench}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure hpcsim itself: time whole processes, compare outputs across thread counts, soak the"
                + " kernel (see docs/performance.md).",
        subcommands = {BenchCommand.Run.class, BenchCommand.Threads.class, BenchCommand.Sweep.class,
            BenchCommand.Scaling.class, BenchCommand.Soak.class, BenchCommand.Scenarios.class,
            CommandLine.HelpCommand.class})
final class BenchCommand implements Runnable {
    /** Runs timed when --runs is not given; with sweep and scaling, rounds. */
    private static final int DEFAULT_RUNS = 5;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        List<String> commands = spec.subcommands().keySet().stream().filter(name -> !name.equals("help")).toList();
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command (one of: " + String.join(", ", commands) + ")");
    }

    /** --runs N, at least 1. */
    private static int runs(Integer runs) {
        if (runs != null && runs < 1) {
            throw new InputException("--runs must be >= 1");
        }
        return runs == null ? DEFAULT_RUNS : runs;
    }

    /** {@code --jvm-opt} of the commands that start hpcsim processes, and the starter it makes. */
    static final class JvmOptions {
        @Option(names = "--jvm-opt", paramLabel = "OPT", description = {"Extra JVM option for each run (repeatable).",
            "Runs get the JVM options bin/hpcsim chose for bench itself (class-data archive, garbage collector);"
                + " `java -jar target/hpcsim.jar bench ...` times them without."})
        List<String> options = new ArrayList<>();

        ChildRuns children() {
            return new ChildRuns(Main.class.getName(), options);
        }
    }

    /** {@code --trace-cache}: where the synthetic traces of scenarios and scaling sizes are kept. */
    static final class TraceCache {
        @Option(names = "--trace-cache", paramLabel = "DIR",
                description = "Where synthetic traces are generated and kept for later runs (default"
                        + " hpcsim-bench-traces in the system's temporary directory).")
        Path dir;

        Path dir() {
            return dir != null ? dir : Path.of(System.getProperty("java.io.tmpdir"), "hpcsim-bench-traces");
        }
    }

    /** {@code --scenario NAME} and where its trace is found, for the commands that time {@code run}. */
    static final class ScenarioOptions {
        @Option(names = "--scenario", paramLabel = "NAME",
                description = "Run a large-machine scenario: ricc, ricc-nodes, blue, torus32k, huge, room10k,"
                        + " flood-easy, flood-conservative (`hpcsim bench scenarios` describes them); --threads, --seed,"
                        + " -D and the other options that set no trace, machine or policy are passed on.")
        String name;

        @Option(names = "--traces", paramLabel = "DIR",
                description = "With --scenario: the directory of the shared traces (default ../shared/traces).")
        Path traces;

        @Mixin
        TraceCache cache;

        /**
         * The arguments of each {@code run}: the scenario's (its trace generated first if need be), then
         * the options; the command printed when a scenario is run.
         */
        List<String> runArguments(RunOptions options, PrintWriter out) {
            if (name == null && traces != null) {
                throw new InputException("--traces is an option of --scenario");
            }
            if (name == null && cache.dir != null) {
                throw new InputException("--trace-cache is an option of --scenario");
            }
            List<String> arguments = new ArrayList<>();
            if (name != null) {
                BenchScenario s = BenchScenario.named(name);
                List<String> clash = options.scenarioSettings();
                if (!clash.isEmpty()) {
                    throw new InputException("command line", 0, "--scenario", "scenario " + s.name() + " sets the"
                            + " trace, machine, scheduler, allocator and cores per node; drop " + String.join(", ", clash));
                }
                Path trace = s.trace(traces != null ? traces : BenchScenario.SHARED_TRACES, cache.dir(), file -> {
                    out.printf("generating %s (%s)%n", file, s.generateCommand());
                    out.flush();
                });
                arguments.addAll(s.runArguments(trace));
            }
            arguments.addAll(options.toArguments());
            if (name != null) {
                out.println("scenario " + name + ": hpcsim run " + String.join(" ", arguments));
                out.flush();
            }
            return arguments;
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Time whole `hpcsim run` processes (JVM start included) and report medians.",
                "Takes the options of `run`; prints each run's wall and CPU time (user + system of the whole process,"
                    + " JIT and garbage collector included), events and messages (and per second of wall time), peak"
                    + " heap and peak RSS, then the medians and the largest peaks."})
    static final class Run implements Callable<Integer> {
        @Option(names = "--runs", paramLabel = "N", description = "Runs to time (default 5).")
        Integer runs;

        @Mixin
        ScenarioOptions scenario;

        @Mixin
        JvmOptions jvm;

        @Mixin
        RunOptions options;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException, InterruptedException {
            // An option and a -D that disagree are refused here, not once per child run.
            options.toOverrides();
            int n = runs(runs);
            PrintWriter out = spec.commandLine().getOut();
            return RunBench.run(jvm.children(), scenario.runArguments(options, out), n, out);
        }
    }

    @Command(name = "threads", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Run once at each thread count and compare the outputs with the first run's.",
                "Takes the options of `run` (and --scenario); compares every output file byte for byte with the"
                    + " first run's (summary.json on its simulated values); exit status 1 on a difference, naming the"
                    + " file."})
    static final class Threads implements Callable<Integer> {
        @Parameters(index = "0", split = ",", paramLabel = "N,N[,N...]",
                description = "The thread counts, in the order run (e.g. 1,2,8): two or more, each >= 1.")
        List<Integer> threads;

        @Mixin
        ScenarioOptions scenario;

        @Mixin
        JvmOptions jvm;

        @Mixin
        RunOptions options;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException, InterruptedException {
            options.toOverrides();
            if (options.threads != null
                    || options.overrides.keySet().stream().anyMatch(k -> k.strip().equals("kernel.threads"))) {
                throw new InputException("bench threads sets the thread count of each run; drop --threads"
                        + " (or -Dkernel.threads)");
            }
            if (threads.size() < 2 || threads.stream().anyMatch(t -> t < 1)) {
                throw new InputException("bench threads: expected two or more thread counts >= 1, got " + threads);
            }
            PrintWriter out = spec.commandLine().getOut();
            return ThreadCheck.run(jvm.children(), scenario.runArguments(options, out), threads, out);
        }
    }

    @Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Time whole `hpcsim sweep --config FILE` processes at several --parallel values.",
                "Each --parallel value runs once per round (the order alternating from round to round); checks that"
                    + " every sweep wrote the same results.csv, and prints the medians and each value's speed-up over"
                    + " the first."})
    static final class Sweep implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE", description = "The sweep file.")
        Path file;

        @Option(names = "--parallel", split = ",", paramLabel = "N",
                description = "The --parallel values to compare (default: 1 and the number of cores).")
        List<Integer> parallel;

        @Option(names = "--runs", paramLabel = "N", description = "Rounds (default 5).")
        Integer runs;

        @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
                description = "Set a configuration key of the sweep's base scenario (repeatable), passed on to each"
                        + " sweep.")
        Map<String, String> overrides = new LinkedHashMap<>();

        @Mixin
        JvmOptions jvm;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException, InterruptedException {
            int rounds = runs(runs);
            List<Integer> values = parallel != null ? parallel : SweepBench.defaultParallel();
            if (values.isEmpty() || values.stream().anyMatch(v -> v < 1)) {
                throw new InputException("--parallel: expected values >= 1, got " + values);
            }
            return SweepBench.run(jvm.children(), file, values, overrides, rounds, spec.commandLine().getOut());
        }
    }

    @Command(name = "scaling", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Time one synthetic workload on machines of several sizes and plot the cost per job.",
                "The workload is --jobs-per-node jobs a node, of up to --max-size nodes, load 0.9, on simple:N for"
                    + " each N of --nodes, every size once per round (the order alternating from round to round),"
                    + " with --scheduler easy and --allocator sorted-free-list unless given; takes the other options"
                    + " of `run`. Prints the medians per size and writes scaling.csv and a log-log plot of"
                    + " microseconds per job against nodes (the process's CPU and wall time, and the simulation's own"
                    + " wall time) as scaling.png and scaling.svg into -o DIR."})
    static final class Scaling implements Callable<Integer> {
        @Option(names = "--nodes", split = ",", paramLabel = "N[:RUNS]",
                description = "The machine sizes, nodes (default 1000,3000,10000,30000,100000); N:RUNS gives a size"
                        + " its own number of runs instead of --runs (e.g. 100000:1).")
        List<String> nodes;

        @Option(names = "--jobs-per-node", paramLabel = "N", defaultValue = "10",
                description = "Jobs a node, so the jobs grow with the machine (default ${DEFAULT-VALUE}).")
        int jobsPerNode;

        @Option(names = "--max-size", paramLabel = "N", defaultValue = "1024",
                description = "The largest job, nodes, at every size (default ${DEFAULT-VALUE}; at most the machine).")
        int maxSize;

        @Option(names = "--runs", paramLabel = "N", description = "Rounds (default 5).")
        Integer runs;

        @Mixin
        TraceCache cache;

        @Mixin
        JvmOptions jvm;

        @Mixin
        RunOptions options;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException, InterruptedException {
            int rounds = runs(runs);
            String dir = options.toOverrides().entrySet().stream()
                    .filter(e -> e.getKey().strip().equals("output.dir")).map(e -> e.getValue().strip()).findFirst()
                    .orElseThrow(() -> new InputException("command line", 0, "--out", "bench scaling writes"
                            + " scaling.csv, scaling.png and scaling.svg into -o DIR; give one"));
            return ScalingBench.run(jvm.children(), options.origins(), options.toArguments(),
                    nodes != null ? nodes : ScalingBench.DEFAULT_NODES, jobsPerNode, maxSize, rounds, cache.dir(),
                    Path.of(dir), options.force, spec.commandLine().getOut());
        }
    }

    @Command(name = "soak", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Soak the kernel: run a scenario many times in this process and compare each run with a"
                + " one-thread run.",
                "The scenario (default " + SoakBench.DEFAULT_CONFIG + ": 8 threads, 4 partitions per thread, links,"
                    + " node failures, room; takes the options of `run`) runs --runs times with busy threads beside"
                    + " it; reports the runs that hung (no end within the bound), failed, or wrote outputs other than"
                    + " a one-thread run's; exit status 1 if any did."})
    static final class Soak implements Callable<Integer> {
        @Option(names = "--runs", paramLabel = "N", description = "Runs (default 5).")
        Integer runs;

        @Option(names = "--bound", paramLabel = "SECONDS", defaultValue = "0",
                description = "Wall-clock seconds after which a run counts as hung (default 0: 20 times the"
                        + " one-thread run, at least 120).")
        double bound;

        @Option(names = "--busy-threads", paramLabel = "N", defaultValue = "1",
                description = "Threads that keep cores busy beside the runs (default ${DEFAULT-VALUE}).")
        int busyThreads;

        @Mixin
        RunOptions options;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException, InterruptedException {
            options.toOverrides();
            int n = runs(runs);
            if (busyThreads < 0 || bound < 0) {
                throw new InputException("--busy-threads and --bound must be >= 0");
            }
            if (options.config == null && options.trace == null) {
                options.config = Path.of(SoakBench.DEFAULT_CONFIG);
            }
            try (Plugins plugins = Plugins.load(Scenario.plugins(ScenarioLoader.config(options)))) {
                return SoakBench.run(extra -> ScenarioLoader.load(options, plugins.registry(), extra),
                        plugins.registry(), n, bound, busyThreads, spec.commandLine().getOut());
            }
        }
    }

    @Command(name = "scenarios", mixinStandardHelpOptions = true,
            description = "Describe the large-machine scenarios of --scenario (see docs/performance.md).")
    static final class Scenarios implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            BenchScenario.list(spec.commandLine().getOut());
        }
    }
}
