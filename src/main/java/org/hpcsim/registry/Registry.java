package org.hpcsim.registry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.failure.FailureModel;
import org.hpcsim.scheduling.QueueOrder;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Curve;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.TraceFormat;
import org.hpcsim.workload.TraceOpener;

/**
 * Named policies by kind. Each entry has a description and positional parameters with defaults;
 * {@link StandardPolicies} registers the built-in ones. Adding a policy is one class plus one
 * {@code register} line there; a plugin ({@code org.hpcsim.plugin}) adds entries to a run's own copy.
 */
public final class Registry {

    /** A positional parameter of a policy. */
    public record Param(String name, String defaultValue, String description) {
    }

    /** Where an entry comes from: built in ({@link #BUILT_IN}), or a plugin's jar and provider class. */
    public record Origin(Path jar, String provider) {
        public static final Origin BUILT_IN = new Origin(null, null);

        public boolean builtIn() {
            return jar == null;
        }

        /** {@code built-in}, or {@code plugin NAME.jar (PROVIDER)}. */
        @Override
        public String toString() {
            return builtIn() ? "built-in" : "plugin " + jar.getFileName() + " (" + provider + ")";
        }
    }

    /** One registered policy; {@code complexity} is empty where it says nothing useful. */
    public record Entry<F>(String name, String description, String complexity, List<Param> params, F factory,
                           Origin origin) {
        /** How the entry is written with its parameters, e.g. {@code easy[order]}. */
        public String signature() {
            if (params.isEmpty()) {
                return name;
            }
            List<String> names = new ArrayList<>();
            for (Param p : params) {
                names.add(p.name());
            }
            return name + "[" + String.join(",", names) + "]";
        }
    }

    /** Arguments of a spec resolved against an entry's parameters (defaults filled in). */
    public record Args(String policy, List<String> values) {
        public String get(int i) {
            return values.get(i);
        }
    }

    /** Creates a scheduling policy. */
    @FunctionalInterface
    public interface SchedulerFactory {
        SchedulingPolicy create(Args args, Registry registry);
    }

    /** Creates an allocator over a machine. */
    @FunctionalInterface
    public interface AllocatorFactory {
        /**
         * {@code room} is null when the run has no thermal model, {@code io} when the machine is not a line
         * with I/O nodes; allocators that need them say so.
         */
        Allocator create(Args args, MachineState machine, Registry registry, long seed, RoomModel room,
                         org.hpcsim.storage.IoAssignment io);
    }

    /** Creates a failure model. */
    @FunctionalInterface
    public interface FailureFactory {
        FailureModel create(Args args);
    }

    /** Creates a curve. */
    @FunctionalInterface
    public interface CurveFactory {
        Curve create(Args args);
    }

    /**
     * A trace format beyond {@link TraceFormat}'s (a plugin's): how to open its files, and the file-name
     * ending ({@code .jobs}, lower case) by which {@code trace-format = auto} recognises them.
     */
    public record TraceSource(String extension, TraceOpener opener) {
    }

    /** The entries of one kind, in registration order. */
    public static final class Section<F> {
        private final String kind;
        private final String configKey;
        private final Map<String, Entry<F>> entries = new LinkedHashMap<>();

        Section(String kind, String configKey) {
            this.kind = kind;
            this.configKey = configKey;
        }

        public String kind() {
            return kind;
        }

        /** Where a user selects one, e.g. {@code scheduler.policy / --scheduler}. */
        public String configKey() {
            return configKey;
        }

        public void register(String name, String description, List<Param> params, F factory) {
            register(name, description, "", params, factory);
        }

        /** Registers with a statement of the cost of one call, e.g. {@code O(F k log F), F free nodes}. */
        public void register(String name, String description, String complexity, List<Param> params, F factory) {
            register(name, description, complexity, params, factory, Origin.BUILT_IN);
        }

        /** Registers an entry that comes from {@code origin}. */
        public void register(String name, String description, String complexity, List<Param> params, F factory,
                             Origin origin) {
            if (entries.putIfAbsent(name, new Entry<>(name, description, complexity, List.copyOf(params), factory,
                    origin)) != null) {
                throw new IllegalStateException(kind + " '" + name + "' registered twice");
            }
        }

        public Collection<Entry<F>> entries() {
            return Collections.unmodifiableCollection(entries.values());
        }

        /** The entry of this name, or null. */
        public Entry<F> find(String name) {
            return entries.get(name);
        }

        public Entry<F> lookup(String name) {
            Entry<F> e = entries.get(name);
            if (e == null) {
                throw new IllegalArgumentException("unknown " + kind + " '" + name + "' (known: "
                        + String.join(", ", entries.keySet()) + ")");
            }
            return e;
        }

        /** Resolves a spec's arguments, filling in defaults. */
        public Args args(PolicySpec spec) {
            Entry<F> e = lookup(spec.name());
            if (spec.args().size() > e.params().size()) {
                throw new IllegalArgumentException(kind + " '" + spec.name() + "' takes at most " + e.params().size()
                        + " argument" + (e.params().size() == 1 ? "" : "s") + " (" + e.signature() + "), got "
                        + spec.args().size());
            }
            List<String> values = new ArrayList<>(spec.args());
            for (int i = values.size(); i < e.params().size(); i++) {
                values.add(e.params().get(i).defaultValue());
            }
            return new Args(spec.toString(), values);
        }
    }

    private final Section<SchedulerFactory> schedulers = new Section<>("scheduler", "scheduler.policy, --scheduler");
    private final Section<AllocatorFactory> allocators = new Section<>("allocator", "allocator.policy, --allocator");
    private final Section<QueueOrder> orders = new Section<>("queue order", "the order argument of schedulers");
    private final Section<CurveFactory> curves = new Section<>("curve", "the curve argument of 1D allocators");
    private final Section<FailureFactory> failures = new Section<>("failure model", "failures.model");
    private final Section<TraceSource> traceFormats = new Section<>("trace format", "trace-format");

    public Section<SchedulerFactory> schedulers() {
        return schedulers;
    }

    public Section<AllocatorFactory> allocators() {
        return allocators;
    }

    public Section<QueueOrder> orders() {
        return orders;
    }

    public Section<CurveFactory> curves() {
        return curves;
    }

    public Section<FailureFactory> failures() {
        return failures;
    }

    /** Trace formats beyond {@link TraceFormat}'s built-in ones (empty unless a plugin adds some). */
    public Section<TraceSource> traceFormats() {
        return traceFormats;
    }

    /** Builds a failure model from a spec such as {@code exponential[1000h,4h]}. */
    public FailureModel failureModel(String spec) {
        PolicySpec s = PolicySpec.parse(spec);
        return failures.lookup(s.name()).factory().create(failures.args(s));
    }

    /** Builds a scheduling policy from a spec such as {@code easy[smallfirst]}. */
    public SchedulingPolicy scheduler(String spec) {
        PolicySpec s = PolicySpec.parse(spec);
        return schedulers.lookup(s.name()).factory().create(schedulers.args(s), this);
    }

    /**
     * Builds an allocator from a spec such as {@code sorted-free-list[snake]}; {@code seed} feeds the
     * allocators that draw random numbers.
     */
    public Allocator allocator(String spec, MachineState machine, long seed) {
        return allocator(spec, machine, seed, null);
    }

    /** As {@link #allocator(String, MachineState, long)}, for a room with a thermal model ({@code room} may be null). */
    public Allocator allocator(String spec, MachineState machine, long seed, RoomModel room) {
        return allocator(spec, machine, seed, room, null);
    }

    /** As {@link #allocator(String, MachineState, long, RoomModel)}, with the jobs' I/O nodes ({@code io} may be null). */
    public Allocator allocator(String spec, MachineState machine, long seed, RoomModel room,
                               org.hpcsim.storage.IoAssignment io) {
        PolicySpec s = PolicySpec.parse(spec);
        return allocators.lookup(s.name()).factory().create(allocators.args(s), machine, this, seed, room, io);
    }

    /** The curve argument of an allocator spec, such as {@code hilbert} in {@code best-fit[hilbert]}, or null. */
    public String allocatorCurve(String allocatorSpec) {
        PolicySpec s = PolicySpec.parse(allocatorSpec);
        Entry<AllocatorFactory> e = allocators.lookup(s.name());
        Args args = allocators.args(s);
        for (int i = 0; i < e.params().size(); i++) {
            if (e.params().get(i).name().equals("curve")) {
                return args.get(i);
            }
        }
        return null;
    }

    /** The curve spans are measured along: {@code spanCurve}, or when "auto" the allocator's curve, else snake. */
    public String spanCurve(String spanCurve, String allocatorSpec) {
        if (!spanCurve.equals("auto")) {
            return spanCurve;
        }
        String own = allocatorCurve(allocatorSpec);
        return own == null ? "snake" : own;
    }

    public QueueOrder order(String name) {
        return orders.lookup(name).factory();
    }

    /**
     * Builds a curve from a spec such as {@code hilbert}; {@code file:PATH} is short for
     * {@code file[PATH]}, so that a file curve can be an allocator's argument.
     */
    public Curve curve(String spec) {
        String text = spec.strip();
        PolicySpec s = text.startsWith("file:")
                ? new PolicySpec("file", List.of(text.substring("file:".length())))
                : PolicySpec.parse(text);
        return curves.lookup(s.name()).factory().create(curves.args(s));
    }

    /** Whether {@code name} is {@code auto}, a built-in trace format or one of {@link #traceFormats()}. */
    public boolean knowsTraceFormat(String name) {
        return TraceFormat.known(name) || traceFormats.find(name.toLowerCase(Locale.ROOT)) != null;
    }

    /** The names of every trace format, built-in first, comma-separated, for messages. */
    public String traceFormatKeys() {
        StringBuilder keys = new StringBuilder(TraceFormat.keys());
        for (Entry<TraceSource> e : traceFormats.entries()) {
            keys.append(", ").append(e.name());
        }
        return keys.toString();
    }

    /**
     * How to open {@code file} in the format {@code name}: a built-in format, one of {@link #traceFormats()},
     * or for {@code auto} the one of {@link #traceFormats()} whose extension ends the file name (the
     * longest), else what {@link TraceFormat#resolve(String, Path)} recognises.
     *
     * @throws InputException for an unknown name, or a file that cannot be read or recognised
     */
    public TraceOpener traceOpener(String name, Path file) {
        String key = name.toLowerCase(Locale.ROOT);
        TraceFormat builtIn = TraceFormat.byKey(key);
        if (builtIn != null) {
            return builtIn::open;
        }
        if (!key.equals("auto")) {
            Entry<TraceSource> e = traceFormats.find(key);
            if (e == null) {
                throw new InputException("trace-format: unknown format '" + name + "' (known: auto, "
                        + traceFormatKeys() + ")");
            }
            return e.factory().opener();
        }
        String fileName = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        TraceSource best = null;
        for (Entry<TraceSource> e : traceFormats.entries()) {
            String ext = e.factory().extension();
            if (fileName.endsWith(ext) && (best == null || ext.length() > best.extension().length())) {
                best = e.factory();
            }
        }
        return best != null ? best.opener() : TraceFormat.resolve(name, file)::open;
    }
}
