package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bool;
import static org.hpcsim.config.ConfigValues.check;
import static org.hpcsim.config.ConfigValues.duration;
import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.longValue;
import static org.hpcsim.config.ConfigValues.oneOf;
import static org.hpcsim.config.ConfigValues.path;
import static org.hpcsim.config.ConfigValues.source;
import static org.hpcsim.config.ConfigValues.string;
import static org.hpcsim.config.ConfigValues.strings;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hpcsim.energy.EnergyOptions;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.external.ExternalOptions;
import org.hpcsim.failure.FailureOptions;
import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.malleable.MalleableOptions;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.registry.PolicySpec;
import org.hpcsim.registry.Registry;
import org.hpcsim.report.TimeSeriesOptions;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.thermal.ThermalOptions;
import org.hpcsim.time.SimTime;
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
 * @param energy         node power states and energy
 * @param config         the merged configuration (written to config-used.conf)
 */
public record Scenario(Path trace, String traceFormat, String machine, long seed, WorkloadOptions workload,
                       String scheduler, ExternalOptions external, String allocator, String spanCurve, Path pinned, long reportLatency, NetworkOptions network,
                       ThermalOptions thermal, List<ScenarioEvent> events, FailureOptions failures,
                       IoOptions io, MalleableOptions malleable, KernelOptions kernel, Path outputDir, Progress progress,
                       TimeSeriesOptions timeSeries, EnergyOptions energy, Config config) {

    /** When to show the progress line. */
    public enum Progress { AUTO, ON, OFF }

    /**
     * Reads and checks a merged configuration; {@code registry} has the policies of its plugins ({@link #plugins}).
     * Each options record has a reader of its own; this only composes them, in the order their keys are checked.
     */
    public static Scenario from(Config c, Registry registry) {
        String traceText = c.getIsNull("trace") ? null : string(c, "trace");
        if (traceText == null || traceText.isBlank()) {
            throw new InputException(source(c, "trace"), 0, "trace", "no trace given: set trace or pass --trace FILE");
        }
        WorkloadOptions workload = WorkloadOptionsReader.read(c);
        // The caller loaded the jars into the registry (plugins(c)); a scenario read without them still checks the key.
        plugins(c);
        String scheduler = string(c, "scheduler.policy");
        check(c, "scheduler.policy", () -> registry.scheduler(scheduler));
        ExternalOptions external = ExternalOptionsReader.read(c);
        String allocator = string(c, "allocator.policy");
        check(c, "allocator.policy", () -> registry.allocators().args(PolicySpec.parse(allocator)));
        String spanCurve = string(c, "allocator.span-curve");
        check(c, "allocator.span-curve", () -> {
            if (!spanCurve.equals("auto")) {
                registry.curves().args(PolicySpec.parse(spanCurve.startsWith("file:") ? "file" : spanCurve));
            }
        });
        Path pinned = path(c, "allocator.pinned");
        NetworkOptions network = NetworkOptionsReader.read(c);
        ThermalOptions thermal = ThermalOptionsReader.read(c, network.communicationFraction());
        FailureOptions failures = FailureOptionsReader.read(c, registry);
        List<ScenarioEvent> events = EventsReader.read(c, failures.eventsFile());
        MalleableOptions malleable = MalleableOptionsReader.read(c);
        IoOptions io = IoOptionsReader.read(c);
        KernelOptions kernel = KernelOptionsReader.read(c);
        EnergyOptions energy = EnergyOptionsReader.read(c);
        if (!energy.enabled() && registry.scheduler(scheduler).needsEnergy()) {
            throw fail(c, "scheduler.policy", "'" + scheduler + "' needs node power states: set energy.enabled = true"
                    + " or give a platform (--platform)");
        }
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
                thermal, events, failures, io, malleable, kernel,
                Path.of(string(c, "output.dir")), oneOf(c, "output.progress", Progress.class),
                TimeSeriesOptionsReader.read(c), energy, c);
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

    /** How a value of an enumerated key is written: lower case, words joined by hyphens (requeue-with-checkpoint). */
    public static String spelling(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
