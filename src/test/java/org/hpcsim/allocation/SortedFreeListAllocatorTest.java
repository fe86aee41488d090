package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.hpcsim.testing.Jobs;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SnakeCurve;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

class SortedFreeListAllocatorTest {
    private static final Job ANY = Jobs.job(0, 0, 1, 1, 1);

    @Test
    void takesTheFirstFreeNodesAlongTheCurveWithoutCommitting() {
        MachineState m = new MachineState(new MeshTopology(4, 2));
        SortedFreeListAllocator a = new SortedFreeListAllocator(m, new SnakeCurve());
        // Snake ranks on 4x2: 0 1 2 3 then 7 6 5 4.
        assertArrayEquals(new int[] {0, 1, 2, 3, 6, 7}, a.allocate(ANY, 6));
        assertEquals(8, m.freeCount(), "proposing commits nothing");
        m.allocate(new int[] {1, 2, 7}, 0);
        assertArrayEquals(new int[] {0, 3, 5, 6}, a.allocate(ANY, 4));
        m.release(new int[] {7});
        assertArrayEquals(new int[] {0, 3, 6, 7}, a.allocate(ANY, 4));
    }

    @Test
    void returnsNullWhenNotEnoughNodesAreFree() {
        MachineState m = new MachineState(new MeshTopology(2, 2));
        SortedFreeListAllocator a = new SortedFreeListAllocator(m, new RowMajorCurve());
        m.allocate(new int[] {0, 3}, 1);
        assertNull(a.allocate(ANY, 3));
        assertArrayEquals(new int[] {1, 2}, a.allocate(ANY, 2));
    }

    @Test
    void machineStateRefusesDoubleAllocationAndDoubleRelease() {
        MachineState m = new MachineState(new MeshTopology(2, 2));
        m.allocate(new int[] {1}, 3);
        assertEquals(3, m.owner(1));
        assertThrows(IllegalStateException.class, () -> m.allocate(new int[] {1}, 4));
        m.release(new int[] {1});
        assertThrows(IllegalStateException.class, () -> m.release(new int[] {1}));
    }
}
