package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.hops;
import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class OptimalAllocatorTest {

    @Test
    void provesBenderEtAlFigure2OnAnEmpty12x12Mesh() {
        long[] expected = {1, 4, 8, 16, 25, 38, 54, 72, 96, 124, 152};
        MachineState m = machine("mesh:12x12");
        OptimalAllocator optimal = new OptimalAllocator(m);
        long[] totals = new long[expected.length];
        // Well under a second on a laptop; the limit only catches a search gone exponential.
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int k = 2; k <= 12; k++) {
                totals[k - 2] = hops(m, optimal.allocate(null, k));
            }
        });
        assertArrayEquals(expected, totals);
    }

    @Test
    void findsTheFreeSquareThatMmIncMisses() {
        // 4x4 with 1, 3, 6, 9 busy: MM+Inc stops at 0, 4, 5, 8 (total 9); 10, 11, 14, 15 is a square.
        MachineState m = machine("mesh:4x4", 1, 3, 6, 9);
        int[] nodes = new OptimalAllocator(m).allocate(null, 4);
        assertArrayEquals(new int[] {10, 11, 14, 15}, nodes);
        assertEquals(8, hops(m, nodes));
    }

    @Test
    void findsTheCubeInThreeDimensionsAndUsesWrapAroundOnATorus() {
        MachineState cube = machine("mesh:3x3x3");
        assertArrayEquals(new int[] {0, 1, 3, 4, 9, 10, 12, 13}, new OptimalAllocator(cube).allocate(null, 8));
        // Free: the four corners, a 2x2 square across the wrap, and (2,2) = node 10.
        MachineState torus = machine("torus:4x4", 1, 2, 4, 5, 6, 7, 8, 9, 11, 13, 14);
        assertArrayEquals(new int[] {0, 3, 12, 15}, new OptimalAllocator(torus).allocate(null, 4));
    }

    @Test
    void handlesTrivialSizes() {
        MachineState m = machine("mesh:3x3", 4);
        OptimalAllocator optimal = new OptimalAllocator(m);
        assertEquals(1, optimal.allocate(null, 1).length);
        assertArrayEquals(new int[] {0, 1, 2, 3, 5, 6, 7, 8}, optimal.allocate(null, 8));
        assertNull(optimal.allocate(null, 9));
    }

    @Test
    void refusesTooManyFreeNodesTooLargeJobsAndTooLongSearchesSayingWhichLimit() {
        MachineState m = machine("mesh:12x12");
        AllocationRefusedException e = assertThrows(AllocationRefusedException.class,
                () -> new OptimalAllocator(m, 100, 32, 1000).allocate(null, 3));
        assertTrue(e.getMessage().contains("144 free nodes exceed its limit of 100 (maxFree)"), e.getMessage());
        e = assertThrows(AllocationRefusedException.class, () -> new OptimalAllocator(m, 200, 8, 1000).allocate(null, 9));
        assertTrue(e.getMessage().contains("a job of 9 nodes exceeds its limit of 8 (maxNodes)"), e.getMessage());
        e = assertThrows(AllocationRefusedException.class, () -> new OptimalAllocator(m, 200, 32, 10).allocate(null, 12));
        assertTrue(e.getMessage().contains("took more than its limit of 10 search steps (maxSteps)"), e.getMessage());
    }

    @Test
    void needsPositiveLimitsAndAGrid() {
        MachineState m = machine("mesh:2x2");
        assertThrows(IllegalArgumentException.class, () -> new OptimalAllocator(m, 0, 8, 10));
        assertThrows(IllegalArgumentException.class, () -> new OptimalAllocator(m, OptimalAllocator.MAX_FREE_LIMIT + 1, 8, 10));
        assertThrows(IllegalArgumentException.class, () -> new OptimalAllocator(m, 8, 8, 0));
        assertThrows(IllegalArgumentException.class, () -> new OptimalAllocator(new MachineState(Machines.parse("simple:4"))));
    }
}
