package org.hpcsim.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigValueType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.hpcsim.events.EventFile;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.external.ExternalOptions;
import org.hpcsim.failure.FailureOptions;
import org.hpcsim.failure.JobFate;
import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.time.SimTime;
import org.hpcsim.malleable.MalleableOptions;
import org.hpcsim.malleable.Speedup;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.registry.PolicySpec;
import org.hpcsim.registry.Registry;
import org.hpcsim.report.TimeSeriesOptions;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.thermal.ThermalOptions;
import org.hpcsim.thermal.ThermalProfile;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.WorkloadOptions;

/**
 * Everything a run needs, read once from the merged configuration and checked: an immutable value
 * handed to the simulation.
 *
 * @param trace          workload trace file
 * @param traceFormat    auto, swf, sim, four-column or batsim
 * @param machine        machine spec, or "auto"
 * @param seed           master random seed
 * @param workload       how trace fields become jobs
 * @param scheduler      scheduler spec, e.g. {@code easy[fifo]}
 * @param external       where an external scheduler listens ({@code scheduler = external})
 * @param allocator      allocator spec, e.g. {@code sorted-free-list[snake]}
 * @param spanCurve      curve spans are measured along; "auto" = the allocator's curve, else snake
 * @param pinned         file of hand-placed jobs ({@code jobid: n1,n2,...}), or null
 * @param reportLatency  node-to-scheduler report latency, microseconds
 * @param network        network model (communication cost and contention)
 * @param thermal        machine-room model (power, heat recirculation, cooling)
 * @param events         events injected at simulated times: the key events, then the events file
 * @param failures       failure model and job fate
 * @param io             I/O nodes of a line machine: which one each job needs, volumes, bandwidth
 * @param malleable      whether jobs are malleable, and their speed-up function
 * @param kernel         how the kernel runs
 * @param outputDir      output directory
 * @param progress       progress line policy
 * @param timeSeries     whether and how often timeseries.csv is written
 * @param config         the merged configuration (written to config-used.conf)
 */
public record Scenario(Path trace, String traceFormat, String machine, long seed, WorkloadOptions workload,
                       String scheduler, ExternalOptions external, String allocator, String spanCurve, Path pinned, long reportLatency, NetworkOptions network,
                       ThermalOptions thermal, List<ScenarioEvent> events, FailureOptions failures,
                       IoOptions io, MalleableOptions malleable, KernelOptions kernel, Path outputDir, Progress progress,
                       TimeSeriesOptions timeSeries, Config config) {

    /** When to show the progress line. */
    public enum Progress { AUTO, ON, OFF }

    /** Reads and checks a merged configuration; {@code registry} has the policies of its plugins ({@link #plugins}). */
    public static Scenario from(Config c, Registry registry) {
        String traceText = c.getIsNull("trace") ? null : string(c, "trace");
        if (traceText == null || traceText.isBlank()) {
            throw new InputException(source(c, "trace"), 0, "trace", "no trace given: set trace or pass --trace FILE");
        }
        WorkloadOptions workload;
        try {
            workload = new WorkloadOptions(
                    positiveInt(c, "workload.cores-per-node"),
                    oneOf(c, "workload.swf-size", WorkloadOptions.SwfSizeField.class),
                    missingEstimate(c),
                    bool(c, "scheduler.kill-at-estimate"));
        } catch (IllegalArgumentException e) {
            throw new InputException(source(c, "workload"), 0, null, e.getMessage());
        }
        // The caller loaded the jars into the registry (plugins(c)); a scenario read without them still checks the key.
        plugins(c);
        String scheduler = string(c, "scheduler.policy");
        check(c, "scheduler.policy", () -> registry.scheduler(scheduler));
        String socket = string(c, "scheduler.external.socket");
        if (!socket.matches("(tcp|ipc|inproc)://.+")) {
            throw fail(c, "scheduler.external.socket", "expected a ZeroMQ endpoint such as tcp://127.0.0.1:28000, got '"
                    + socket + "'");
        }
        long timeout = duration(c, "scheduler.external.timeout");
        if (timeout < 1000) {
            throw fail(c, "scheduler.external.timeout", "must be at least 1ms, got " + string(c, "scheduler.external.timeout"));
        }
        long latency = duration(c, "scheduler.external.decision-latency");
        if (latency < 0) {
            throw fail(c, "scheduler.external.decision-latency", "must be 0 or more, got "
                    + string(c, "scheduler.external.decision-latency"));
        }
        ExternalOptions external = new ExternalOptions(socket, timeout / 1000, latency);
        String allocator = string(c, "allocator.policy");
        check(c, "allocator.policy", () -> registry.allocators().args(PolicySpec.parse(allocator)));
        String spanCurve = string(c, "allocator.span-curve");
        check(c, "allocator.span-curve", () -> {
            if (!spanCurve.equals("auto")) {
                registry.curves().args(PolicySpec.parse(spanCurve.startsWith("file:") ? "file" : spanCurve));
            }
        });
        Path pinned = c.getIsNull("allocator.pinned") ? null : Path.of(string(c, "allocator.pinned"));
        NetworkOptions network = new NetworkOptions(oneOf(c, "network.model", NetworkOptions.Model.class),
                fraction(c, "network.communication-fraction"), oneOf(c, "network.tau", NetworkOptions.Tau.class),
                nonNegative(c, "network.tau-noise"), string(c, "network.pattern"), bool(c, "network.links-csv"),
                positiveInt(c, "network.links-csv-top"));
        ThermalOptions thermal = thermal(c, network.communicationFraction());
        List<ScenarioEvent> events = new ArrayList<>();
        List<String> eventTexts = strings(c, "events");
        for (int i = 0; i < eventTexts.size(); i++) {
            try {
                events.add(ScenarioEvent.parse(eventTexts.get(i), "events[" + i + "]"));
            } catch (IllegalArgumentException e) {
                throw fail(c, "events", "event " + (i + 1) + ": " + e.getMessage());
            }
        }
        String failureModel = string(c, "failures.model");
        check(c, "failures.model", () -> registry.failureModel(failureModel));
        long checkpoint = duration(c, "failures.checkpoint-interval");
        if (checkpoint <= 0) {
            throw fail(c, "failures.checkpoint-interval", "must be positive, got " + string(c, "failures.checkpoint-interval"));
        }
        Path eventsFile = c.getIsNull("events-file") ? null : Path.of(string(c, "events-file"));
        if (eventsFile != null) {
            events.addAll(EventFile.read(eventsFile));
        }
        long stallLimit = duration(c, "failures.stall-limit");
        if (stallLimit <= 0) {
            throw fail(c, "failures.stall-limit", "must be positive, got " + string(c, "failures.stall-limit"));
        }
        FailureOptions failures = new FailureOptions(failureModel, oneOf(c, "failures.on-job-failure", JobFate.class),
                checkpoint, eventsFile, positiveInt(c, "failures.max-attempts"), stallLimit);
        String speedup = string(c, "malleable.speedup");
        check(c, "malleable.speedup", () -> Speedup.parse(speedup));
        MalleableOptions malleable = new MalleableOptions(bool(c, "malleable.enabled"), speedup,
                fraction(c, "malleable.min-fraction"));
        long bandwidth = bytes(c, "io.bandwidth");
        if (bandwidth <= 0) {
            throw fail(c, "io.bandwidth", "must be positive, got " + string(c, "io.bandwidth"));
        }
        Path ioFile = c.getIsNull("io.jobs-file") ? null : Path.of(string(c, "io.jobs-file"));
        IoOptions.Assign assign = oneOf(c, "io.assign", IoOptions.Assign.class);
        if (assign == IoOptions.Assign.FILE && ioFile == null) {
            throw fail(c, "io.assign", "is file but io.jobs-file is not set");
        }
        IoOptions io = new IoOptions(assign, ioFile, bytes(c, "io.read"), bytes(c, "io.write"), bandwidth);
        int threads = nonNegativeInt(c, "kernel.threads");
        KernelOptions kernel = new KernelOptions(threads, positiveInt(c, "kernel.partitions-per-thread"),
                positiveInt(c, "kernel.dispatcher-throughput"), positiveInt(c, "kernel.feeder-batch"),
                oneOf(c, "kernel.executor", KernelOptions.Engine.class),
                oneOf(c, "kernel.hosting", KernelOptions.Hosting.class));
        String traceFormat = string(c, "trace-format");
        if (!registry.knowsTraceFormat(traceFormat)) {
            throw fail(c, "trace-format", "unknown format '" + traceFormat + "' (known: auto, "
                    + registry.traceFormatKeys() + ")");
        }
        // Read by batsimOutput() and until() when the run is assembled; checked now, before the trace is read.
        bool(c, "output.batsim");
        until(c);
        return new Scenario(Path.of(traceText), traceFormat, string(c, "machine"), longValue(c, "seed"),
                workload, scheduler, external, allocator, spanCurve, pinned, duration(c, "node.report-latency"), network,
                thermal, List.copyOf(events), failures, io, malleable, kernel,
                Path.of(string(c, "output.dir")), oneOf(c, "output.progress", Progress.class),
                new TimeSeriesOptions(bool(c, "output.timeseries"), duration(c, "output.timeseries-interval")), c);
    }

    /**
     * The plugin jars of a merged configuration (key {@code plugins}, paths absolute): read before the
     * scenario, whose policies they may provide.
     */
    public static List<Path> plugins(Config c) {
        List<Path> jars = new ArrayList<>();
        for (String jar : strings(c, ConfigPaths.PLUGINS)) {
            if (jar.isBlank()) {
                throw fail(c, ConfigPaths.PLUGINS, "a plugin jar path is empty");
            }
            try {
                jars.add(Path.of(jar));
            } catch (java.nio.file.InvalidPathException e) {
                throw fail(c, ConfigPaths.PLUGINS, "not a path: '" + jar + "'");
            }
        }
        return jars;
    }

    private static ThermalOptions thermal(Config c, double fraction) {
        String layout = string(c, "thermal.layout");
        if (!layout.equals("auto")) {
            check(c, "thermal.layout", () -> RoomLayout.parse(layout, 1, 1));
        }
        Path d = c.getIsNull("thermal.d-matrix") ? null : Path.of(string(c, "thermal.d-matrix"));
        Path a = c.getIsNull("thermal.a-matrix") ? null : Path.of(string(c, "thermal.a-matrix"));
        if (d != null && a != null) {
            throw fail(c, "thermal.a-matrix", "give thermal.d-matrix or thermal.a-matrix, not both");
        }
        double k = positive(c, "thermal.air-density") * positive(c, "thermal.flow-rate")
                * positive(c, "thermal.specific-heat");
        PowerModel power = new PowerModel(nonNegative(c, "thermal.power.idle"), nonNegative(c, "thermal.power.compute"),
                nonNegative(c, "thermal.power.communication"), fraction);
        ThermalProfile profile;
        try {
            profile = ThermalProfile.parse(string(c, "thermal.profile"));
        } catch (IllegalArgumentException e) {
            throw fail(c, "thermal.profile", e.getMessage());
        }
        if (profile != ThermalProfile.PAPER) {
            // The profile fixes node power; a power key set beside it would be silently ignored.
            Config defaults = ConfigLoader.defaults();
            for (String key : List.of("thermal.power.idle", "thermal.power.compute", "thermal.power.communication")) {
                if (number(c, key) != defaults.getDouble(key)) {
                    throw fail(c, key, "thermal.profile = " + profile.key() + " fixes node power at "
                            + (int) ThermalProfile.SST_2014_IDLE + " W idle and " + (int) ThermalProfile.SST_2014_BUSY
                            + " W busy; leave thermal.power.* unset or use thermal.profile = paper");
                }
            }
        }
        double redline = finite(c, "cooling.redline");
        double minSupply = finite(c, "cooling.min-supply");
        if (minSupply >= redline) {
            throw fail(c, "cooling.min-supply", "must be below cooling.redline (" + redline + "), got " + minSupply);
        }
        if (bool(c, "thermal.power-csv") && !bool(c, "thermal.enabled")) {
            throw fail(c, "thermal.power-csv", "needs thermal.enabled = true (the power meter measures the room's racks)");
        }
        return new ThermalOptions(bool(c, "thermal.enabled"), profile, layout, positiveInt(c, "thermal.servers-per-node"),
                positiveInt(c, "thermal.processors-per-server"), d, a, k, power, bool(c, "thermal.node-power-csv"),
                bool(c, "thermal.power-csv"),
                finite(c, "cooling.supply"), redline, minSupply, strings(c, "cooling.units"),
                nonNegative(c, "cooling.failure-rise-rate") / 60.0, nonNegative(c, "cooling.failure-max-rise"),
                positiveDuration(c, "cooling.failure-step"));
    }

    private static List<String> strings(Config c, String key) {
        try {
            return c.getStringList(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected a list of strings");
        }
    }

    private static double positive(Config c, String key) {
        double v = number(c, key);
        if (!(v > 0) || Double.isInfinite(v)) {
            throw fail(c, key, "expected a number > 0, got " + v);
        }
        return v;
    }

    private static double finite(Config c, String key) {
        double v = number(c, key);
        if (!Double.isFinite(v)) {
            throw fail(c, key, "expected a finite number, got " + v);
        }
        return v;
    }

    private static long positiveDuration(Config c, String key) {
        long v = duration(c, key);
        if (v <= 0) {
            throw fail(c, key, "must be longer than 0");
        }
        return v;
    }

    private static void check(Config c, String key, Runnable validation) {
        try {
            validation.run();
        } catch (IllegalArgumentException e) {
            throw fail(c, key, e.getMessage());
        }
    }

    /**
     * Whether {@code run} also writes the run's plots into {@code plots/} of the output directory
     * (key {@code output.plots}); read when asked, so {@code run} asks before it starts.
     */
    public boolean plots() {
        return bool(config, "output.plots");
    }

    /**
     * Whether the run also writes Batsim's jobs file, batsim_jobs.csv (key {@code output.batsim};
     * {@code run --batsim-output} turns it on).
     */
    public boolean batsimOutput() {
        return bool(config, "output.batsim");
    }

    /**
     * When the run stops (key {@code until}, {@code run --until}), microseconds; {@link SimTime#NEVER}
     * when it runs to its end.
     */
    public long until() {
        return until(config);
    }

    private static long until(Config c) {
        return c.getIsNull("until") ? SimTime.NEVER : duration(c, "until");
    }

    /**
     * Bad input in the value of {@code key}, named where the value was given: its file and line, the
     * option that set it (--allocator) or -Dkey; a check made only when the simulation is built reports
     * the same place as one made here.
     */
    public InputException invalid(String key, String message) {
        return fail(config, key, message);
    }

    static InputException fail(Config c, String key, String message) {
        return new InputException(source(c, key), line(c, key), key, message);
    }

    private static String source(Config c, String key) {
        try {
            return ConfigLoader.originName(c.getValue(key).origin());
        } catch (ConfigException e) {
            return "configuration";
        }
    }

    private static long line(Config c, String key) {
        try {
            return Math.max(0, c.getValue(key).origin().lineNumber());
        } catch (ConfigException e) {
            return 0;
        }
    }

    private static String string(Config c, String key) {
        try {
            return c.getString(key);
        } catch (ConfigException e) {
            throw ConfigLoader.fromConfigException(e, "configuration", key);
        }
    }

    private static boolean bool(Config c, String key) {
        try {
            return c.getBoolean(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected true or false, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    private static int intValue(Config c, String key) {
        try {
            return c.getInt(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected an integer, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    private static long longValue(Config c, String key) {
        try {
            return c.getLong(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected an integer, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    private static int positiveInt(Config c, String key) {
        int v = intValue(c, key);
        if (v < 1) {
            throw fail(c, key, "must be >= 1, got " + v);
        }
        return v;
    }

    private static int nonNegativeInt(Config c, String key) {
        int v = intValue(c, key);
        if (v < 0) {
            throw fail(c, key, "must be >= 0, got " + v);
        }
        return v;
    }

    /** How a value of an enumerated key is written: lower case, words joined by hyphens (requeue-with-checkpoint). */
    public static String spelling(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static <E extends Enum<E>> E oneOf(Config c, String key, Class<E> type) {
        String v = string(c, key);
        for (E k : type.getEnumConstants()) {
            if (spelling(k).equalsIgnoreCase(v)) {
                return k;
            }
        }
        StringJoiner known = new StringJoiner(", ");
        for (E k : type.getEnumConstants()) {
            known.add(spelling(k));
        }
        throw fail(c, key, "unknown value '" + v + "' (expected " + known + ")");
    }

    private static double fraction(Config c, String key) {
        double v = number(c, key);
        if (!(v >= 0 && v <= 1)) {
            throw fail(c, key, "expected a number from 0 to 1, got " + v);
        }
        return v;
    }

    private static double nonNegative(Config c, String key) {
        double v = number(c, key);
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw fail(c, key, "expected a number >= 0, got " + v);
        }
        return v;
    }

    private static double number(Config c, String key) {
        try {
            return c.getDouble(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected a number, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    private static double missingEstimate(Config c) {
        String key = "scheduler.missing-estimate";
        String v = string(c, key).strip();
        if (v.equals("runtime")) {
            return 1.0;
        }
        try {
            double f = Double.parseDouble(v);
            if (f > 0 && Double.isFinite(f)) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail(c, key, "expected 'runtime' or a positive factor of the run time, got '" + v + "'");
    }

    /** A size in bytes: "512M", "10G" or a number. */
    private static long bytes(Config c, String key) {
        try {
            long v = c.getBytes(key);
            if (v < 0) {
                throw fail(c, key, "must not be negative, got " + v);
            }
            return v;
        } catch (ConfigException e) {
            throw fail(c, key, "expected a size in bytes such as 512M or 10G, got " + c.getValue(key).unwrapped());
        }
    }

    /** A duration in microseconds: "5s", "250ms", "2h"; a bare number is seconds. */
    private static long duration(Config c, String key) {
        long micros;
        try {
            if (c.getValue(key).valueType() == ConfigValueType.NUMBER) {
                micros = SimTime.fromSeconds(c.getDouble(key));
            } else {
                String raw = c.getString(key).strip();
                if (raw.matches("[0-9.]+")) {
                    micros = SimTime.parseSeconds(raw);
                } else {
                    Duration d = c.getDuration(key);
                    micros = d.getSeconds() * SimTime.MICROS_PER_SECOND + Math.round(d.getNano() / 1000.0);
                }
            }
        } catch (ConfigException | NumberFormatException e) {
            throw fail(c, key, "expected a duration such as 0s, 250ms or 2h, got '" + c.getValue(key).unwrapped() + "'");
        }
        if (micros < 0) {
            throw fail(c, key, "must not be negative");
        }
        return micros;
    }
}
