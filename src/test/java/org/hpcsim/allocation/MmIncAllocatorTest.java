package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.hops;
import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class MmIncAllocatorTest {

    @Test
    void swapsMmsTShapeIntoASquare() {
        MachineState m = machine("mesh:4x4");
        // MM gives 0, 1, 2, 5 (total 9). Swapping 0 for 6 and 2 for 4 both save 1; the lowest
        // allocated id goes first, giving the square 1, 2, 5, 6 (total 8), a local minimum.
        int[] nodes = new MmIncAllocator(m).allocate(null, 4);
        assertArrayEquals(new int[] {1, 2, 5, 6}, nodes);
        assertEquals(8, hops(m, nodes));
    }

    @Test
    void stopsAtALocalMinimumThatNeedNotBeOptimal() {
        // 4x4 with 1, 3, 6, 9 busy: the only free 2x2 square is 10, 11, 14, 15 (total 8), but no
        // single swap leads from MM's 0, 4, 5, 8 (total 9) towards it.
        MachineState m = machine("mesh:4x4", 1, 3, 6, 9);
        int[] nodes = new MmIncAllocator(m).allocate(null, 4);
        assertArrayEquals(new int[] {0, 4, 5, 8}, nodes);
        assertEquals(9, hops(m, nodes));
    }

    @Test
    void keepsMmsAnswerWhenNothingIsLeftToSwap() {
        MachineState m = machine("mesh:3x3", 4);
        assertArrayEquals(new int[] {0, 1, 2, 3, 5, 6, 7, 8}, new MmIncAllocator(m).allocate(null, 8));
        assertNull(new MmIncAllocator(m).allocate(null, 9));
    }
}
