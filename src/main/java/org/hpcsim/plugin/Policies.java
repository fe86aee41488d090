package org.hpcsim.plugin;

import java.util.Comparator;
import java.util.List;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.registry.Registry;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.TraceOpener;

/**
 * Where a {@link PolicyProvider} registers its policies, as the built-in ones are: a name (lower-case
 * letters, digits and {@code -}, starting with a letter), a one-line description for {@code hpcsim list},
 * and positional parameters with defaults, written {@code name[arg,...]} by users. A factory gets the
 * arguments with the defaults filled in ({@link Registry.Args#get}); it is called for every run that
 * uses the policy, possibly from several threads at once (a sweep), so it keeps no shared mutable state.
 * An exception from a factory is an error naming the policy and the plugin (exit status 2); one from
 * the policy during a simulation ends the run with an error naming them too.
 */
public interface Policies {

    /** A scheduler ({@code --scheduler}, key {@code scheduler.policy}). */
    void scheduler(String name, String description, List<Registry.Param> params, SchedulerFactory factory);

    /** An allocator ({@code --allocator}, key {@code allocator.policy}). */
    void allocator(String name, String description, List<Registry.Param> params, AllocatorFactory factory);

    /**
     * A queue order (the {@code order} argument of the schedulers): ties of {@code order} are broken by
     * arrival, job id and trace position, as for the built-in orders.
     */
    void queueOrder(String name, String description, Comparator<Job> order);

    /** A failure model ({@code --failures}, key {@code failures.model}); its {@code label()} is its name. */
    void failureModel(String name, String description, List<Registry.Param> params, Registry.FailureFactory factory);

    /** A curve (the {@code curve} argument of the 1D allocators, key {@code allocator.span-curve}). */
    void curve(String name, String description, List<Registry.Param> params, Registry.CurveFactory factory);

    /**
     * A trace format ({@code --trace-format}, key {@code trace-format}) for formats hpcsim does not read;
     * {@code trace-format = auto} picks it for a file whose name ends with {@code extension} (such as
     * {@code .jobs}; one that a built-in format's files may end with is refused).
     */
    void traceReader(String name, String description, String extension, TraceOpener opener);

    /** Creates a scheduling policy for one run. */
    @FunctionalInterface
    interface SchedulerFactory {
        SchedulingPolicy create(Registry.Args args, Lookup lookup);
    }

    /** Creates an allocator for one run. */
    @FunctionalInterface
    interface AllocatorFactory {
        Allocator create(Registry.Args args, AllocatorContext context);
    }
}
