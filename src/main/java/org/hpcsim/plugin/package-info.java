/**
 * Plugins: policies from jars outside hpcsim, found with {@link java.util.ServiceLoader}.
 *
 * <p>The service provider interface, what plugin authors compile against, is {@link PolicyProvider},
 * {@link Policies} (with its factory interfaces), {@link Lookup} and {@link AllocatorContext}, plus the
 * policy types they name: {@code allocation.Allocator} and {@code MachineState},
 * {@code scheduling.SchedulingPolicy} and {@code QueueOrder}, {@code failure.FailureModel},
 * {@code topology.Curve}, {@code workload.TraceReader}, {@code TraceOpener} and {@code Job}, and
 * {@code registry.Registry.Param} and {@code Args}. {@link Plugins} loads a run's jars into one class
 * loader and gives the registry the run uses: the built-in one plus the plugins' entries, each
 * guarded so that a plugin's failure names the plugin.
 *
 * <p>Depends on {@code registry} and the policy packages it names (allocation, scheduling, failure,
 * topology, thermal, storage, workload); never on {@code config}, {@code sim} or {@code cli}, which
 * depend on it.
 */
package org.hpcsim.plugin;
