package org.hpcsim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hpcsim.cluster.ClusterSystem;
import org.hpcsim.cluster.Coordinator;
import org.hpcsim.cluster.RemoteRunFailure;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.registry.Registry;
import org.hpcsim.workload.InputException;
import org.hpcsim.sweep.Shard;
import org.hpcsim.sweep.SweepPlan;
import org.hpcsim.sweep.SweepRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hpcsim sweep}: every combination of a base scenario and axes, several runs at once. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run every combination of a base scenario and axes of values, several runs at once.",
            "The runs share one process; each is what `hpcsim run` gives for its scenario.",
            "The sweep file is a scenario file plus a block sweep { axes { KEY = [v1, v2, ...], ... } }; KEY is any"
                + " configuration key or allocators, schedulers, traces, seeds (allocator.policy, scheduler.policy,"
                + " trace, seed). Axes go in key order, the last varying fastest.",
            "Each run writes its outputs to DIR/runs/LABEL (LABEL as allocator.policy=mm,seed=2); DIR/results.csv has"
                + " a row per finished run with its axis values and summary; DIR/sweep-used.conf is the sweep with every"
                + " default filled in.",
            "Started again over the same DIR, a sweep skips finished runs and redoes unfinished ones; if the sweep"
                + " changed, it stops (exit status 2).",
            "On a batch system, a job array runs one shard per task (--shard I/N) into one shared DIR, and"
                + " --collect then writes results.csv. With --cluster the runs go to workers on other machines"
                + " (hpcsim worker --join HOST:PORT); this process keeps the sweep's directory (see docs/user-guide.md,"
                + " Sweeps on a cluster)."},
        footer = {"", "Exit status: 0 every run finished; 1 a run failed with an internal error (the others went on),"
                + " or --collect found runs not finished; 2 bad input (a bad run stops the sweep from starting more),"
                + " a missing file included; 3 a file that exists could not be read, or an output could not be written"
                + " (no permission, an I/O error, a full disk)."})
final class SweepCommand implements Callable<Integer> {
    private static final String CLI = "command line";
    /** Unfinished runs --collect names, at most. */
    private static final int MISSING_SHOWN = 20;

    @Option(names = {"-c", "--config"}, required = true, paramLabel = "FILE",
            description = "Sweep file (HOCON): a scenario plus sweep { axes { ... } }.")
    Path config;

    @Option(names = "--parallel", paramLabel = "N",
            description = "Runs at once (default: the number of cores). Each run gets one thread unless its"
                    + " kernel.threads says otherwise.")
    Integer parallel;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "The sweep's directory (default: the base's output.dir).")
    Path out;

    @Option(names = "--force", description = "Run the sweep in a non-empty --out that holds no sweep.")
    boolean force;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run only shard I of N (from 0): the runs whose index in combination order is I modulo N,"
                    + " as --shard $SLURM_ARRAY_TASK_ID/8 in a job array. Shards may run at once in one DIR; they"
                    + " write no results.csv: merge them with --collect.")
    String shard;

    @Option(names = "--cluster", description = "Run nothing here: hand the runs to workers that join this process"
            + " (hpcsim worker --join HOST:PORT), which send their outputs back into DIR; results.csv is the same"
            + " as a local sweep's. Also sweep.cluster.enabled = true in the sweep file, with bind and down-after.")
    boolean cluster;

    @Option(names = "--bind", paramLabel = "HOST[:PORT]", description = "With --cluster: the address workers join"
            + " (default: this machine's address, port " + ClusterSystem.DEFAULT_PORT + ").")
    String bind;

    @Option(names = "--down-after", paramLabel = "DURATION", description = "With --cluster: how long a worker may stay"
            + " unreachable (silent for over 3 s) before it is taken out and its runs in flight go to other workers"
            + " (default 10s).")
    String downAfter;

    @Option(names = "--collect",
            description = "Run nothing: merge the runs the shards finished in DIR into results.csv, the one the whole"
                    + " sweep writes; if a run is not finished, name it and write nothing (exit status 1).")
    boolean collect;

    @Option(names = "--trace-format", paramLabel = "FORMAT",
            description = "Format of the base's trace: auto, swf, sim, four-column or batsim (default auto: SWF by its"
                    + " content, else by file name); key trace-format.")
    String traceFormat;

    @CommandLine.Mixin
    Quiet quiet;

    @Option(names = "--plugin", paramLabel = "JAR",
            description = "A plugin jar whose policies the runs may use (repeatable; see docs/plugins.md); added to the"
                    + " base's key plugins (which may not be an axis: the runs share the plugins).")
    List<Path> plugins = new ArrayList<>();

    @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "Set a configuration key of the base scenario (not an axis), e.g. -Dnode.report-latency=5s"
                    + " (repeatable); -Doutput.dir may not differ from --out.")
    Map<String, String> overrides = new LinkedHashMap<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // Pekko starts when the plan is read, on another core, if a run may need it.
        LazyRuntime runtime = new LazyRuntime();
        // Loaded while the sweep file is read (its base names jars too), closed when the sweep is over.
        Plugins[] loaded = {Plugins.none()};
        try {
            if (collect && (shard != null || cluster)) {
                throw new InputException(CLI, 0, "--collect", "merges what the shards ran and runs nothing:"
                        + " leave out " + (shard != null ? "--shard" : "--cluster"));
            }
            if (out != null) {
                RunOptions.agree("--out", "output.dir", out, overrides);
            }
            Map<String, String> settings = new LinkedHashMap<>();
            Map<String, String> origins = new LinkedHashMap<>();
            if (traceFormat != null) {
                settings.put("trace-format", traceFormat);
                origins.put("trace-format", "--trace-format");
            }
            settings.putAll(overrides);
            overrides.keySet().forEach(key -> origins.put(key, "-D" + key.strip()));
            SweepPlan plan = SweepPlan.read(config, settings, origins, out, plugins, jars -> {
                loaded[0] = Plugins.load(jars);
                return loaded[0].registry();
            });
            Registry registry = loaded[0].registry();
            if (collect) {
                return collect(plan);
            }
            Shard part = shard == null ? Shard.ALL : Shard.parse(shard);
            SweepPlan.ClusterKeys keys = plan.cluster();
            boolean onCluster = cluster || Boolean.TRUE.equals(keys.enabled());
            String bindText = bind != null ? bind : keys.bind();
            String downText = downAfter != null ? downAfter : keys.downAfter();
            if (onCluster && !part.whole()) {
                throw new InputException(CLI, 0, "--cluster", "runs the whole sweep on its workers: leave"
                        + " out --shard");
            }
            if (onCluster && parallel != null) {
                throw new InputException(CLI, 0, "--parallel", "runs at once are each worker's: hpcsim worker --parallel N");
            }
            if (!onCluster && (bind != null || downAfter != null)) {
                throw new InputException(CLI, 0, bind != null ? "--bind" : "--down-after",
                        "applies only with --cluster");
            }
            ClusterSystem.Address address = onCluster ? ClusterOptions.bind(bindText, ClusterSystem.DEFAULT_PORT,
                    bind != null ? CLI : config.toString(), bind != null ? "--bind" : "sweep.cluster.bind") : null;
            Duration down = onCluster ? ClusterOptions.downAfter(downText,
                    downAfter != null ? CLI : config.toString(), downAfter != null ? "--down-after"
                            : "sweep.cluster.down-after") : null;
            int runs = parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
            if (!onCluster && plan.combinations().stream().anyMatch(c -> c.scenario().kernel().mayNeedActors())) {
                runtime.startSoon();
            }
            List<SweepRunner.Failure> failures;
            try (SweepRunner runner = SweepRunner.open(plan, part, registry, runs, Main::inputError, force);
                 Interrupts.Handle h = Interrupts.onAbort(() -> aborted(runner.abandon()))) {
                if (onCluster) {
                    SweepRunner.Reporter log = quiet.on ? SweepRunner.Reporter.QUIET : System.err::println;
                    failures = runner.run((todo, ends) -> {
                        Map<String, Integer> perWorker = Coordinator.runAll(todo, ends, address, down);
                        perWorker.forEach((worker, n) -> log.say("sweep: worker " + worker + " finished " + n
                                + (n == 1 ? " run" : " runs")));
                    }, log);
                } else if (!ProgressLine.wanted(plan.progress(), quiet.on)) {
                    failures = runner.run(runtime, quiet.on ? SweepRunner.Reporter.QUIET : System.err::println);
                } else {
                    SweepMonitor monitor = new SweepMonitor(runner);
                    try (ProgressLine line = ProgressLine.start(System.err, "[sweep] ", monitor::line)) {
                        failures = runner.run(runtime, new SweepRunner.Reporter() {
                            @Override
                            public void say(String text) {
                                line.log(text);
                            }

                            @Override
                            public void changed() {
                                line.redraw();
                            }
                        });
                    }
                }
            }
            PrintWriter err = spec.commandLine().getErr();
            int status = 0;
            for (SweepRunner.Failure f : failures) {
                if (f.error() instanceof RemoteRunFailure remote) {
                    err.println("hpcsim: error: run " + f.run().label() + " (on a worker): " + remote.getMessage());
                    err.flush();
                    status = Math.max(status, remote.status());
                } else {
                    status = Math.max(status, Main.report(f.error(), "run " + f.run().label() + ": ", err));
                }
            }
            return status;
        } finally {
            loaded[0].close();
            runtime.close();
        }
    }

    /** The line Ctrl-C ends a sweep with: what stays in its directory, and how to go on. */
    static String aborted(SweepRunner.Abandoned a) {
        if (a.removed()) {
            return "interrupted: no run had finished; " + a.dir() + ", which this sweep created, is removed";
        }
        if (a.finished() == a.total()) {
            return "interrupted: every run (" + a.total() + ") had finished; they are in " + a.dir();
        }
        if (a.finished() == 0) {
            return "interrupted: no run had finished; run the same command again to start the sweep in " + a.dir();
        }
        return "interrupted: " + a.finished() + " of " + a.total() + " runs finished are kept in " + a.dir()
                + " (the runs in flight are discarded); run the same command again to resume";
    }

    private int collect(SweepPlan plan) {
        SweepRunner.Collected found = SweepRunner.collect(plan);
        if (found.missing().isEmpty()) {
            if (!quiet.on) {
                System.err.println("sweep: collected " + found.runs() + " runs; results in " + found.results());
            }
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("hpcsim: error: " + plan.dir() + ": " + found.missing().size() + " of " + found.runs()
                + " runs not finished, so no results.csv written; run k is in shard k mod N: run those shards again"
                + " (or the whole sweep, which does only what is left). Not finished:");
        found.missing().stream().limit(MISSING_SHOWN)
                .forEach(c -> err.println("  run " + c.index() + ": " + c.label()));
        if (found.missing().size() > MISSING_SHOWN) {
            err.println("  and " + (found.missing().size() - MISSING_SHOWN) + " more");
        }
        err.flush();
        return 1;
    }
}
