package org.hpcsim.study;

import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.locality.LocalityMeter;
import org.hpcsim.registry.PolicySpec;
import org.hpcsim.registry.Registry;
import org.hpcsim.topology.Curve;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.Topology;

/** Runs one {@link AllocationInstance}: builds the machine and allocator, proposes, measures. */
public final class StandAloneAllocation {
    private final Registry registry;

    public StandAloneAllocation(Registry registry) {
        this.registry = registry;
    }

    /**
     * Allocates and measures.
     *
     * @throws IllegalArgumentException saying what is wrong with the instance, or that the
     *                                  allocator could not place it
     */
    public AllocationResult allocate(AllocationInstance in) {
        return allocate(in, 1, new long[1]);
    }

    /**
     * Allocates {@code repeats} times over the same machine state (an allocator commits nothing, so
     * each call sees the same instance) and writes each call's wall time in nanoseconds into
     * {@code nanos}: the allocator's speed, for benchmarks only.
     */
    public AllocationResult allocate(AllocationInstance in, int repeats, long[] nanos) {
        Topology topology = Machines.parse(in.topology());
        int n = topology.size();
        boolean[] taken = new boolean[n];
        for (int b : in.busy()) {
            if (b < 0 || b >= n) {
                throw new IllegalArgumentException("busy node " + b + " is outside " + topology.spec()
                        + " (ids 0.." + (n - 1) + ")");
            }
            if (taken[b]) {
                throw new IllegalArgumentException("busy node " + b + " is listed twice");
            }
            taken[b] = true;
        }
        int free = n - in.busy().length;
        if (in.size() < 1 || in.size() > free) {
            throw new IllegalArgumentException("size must be from 1 to the " + free + " free nodes, got " + in.size());
        }
        String spec = resolve(in.allocator(), in.curve());
        String curve = registry.spanCurve(in.curve() == null ? "auto" : in.curve(), spec);
        MachineState machine = new MachineState(topology);
        if (in.busy().length > 0) {
            machine.occupy(in.busy().clone());
        }
        Allocator allocator = registry.allocator(spec, machine, in.seed());
        int[] nodes = null;
        for (int i = 0; i < repeats; i++) {
            long t0 = System.nanoTime();
            nodes = allocator.allocate(null, in.size());
            nanos[i] = System.nanoTime() - t0;
        }
        if (nodes == null) {
            throw new IllegalArgumentException("allocator " + spec + " cannot place " + in.size()
                    + " nodes on this free set (in a simulation the job would wait)");
        }
        LocalityMeter meter = new LocalityMeter(topology, Curve.ranks(registry.curve(curve).order(topology)));
        return new AllocationResult(spec, curve, topology, nodes, meter.measure(nodes));
    }

    /** The allocator spec with {@code curve} as its curve argument, when it takes one and none is given. */
    private String resolve(String allocator, String curve) {
        PolicySpec s = PolicySpec.parse(allocator);
        if (registry.allocatorCurve(allocator) == null) {
            return s.toString();
        }
        if (curve != null && s.args().isEmpty()) {
            s = new PolicySpec(s.name(), java.util.List.of(curve));
        }
        return s.name() + "[" + String.join(",", registry.allocators().args(s).values()) + "]";
    }
}
