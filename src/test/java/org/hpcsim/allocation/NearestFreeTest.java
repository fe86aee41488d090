package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;
import org.junit.jupiter.api.Test;

class NearestFreeTest {

    private static int[] nearest(MachineState m, int x, int y, int z, int k) {
        NearestFree search = new NearestFree(m, (GridTopology) m.topology());
        int[] out = new int[k];
        search.nearest(x, y, z, k, out);
        Arrays.sort(out);
        return out;
    }

    @Test
    void takesWholeNearerRingsAndBreaksTiesOnTheLastRingByLowestId() {
        MachineState m = machine("mesh:4x4");
        // Around (1,1) = node 5: ring 1 is 1, 4, 6, 9; ring 2 is 0, 2, 7, 8, 10, 13.
        assertArrayEquals(new int[] {0, 1, 2, 4, 5, 6, 9}, nearest(m, 1, 1, 0, 7));
    }

    @Test
    void skipsBusyNodesAndMayStartFromABusyPoint() {
        MachineState m = machine("mesh:4x4", 5, 1, 4);
        assertArrayEquals(new int[] {0, 2, 6, 9}, nearest(m, 1, 1, 0, 4));
    }

    @Test
    void ringsWrapAroundATorus() {
        MachineState m = machine("torus:4x4");
        // From (0,0): ring 1 is 1, 3 (x wraps), 4, 12 (y wraps).
        assertArrayEquals(new int[] {0, 1, 3, 4, 12}, nearest(m, 0, 0, 0, 5));
    }

    @Test
    void walksAThreeDimensionalGrid() {
        MachineState m = machine("mesh:3x3x3", 13);
        // From the busy middle (1,1,1): the six face neighbours are at distance 1.
        assertArrayEquals(new int[] {4, 10, 12, 14, 16, 22}, nearest(m, 1, 1, 1, 6));
    }
}
