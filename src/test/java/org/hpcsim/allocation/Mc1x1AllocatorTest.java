package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.hpcsim.registry.Registry;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class Mc1x1AllocatorTest {

    @Test
    void theFirstCenterReachingTheLeastSumOfShellNumbersWins() {
        // 4x4 with 4, 5, 6 busy, k = 4: no center does better than three nodes from shell 1 (cost 3).
        // Center 0 costs 1 + 2 + 2 (shell 1 holds only 1), center 1 costs 1 + 1 + 2; center 2 is the
        // first to cost 3, its shell 1 holding exactly 1, 3 and 7 free.
        MachineState m = machine("mesh:4x4", 4, 5, 6);
        assertArrayEquals(new int[] {1, 2, 3, 7}, new Mc1x1Allocator(m).allocate(null, 4));
    }

    @Test
    void theLastShellGivesItsNodesNearestTheCenterInL1() {
        // 3x3, free 2, 4, 6, 7, k = 3. Centers 4, 6 and 7 each cost 2; center 4 wins on id. Its
        // shell 1 holds 2, 6 and 7: 7 is one hop away, 2 and 6 two, so 7 and then 2 (lower id).
        MachineState m = machine("mesh:3x3", 0, 1, 3, 5, 8);
        assertArrayEquals(new int[] {2, 4, 7}, new Mc1x1Allocator(m).allocate(null, 3));
    }

    @Test
    void scanTakesTheLastShellsLowestIdsInstead() {
        // As above, center 4 wins (the cost is the same); with last-shell=scan its shell 1 gives 2
        // and 6, the lowest ids, instead of the nearer 7: 8 pairwise hops rather than 6.
        MachineState m = machine("mesh:3x3", 0, 1, 3, 5, 8);
        assertArrayEquals(new int[] {2, 4, 6},
                new Mc1x1Allocator(m, Mc1x1Allocator.LastShell.SCAN).allocate(null, 3));
        assertArrayEquals(new int[] {2, 4, 7},
                new Mc1x1Allocator(m, Mc1x1Allocator.LastShell.NEAREST).allocate(null, 3));
    }

    @Test
    void lastShellIsNearestOrScan() {
        assertEquals(Mc1x1Allocator.LastShell.NEAREST, Mc1x1Allocator.LastShell.parse("nearest"));
        assertEquals(Mc1x1Allocator.LastShell.SCAN, Mc1x1Allocator.LastShell.parse("scan"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Mc1x1Allocator.LastShell.parse("SCAN"));
        assertEquals("last-shell must be nearest or scan, got 'SCAN'", e.getMessage());
    }

    @Test
    void theRegistryTakesLastShellAsMc1x1sParameter() {
        Registry r = StandardPolicies.registry();
        assertArrayEquals(new int[] {2, 4, 6},
                r.allocator("mc1x1[scan]", machine("mesh:3x3", 0, 1, 3, 5, 8), 0).allocate(null, 3));
        assertArrayEquals(new int[] {2, 4, 7},
                r.allocator("mc1x1", machine("mesh:3x3", 0, 1, 3, 5, 8), 0).allocate(null, 3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> r.allocator("mc1x1[far]", machine("mesh:3x3"), 0));
        assertEquals("allocator 'mc1x1[far]': last-shell must be nearest or scan, got 'far'", e.getMessage());
    }

    @Test
    void shellsWrapAroundATorus() {
        // Free: the four corners and (2,2) = node 10. Around corner 0 the wrap-around shell 1 holds
        // 3, 12 and 15 (cost 3). On a mesh center 10 would win with 3, 10, 12, 15 (cost 1 + 2 + 2).
        MachineState m = machine("torus:4x4", 1, 2, 4, 5, 6, 7, 8, 9, 11, 13, 14);
        assertArrayEquals(new int[] {0, 3, 12, 15}, new Mc1x1Allocator(m).allocate(null, 4));
        MachineState mesh = machine("mesh:4x4", 1, 2, 4, 5, 6, 7, 8, 9, 11, 13, 14);
        assertArrayEquals(new int[] {3, 10, 12, 15}, new Mc1x1Allocator(mesh).allocate(null, 4));
    }

    @Test
    void shellsAreLInfinityCubesInThreeDimensions() {
        // Center 0's shell 1 is the 2x2x2 cube 0, 1, 3, 4, 9, 10, 12, 13 minus itself.
        MachineState m = machine("mesh:3x3x3");
        assertArrayEquals(new int[] {0, 1, 3, 4, 9, 10, 12, 13}, new Mc1x1Allocator(m).allocate(null, 8));
    }

    @Test
    void returnsNullWhenTooFewNodesAreFreeAndNeedsAGrid() {
        assertNull(new Mc1x1Allocator(machine("mesh:2x2", 3)).allocate(null, 4));
        assertThrows(IllegalArgumentException.class, () -> new Mc1x1Allocator(new MachineState(Machines.parse("simple:4"))));
    }
}
