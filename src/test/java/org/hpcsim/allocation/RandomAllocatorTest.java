package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.hpcsim.topology.MeshTopology;
import org.junit.jupiter.api.Test;

class RandomAllocatorTest {

    @Test
    void theSameSeedAndCallsGiveTheSameAllocations() {
        MachineState m1 = new MachineState(new MeshTopology(8, 8));
        MachineState m2 = new MachineState(new MeshTopology(8, 8));
        RandomAllocator a1 = new RandomAllocator(m1, 42);
        RandomAllocator a2 = new RandomAllocator(m2, 42);
        for (int k : new int[] {5, 1, 17, 3, 30}) {
            int[] first = a1.allocate(null, k);
            assertArrayEquals(first, a2.allocate(null, k));
            m1.occupy(first);
            m2.occupy(first);
        }
        MachineState m3 = new MachineState(new MeshTopology(8, 8));
        int[] fromSeed42 = new RandomAllocator(m3, 42).allocate(null, 10);
        assertFalse(Arrays.equals(fromSeed42, new RandomAllocator(m3, 43).allocate(null, 10)),
                "another seed, another draw");
    }

    @Test
    void drawsOnlyFreeNodesAndAllOfThemWhenTheJobNeedsEveryFreeNode() {
        MachineState m = new MachineState(new MeshTopology(4, 3));
        m.occupy(new int[] {0, 2, 3, 5, 7, 8, 11});
        RandomAllocator a = new RandomAllocator(m, 1);
        assertArrayEquals(new int[] {1, 4, 6, 9, 10}, a.allocate(null, 5));
        assertNull(a.allocate(null, 6));
    }

    @Test
    void everyFreeNodeIsAboutEquallyLikely() {
        MachineState m = new MachineState(new MeshTopology(5, 2));
        m.occupy(new int[] {0, 3, 4, 8, 9});
        RandomAllocator a = new RandomAllocator(m, 2026);
        int[] hits = new int[10];
        for (int draw = 0; draw < 5000; draw++) {
            for (int node : a.allocate(null, 2)) {
                hits[node]++;
            }
        }
        // 10000 picks over 5 free nodes: 2000 each expected, standard deviation about 40.
        for (int node : new int[] {1, 2, 5, 6, 7}) {
            assertTrue(hits[node] > 1850 && hits[node] < 2150, "node " + node + ": " + hits[node]);
        }
        assertTrue(hits[0] + hits[3] + hits[4] + hits[8] + hits[9] == 0);
    }
}
