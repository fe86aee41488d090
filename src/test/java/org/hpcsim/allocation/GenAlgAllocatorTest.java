package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.hops;
import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class GenAlgAllocatorTest {

    @Test
    void onlyFreeNodesAreCenters() {
        // The machine of MmAllocatorTest's busy-crossing case: the best free center is (2,2) =
        // node 10, whose nearest are 10; 9, 14; then 2 and 8 of the ties 2, 8, 15 (total 22).
        MachineState m = machine("mesh:4x4", 0, 1, 3, 4, 5, 6, 7, 11, 12, 13);
        int[] nodes = new GenAlgAllocator(m).allocate(null, 5);
        assertArrayEquals(new int[] {2, 8, 9, 10, 14}, nodes);
        assertEquals(22, hops(m, nodes));
    }

    @Test
    void theFirstOfEqualCentersWins() {
        // A 5x1 line with the middle busy: 0, 1 and 3, 4 are equally good pairs.
        MachineState m = machine("mesh:5x1", 2);
        assertArrayEquals(new int[] {0, 1}, new GenAlgAllocator(m).allocate(null, 2));
    }

    @Test
    void returnsNullWhenTooFewNodesAreFreeAndNeedsAGrid() {
        assertNull(new GenAlgAllocator(machine("mesh:2x2", 0)).allocate(null, 4));
        assertThrows(IllegalArgumentException.class, () -> new GenAlgAllocator(new MachineState(Machines.parse("simple:4"))));
    }
}
