package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.hops;
import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class MmAllocatorTest {

    @Test
    void firstCenterReachingTheLeastTotalWinsAndNothingIsCommitted() {
        MachineState m = machine("mesh:4x4");
        // Center (0,0) takes 0, 1, 4 and then 2 of the ties 2, 5, 8: total 10. Center (1,0) takes
        // 1, 0, 2, 5: total 9, which no later center beats (a 2x2 square is no L1 ball).
        int[] nodes = new MmAllocator(m).allocate(null, 4);
        assertArrayEquals(new int[] {0, 1, 2, 5}, nodes);
        assertEquals(9, hops(m, nodes));
        assertEquals(16, m.freeCount());
    }

    @Test
    void aBusyCrossingOfFreeNodesLinesCanBeTheBestCenter() {
        // 4x4, free: (2,0); (0,2) (1,2) (2,2); (2,3) (3,3). The crossing (1,3) = node 13 is busy, yet
        // its five nearest free nodes (total 20) beat those of every free node (22 at best).
        MachineState m = machine("mesh:4x4", 0, 1, 3, 4, 5, 6, 7, 11, 12, 13);
        int[] nodes = new MmAllocator(m).allocate(null, 5);
        assertArrayEquals(new int[] {8, 9, 10, 14, 15}, nodes);
        assertEquals(20, hops(m, nodes));
        assertEquals(22, hops(m, new GenAlgAllocator(m).allocate(null, 5)));
    }

    @Test
    void usesWrapAroundDistanceOnATorus() {
        // Free: the four corners, which form a 2x2 square on a torus, and (1,1) = node 5.
        MachineState m = machine("torus:4x4", 1, 2, 4, 6, 7, 8, 9, 10, 11, 13, 14);
        int[] nodes = new MmAllocator(m).allocate(null, 4);
        assertArrayEquals(new int[] {0, 3, 12, 15}, nodes);
        assertEquals(8, hops(m, nodes));
    }

    @Test
    void returnsNullOnlyWhenTooFewNodesAreFree() {
        MachineState m = machine("mesh:3x3x3", 0, 1, 2);
        MmAllocator mm = new MmAllocator(m);
        assertNull(mm.allocate(null, 25));
        assertEquals(24, mm.allocate(null, 24).length);
        assertArrayEquals(new int[0], mm.allocate(null, 0));
    }

    @Test
    void needsAGridMachine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MmAllocator(new MachineState(Machines.parse("simple:8"))));
        assertTrue(e.getMessage().contains("'mm' needs a mesh or torus machine"), e.getMessage());
        assertTrue(e.getMessage().contains("simple:8"), e.getMessage());
    }
}
