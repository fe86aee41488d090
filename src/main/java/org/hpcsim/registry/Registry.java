package org.hpcsim.registry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.failure.FailureModel;
import org.hpcsim.scheduling.JobOrder;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Curve;

/**
 * Named policies by kind. Each entry has a description and positional parameters with defaults;
 * {@link StandardPolicies} registers the built-in ones. Adding a policy is one class plus one
 * {@code register} line there.
 */
public final class Registry {

    /** A positional parameter of a policy. */
    public record Param(String name, String defaultValue, String description) {
    }

    /** One registered policy; {@code complexity} is empty where it says nothing useful. */
    public record Entry<F>(String name, String description, String complexity, List<Param> params, F factory) {
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
            if (entries.putIfAbsent(name, new Entry<>(name, description, complexity, List.copyOf(params), factory)) != null) {
                throw new IllegalStateException(kind + " '" + name + "' registered twice");
            }
        }

        public Collection<Entry<F>> entries() {
            return Collections.unmodifiableCollection(entries.values());
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
    private final Section<JobOrder> orders = new Section<>("queue order", "the order argument of schedulers");
    private final Section<CurveFactory> curves = new Section<>("curve", "the curve argument of 1D allocators");
    private final Section<FailureFactory> failures = new Section<>("failure model", "failures.model");

    public Section<SchedulerFactory> schedulers() {
        return schedulers;
    }

    public Section<AllocatorFactory> allocators() {
        return allocators;
    }

    public Section<JobOrder> orders() {
        return orders;
    }

    public Section<CurveFactory> curves() {
        return curves;
    }

    public Section<FailureFactory> failures() {
        return failures;
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

    public JobOrder order(String name) {
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
}
