package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class McAllocatorTest {

    private static int[] shape(String spec, int k) {
        return McAllocator.shape((GridTopology) Machines.parse(spec), k);
    }

    @Test
    void shapeHasTheSmallestLongestSideThenTheSmallestVolumeLongerAlongX() {
        assertArrayEquals(new int[] {2, 2, 1}, shape("mesh:8x8", 4));
        assertArrayEquals(new int[] {3, 2, 1}, shape("mesh:8x8", 5));
        assertArrayEquals(new int[] {3, 2, 1}, shape("mesh:8x8", 6));
        assertArrayEquals(new int[] {3, 3, 1}, shape("mesh:8x8", 7));
        assertArrayEquals(new int[] {2, 2, 2}, shape("mesh:4x4x4", 8));
        assertArrayEquals(new int[] {3, 2, 2}, shape("mesh:4x4x4", 10));
    }

    @Test
    void shapeFitsTheMachine() {
        assertArrayEquals(new int[] {2, 3, 1}, shape("mesh:2x10", 6));
        assertArrayEquals(new int[] {1, 7, 1}, shape("torus:1x9", 7));
        assertArrayEquals(new int[] {4, 4, 1}, shape("mesh:4x4", 16));
    }

    @Test
    void aCenterWhoseBoxHoldsTheJobCostsNothing() {
        // k = 6 asks for 3x2: around node 1 = (1,0) the box spans x 0..2, y 0..1, all free.
        MachineState m = machine("mesh:4x4");
        assertArrayEquals(new int[] {0, 1, 2, 4, 5, 6}, new McAllocator(m).allocate(null, 6));
    }

    @Test
    void anEvenSideExtendsTowardsHigherCoordinates() {
        // k = 4 asks for 2x2: around node 1 the box is x 1..2, y 0..1, free even though 0 is busy.
        MachineState m = machine("mesh:4x4", 0);
        assertArrayEquals(new int[] {1, 2, 5, 6}, new McAllocator(m).allocate(null, 4));
    }

    @Test
    void shellsGrowTheBoxAndTheLastShellGivesNodesNearestTheCenter() {
        // k = 3 asks for 2x2 (3x1 would have a longer side). 3x3 with 4 busy: center 0's box holds
        // 0, 1 and 3 free, so it costs nothing.
        MachineState m = machine("mesh:3x3", 4);
        assertArrayEquals(new int[] {0, 1, 3}, new McAllocator(m).allocate(null, 3));
        // With 1 and 3 busy too no box holds three. Center 0's box holds only 0 (cost 2). Center 2's
        // box, clipped to x 2..2, holds 2 and 5; its shell 1 adds the free 7 and 8, of which 8 is
        // nearer (2 hops against 3): cost 1, which no later center beats.
        MachineState busier = machine("mesh:3x3", 1, 3, 4);
        assertArrayEquals(new int[] {2, 5, 8}, new McAllocator(busier).allocate(null, 3));
    }

    @Test
    void returnsNullWhenTooFewNodesAreFreeAndNeedsAGrid() {
        assertNull(new McAllocator(machine("mesh:2x2", 3)).allocate(null, 4));
        assertThrows(IllegalArgumentException.class, () -> new McAllocator(new MachineState(Machines.parse("simple:4"))));
    }
}
