package org.hpcsim.allocation;

import org.hpcsim.topology.Machines;

/** Stand-alone allocation instances for allocator tests: a machine spec and its busy nodes. */
final class TestMachines {
    private TestMachines() {
    }

    /** The machine of {@code spec} with the given nodes busy. */
    static MachineState machine(String spec, int... busy) {
        MachineState m = new MachineState(Machines.parse(spec));
        m.occupy(busy);
        return m;
    }

    /** Total pairwise hops of a node set on the machine. */
    static long hops(MachineState m, int[] nodes) {
        return m.topology().sumPairwiseHops(nodes);
    }
}
