package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.registry.Registry;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.Topology;
import org.junit.jupiter.api.Test;

class AllocatorPropertiesTest {
    private static final List<String> SPECS = List.of("sorted-free-list", "first-fit", "best-fit[row-major]",
            "sum-of-squares", "random", "contiguous", "mbs");

    @Test
    void everyAllocatorProposesExactlyKDistinctFreeNodesInIdOrderOrNullOnlyWhereAllowed() {
        Registry registry = StandardPolicies.registry();
        SplittableRandom random = new SplittableRandom(2026);
        for (String machineSpec : List.of("mesh:6x5", "mesh:4x3x3", "torus:5x4")) {
            Topology t = Machines.parse(machineSpec);
            for (int trial = 0; trial < 300; trial++) {
                int[] busy = BusySets.random(random, t.size());
                for (String spec : SPECS) {
                    MachineState m = new MachineState(t);
                    // Half the allocators see the busy set through the listener, half find it at creation.
                    boolean listen = trial % 2 == 0;
                    if (!listen) {
                        m.occupy(busy);
                    }
                    Allocator a = registry.allocator(spec, m, trial);
                    if (listen) {
                        m.occupy(busy);
                    }
                    int free = m.freeCount();
                    int k = 1 + random.nextInt(free + 1);
                    int[] nodes = a.allocate(null, k);
                    String where = spec + " on " + machineSpec + ", trial " + trial + ", k=" + k + " of " + free;
                    assertEquals(free, m.freeCount(), "proposing commits nothing: " + where);
                    if (k > free) {
                        assertNull(nodes, where);
                        continue;
                    }
                    if (!spec.equals("contiguous")) {
                        assertNotNull(nodes, where);
                    }
                    if (nodes != null) {
                        assertEquals(k, nodes.length, where);
                        for (int i = 0; i < k; i++) {
                            assertTrue(m.isFree(nodes[i]), where + ": node " + nodes[i] + " is busy");
                            assertTrue(i == 0 || nodes[i - 1] < nodes[i], where + ": not strictly ascending");
                        }
                    }
                }
            }
        }
    }
}
