package org.hpcsim.plugin;

import java.io.IOException;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.registry.Registry;
import org.hpcsim.scheduling.QueueOrder;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Curve;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.TraceFormat;
import org.hpcsim.workload.TraceOpener;
import org.hpcsim.workload.TraceReader;

/**
 * The {@link Policies} one provider registers into: checks each declaration, then adds the entry to
 * the run's registry with its origin, its factory wrapped so that what the plugin throws names it.
 */
final class Registrar implements Policies {
    /** A policy or parameter name as users write it in {@code name[arg,...]} and in configuration values. */
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Pattern EXTENSION = Pattern.compile("\\.[a-z0-9][a-z0-9._-]*");

    /** A declaration the provider got wrong: reported naming the plugin. */
    static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    private final Registry registry;
    private final Registry.Origin origin;

    Registrar(Registry registry, Registry.Origin origin) {
        this.registry = registry;
        this.origin = origin;
    }

    @Override
    public void scheduler(String name, String description, List<Registry.Param> params, SchedulerFactory factory) {
        check(registry.schedulers(), name, description, params, factory);
        registry.schedulers().register(name, description, "", params, (args, reg) -> {
            String label = label("scheduler", args);
            return Guard.scheduler(create(label, () -> factory.create(args, new RunLookup(reg))), label);
        }, origin);
    }

    @Override
    public void allocator(String name, String description, List<Registry.Param> params, AllocatorFactory factory) {
        check(registry.allocators(), name, description, params, factory);
        registry.allocators().register(name, description, "", params, (args, machine, reg, seed, room, io) -> {
            String label = label("allocator", args);
            return Guard.allocator(create(label, () -> factory.create(args,
                    new Context(reg, machine, seed, room, io))), machine, label);
        }, origin);
    }

    @Override
    public void queueOrder(String name, String description, Comparator<Job> order) {
        check(registry.orders(), name, description, List.of(), order);
        registry.orders().register(name, description, "", List.of(),
                QueueOrder.of(Guard.order(order, "queue order '" + name + "' of " + origin)), origin);
    }

    @Override
    public void failureModel(String name, String description, List<Registry.Param> params,
                             Registry.FailureFactory factory) {
        check(registry.failures(), name, description, params, factory);
        registry.failures().register(name, description, "", params, args -> {
            String label = label("failure model", args);
            return Guard.failureModel(create(label, () -> factory.create(args)), label);
        }, origin);
    }

    @Override
    public void curve(String name, String description, List<Registry.Param> params, Registry.CurveFactory factory) {
        check(registry.curves(), name, description, params, factory);
        registry.curves().register(name, description, "", params, args -> {
            String label = label("curve", args);
            Curve c = create(label, () -> factory.create(args));
            return topology -> {
                try {
                    return c.order(topology);
                } catch (RuntimeException | Error e) {
                    throw new IllegalArgumentException(label + ": " + reason(e), e);
                }
            };
        }, origin);
    }

    @Override
    public void traceReader(String name, String description, String extension, TraceOpener opener) {
        check(registry.traceFormats(), name, description, List.of(), opener);
        if (name.equals("auto") || TraceFormat.byKey(name) != null) {
            throw new Refused("trace format '" + name + "' is taken (built-in)");
        }
        String ext = extension == null ? "" : extension.toLowerCase(Locale.ROOT);
        if (!EXTENSION.matcher(ext).matches()) {
            throw new Refused("trace format '" + name + "': extension '" + extension + "' is not a file-name"
                    + " ending such as .jobs (a dot, then letters, digits, '.', '_' or '-')");
        }
        for (TraceFormat f : TraceFormat.values()) {
            String b = f.extension();
            if (ext.endsWith(b) || ext.endsWith(b + ".gz") || b.endsWith(ext) || (b + ".gz").endsWith(ext)) {
                throw new Refused("trace format '" + name + "': extension " + ext + " overlaps " + b
                        + " (each also .gz), which the built-in format " + f.key() + " reads");
            }
        }
        for (Registry.Entry<Registry.TraceSource> e : registry.traceFormats().entries()) {
            if (e.factory().extension().equals(ext)) {
                throw new Refused("trace format '" + name + "': extension " + ext + " is taken by trace format '"
                        + e.name() + "' (" + e.origin() + ")");
            }
        }
        String label = "trace format '" + name + "' of " + origin;
        registry.traceFormats().register(name, description, "", List.of(), new Registry.TraceSource(ext,
                (file, options) -> {
                    TraceReader r;
                    try {
                        r = opener.open(file, options);
                    } catch (IOException | InputException e) {
                        throw e;
                    } catch (RuntimeException | Error e) {
                        throw new InputException(file, 0, "trace-format", label + ": " + reason(e));
                    }
                    if (r == null) {
                        throw new InputException(file, 0, "trace-format", label + ": opened no reader (null)");
                    }
                    return Guard.reader(r, label);
                }), origin);
    }

    /** Checks a declaration: a valid, free name, a description, a factory, well-formed parameters. */
    private void check(Registry.Section<?> section, String name, String description, List<Registry.Param> params,
                       Object factory) {
        String kind = section.kind();
        if (name == null || !NAME.matcher(name).matches()) {
            throw new Refused(kind + " name '" + name + "' is not a valid policy name (lower-case letters, digits"
                    + " and '-', starting with a letter)");
        }
        Registry.Entry<?> taken = section.find(name);
        if (taken != null) {
            throw new Refused(kind + " '" + name + "' is taken (" + (taken.origin().equals(origin)
                    ? "registered twice by this provider" : taken.origin().toString()) + ")");
        }
        if (description == null || description.isBlank()) {
            throw new Refused(kind + " '" + name + "' has no description");
        }
        if (factory == null) {
            throw new Refused(kind + " '" + name + "' has no factory (null)");
        }
        if (params == null) {
            throw new Refused(kind + " '" + name + "': its parameter list is null (give List.of() for none)");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < params.size(); i++) {
            Registry.Param p = params.get(i);
            String where = kind + " '" + name + "': parameter " + (i + 1);
            if (p == null) {
                throw new Refused(where + " is null");
            }
            if (p.name() == null || !NAME.matcher(p.name()).matches()) {
                throw new Refused(where + ": name '" + p.name() + "' is not valid (lower-case letters, digits and"
                        + " '-', starting with a letter)");
            }
            if (!seen.add(p.name())) {
                throw new Refused(where + ": name '" + p.name() + "' is given twice");
            }
            if (p.defaultValue() == null || p.description() == null) {
                throw new Refused(where + " ('" + p.name() + "') has no default value or no description (null)");
            }
        }
    }

    /** How messages name one use of a policy: {@code allocator 'reverse[hilbert]' of plugin x.jar (Provider)}. */
    private String label(String kind, Registry.Args args) {
        return kind + " '" + args.policy() + "' of " + origin;
    }

    /** What a plugin's factory made; anything it throws becomes the IllegalArgumentException of a bad policy. */
    private static <T> T create(String label, Supplier<T> factory) {
        T made;
        try {
            made = factory.get();
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError v) {
                throw v;
            }
            throw new IllegalArgumentException(label + ": " + reason(e), e);
        }
        if (made == null) {
            throw new IllegalArgumentException(label + ": its factory returned null");
        }
        return made;
    }

    /** A message for users: bad input says what was wrong; anything else also names its exception. */
    static String reason(Throwable t) {
        return t instanceof IllegalArgumentException || t instanceof InputException ? t.getMessage() : t.toString();
    }

    private record RunLookup(Registry registry) implements Lookup {
        @Override
        public QueueOrder order(String name) {
            return registry.order(name);
        }

        @Override
        public Curve curve(String spec) {
            return registry.curve(spec);
        }
    }

    private record Context(Registry registry, MachineState machine, long seed, RoomModel room, IoAssignment io)
            implements AllocatorContext {
        @Override
        public QueueOrder order(String name) {
            return registry.order(name);
        }

        @Override
        public Curve curve(String spec) {
            return registry.curve(spec);
        }
    }
}
