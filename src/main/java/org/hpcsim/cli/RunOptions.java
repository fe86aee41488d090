package org.hpcsim.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.hpcsim.workload.InputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of {@code run}, shared with {@code bench}, which passes them on to each run. */
public final class RunOptions {
    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "Scenario file (HOCON). Without one and without --trace: config/default.conf, the bundled default.")
    Path config;

    @Option(names = {"-t", "--trace"}, paramLabel = "FILE", description = "Workload trace: SWF (plain or gzip), .sim, .4col or a Batsim .json workload; key trace.")
    Path trace;

    @Option(names = "--trace-format", paramLabel = "FORMAT",
            description = "auto, swf, sim, four-column or batsim (a Batsim JSON workload; see docs/batsim.md) (default"
                    + " auto: SWF by its content, else by file name, .json for batsim); key trace-format.")
    String traceFormat;

    @Option(names = {"-m", "--machine"}, paramLabel = "SPEC",
            description = "simple:N, mesh:XxY[xZ], torus:XxY[xZ], line:LAYOUT (e.g. \"line:C8 IO C8\") or auto; key machine.")
    String machine;

    @Option(names = "--platform", paramLabel = "FILE.xml",
            description = "A Batsim/SimGrid platform: its compute hosts are the nodes, with their power states (turns energy on); key platform.")
    Path platform;

    @Option(names = {"-s", "--scheduler"}, paramLabel = "SPEC",
            description = "fcfs, priority[order], easy[order], conservative[order], or external (a scheduler in"
                    + " another process over Batsim's protocol, e.g. pybatsim); key scheduler.policy.")
    String scheduler;

    @Option(names = "--external-socket", paramLabel = "ENDPOINT",
            description = "Where the external scheduler's ZeroMQ REP socket is bound, e.g. tcp://127.0.0.1:28000;"
                    + " key scheduler.external.socket.")
    String externalSocket;

    @Option(names = {"-a", "--allocator"}, paramLabel = "SPEC",
            description = "Allocator, e.g. sorted-free-list[hilbert], best-fit[hilbert], mm, mc1x1, mbs (see `hpcsim list`); key allocator.policy.")
    String allocator;

    @Option(names = "--pinned", paramLabel = "FILE",
            description = "Hand-placed jobs, lines 'jobid: n1,n2,...' (they wait for exactly those nodes); key allocator.pinned.")
    Path pinned;

    @Option(names = "--cores-per-node", paramLabel = "N", description = "Processors per node; key workload.cores-per-node.")
    Integer coresPerNode;

    @Option(names = "--seed", paramLabel = "N", description = "Master random seed; key seed.")
    Long seed;

    @Option(names = "--threads", paramLabel = "N", description = "Threads, 0 = automatic (on 4+ cores, the cores"
            + " in time-parallel windows for a run that can use them with 20,000 jobs or more; else one); one runs"
            + " sequentially (the oracle), more in time-parallel windows where the run can use them, else as Pekko"
            + " actors (kernel.executor = auto); key kernel.threads.")
    Integer threads;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Output directory; key output.dir.")
    Path out;

    @Option(names = "--force", description = "Write into a non-empty --out that holds no finished run (entries of"
            + " the same names are replaced, others kept). A finished run is replaced whole without it.")
    boolean force;

    @Option(names = "--plugin", paramLabel = "JAR",
            description = "A plugin jar whose policies (schedulers, allocators, queue orders, failure models, curves,"
                    + " trace formats) the run may use (repeatable; added to the key plugins, as --inject adds to"
                    + " events; see docs/plugins.md).")
    List<Path> plugins = new ArrayList<>();

    @Option(names = "--inject", paramLabel = "EVENT",
            description = "Inject an event, e.g. \"at 3600s fail node 17\" or \"at 5000s crac 0 fail\" (repeatable; added to the key events).")
    List<String> inject = new ArrayList<>();

    @Option(names = "--events", paramLabel = "FILE",
            description = "Scenario file of events, one per line, # comments; key events-file.")
    Path events;

    @Option(names = "--failures", paramLabel = "SPEC",
            description = "Failure model: none, trace, exponential[mtbf,mttr], weibull[shape,scale,mttr]; key failures.model.")
    String failures;

    @Option(names = "--on-job-failure", paramLabel = "FATE",
            description = "kill, requeue or requeue-with-checkpoint; key failures.on-job-failure.")
    String onJobFailure;

    @Option(names = "--max-attempts", paramLabel = "N",
            description = "Under requeue: a job whose N-th attempt fails ends failed; key failures.max-attempts"
                    + " (default 10).")
    Integer maxAttempts;

    @Option(names = "--until", paramLabel = "TIME",
            description = "Stop the run at this simulated time (s, m, h, d): jobs queued or running then end"
                    + " unfinished, as a console's quit; key until.")
    String until;

    @Mixin
    Quiet quiet;

    @Option(names = "-D", paramLabel = "KEY=VALUE", mapFallbackValue = "",
            description = "Set any configuration key, e.g. -Dscheduler.missing-estimate=runtime (repeatable; `hpcsim"
                    + " config --describe` lists the keys). A key that an option also sets (--scheduler:"
                    + " scheduler.policy, ...) may not be set to another value.")
    Map<String, String> overrides = new LinkedHashMap<>();

    /**
     * Configuration overrides from the options, in a fixed order, then the -D values.
     *
     * @throws InputException when a -D sets a key that an option also sets, to another value
     */
    Map<String, String> toOverrides() {
        Map<String, String> o = new LinkedHashMap<>();
        given((key, option, value) -> {
            agree(option, key, value, overrides);
            o.put(key, value.toString());
        });
        o.putAll(overrides);
        return o;
    }

    /**
     * Where each key of {@link #toOverrides()} was set, as error messages name it: the option
     * ({@code --allocator}) or {@code -Dallocator.policy}.
     */
    Map<String, String> origins() {
        Map<String, String> o = new LinkedHashMap<>();
        given((key, option, value) -> o.put(key, option));
        for (String key : overrides.keySet()) {
            o.put(key, "-D" + key.strip());
        }
        return o;
    }

    /** A configuration key set by an option. */
    private interface Setting {
        void set(String key, String option, Object value);
    }

    /** Calls {@code s} for every option that was given, in a fixed order. */
    private void given(Setting s) {
        set(s, "trace", "--trace", trace);
        set(s, "trace-format", "--trace-format", traceFormat);
        set(s, "machine", "--machine", machine);
        set(s, "platform", "--platform", platform);
        set(s, "scheduler.policy", "--scheduler", scheduler);
        set(s, "scheduler.external.socket", "--external-socket", externalSocket);
        set(s, "allocator.policy", "--allocator", allocator);
        set(s, "allocator.pinned", "--pinned", pinned);
        set(s, "workload.cores-per-node", "--cores-per-node", coresPerNode);
        set(s, "seed", "--seed", seed);
        set(s, "events-file", "--events", events);
        set(s, "failures.model", "--failures", failures);
        set(s, "failures.on-job-failure", "--on-job-failure", onJobFailure);
        set(s, "failures.max-attempts", "--max-attempts", maxAttempts);
        set(s, "until", "--until", until);
        set(s, "kernel.threads", "--threads", threads);
        set(s, "output.dir", "--out", out);
    }

    private static void set(Setting s, String key, String option, Object value) {
        if (value != null) {
            s.set(key, option, value);
        }
    }

    /**
     * Checks that no -D in {@code defines} sets {@code key}, which the option {@code name} sets to
     * {@code value}, to something else: neither may silently win. The same value twice is allowed
     * (paths compared as files, numbers and true/false as values).
     *
     * @throws InputException naming both, as given
     */
    static void agree(String name, String key, Object value, Map<String, String> defines) {
        for (Map.Entry<String, String> d : defines.entrySet()) {
            if (d.getKey().strip().equals(key) && !same(value, d.getValue().strip())) {
                throw new InputException("command line", 0, key, name + (value instanceof Boolean ? "" : " " + value)
                        + " and -D" + d.getKey() + "=" + d.getValue() + " set different values; give one of them");
            }
        }
    }

    private static boolean same(Object value, String text) {
        if (value instanceof Path p) {
            try {
                return p.toAbsolutePath().normalize().equals(Path.of(text).toAbsolutePath().normalize());
            } catch (InvalidPathException e) {
                return false;
            }
        }
        if (value instanceof Integer || value instanceof Long) {
            try {
                return ((Number) value).longValue() == Long.parseLong(text);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        if (value instanceof Boolean b) {
            // HOCON's words for true and false
            return (b ? List.of("true", "yes", "on") : List.of("false", "no", "off")).contains(text.toLowerCase(Locale.ROOT));
        }
        return value.toString().strip().equals(text);
    }

    /** Whether no option but -D and --quiet was given. */
    boolean onlyOverrides() {
        return inject.isEmpty() && plugins.isEmpty() && Stream.of(config, trace, traceFormat, machine, platform, scheduler,
                externalSocket, allocator, pinned, coresPerNode, seed, events, failures, onJobFailure, maxAttempts, until, threads, out)
                .allMatch(Objects::isNull);
    }

    /**
     * The options given that set what a bench scenario sets (its trace, machine, scheduler, allocator
     * and cores per node), as written on the command line; empty when none was given.
     */
    List<String> scenarioSettings() {
        List<String> given = new ArrayList<>();
        if (config != null) {
            given.add("--config");
        }
        Map<String, String> byKey = Map.of("trace", "--trace", "trace-format", "--trace-format", "machine", "--machine",
                "scheduler.policy", "--scheduler", "allocator.policy", "--allocator", "workload.cores-per-node",
                "--cores-per-node");
        given((key, option, value) -> {
            if (byKey.containsKey(key)) {
                given.add(option);
            }
        });
        return given;
    }

    /** The same options as arguments of a {@code run} command line (for bench's child processes). */
    List<String> toArguments() {
        List<String> a = new ArrayList<>();
        if (config != null) {
            a.add("--config");
            a.add(config.toString());
        }
        // As given, so that the child names a bad value the way the user wrote it; bench gives each run a
        // directory of its own, which neither --out nor a -D may override.
        given((key, option, value) -> {
            if (!key.equals("output.dir")) {
                a.add(option);
                a.add(value.toString());
            }
        });
        overrides.forEach((key, value) -> {
            if (!key.strip().equals("output.dir")) {
                a.add("-D" + key + "=" + value);
            }
        });
        for (String event : inject) {
            a.add("--inject");
            a.add(event);
        }
        for (Path jar : plugins) {
            a.add("--plugin");
            a.add(jar.toString());
        }
        return a;
    }
}
