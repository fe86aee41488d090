package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.topology.SimpleTopology;
import org.junit.jupiter.api.Test;

class RankedFreeNodesTest {
    /** The first k free nodes by walking the whole order: what the allocators did before. */
    private static int[] naive(MachineState m, int[] order, int k) {
        if (k > m.freeCount()) {
            return null;
        }
        int[] chosen = new int[k];
        int taken = 0;
        for (int i = 0; i < order.length && taken < k; i++) {
            if (m.isFree(order[i])) {
                chosen[taken++] = order[i];
            }
        }
        Arrays.sort(chosen);
        return chosen;
    }

    @Test
    void theFirstFreeNodesInOrderMatchAWalkOverTheOrderAsJobsComeAndGo() {
        SplittableRandom r = new SplittableRandom(5);
        for (int n : new int[] {1, 7, 64, 300, 5000}) {
            MachineState m = new MachineState(new SimpleTopology(n));
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = r.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            RankedFreeNodes free = new RankedFreeNodes(m, order);
            List<int[]> running = new ArrayList<>();
            for (int step = 0; step < 3000; step++) {
                int k = 1 + r.nextInt(Math.max(1, n / 4));
                int[] expected = naive(m, order, k);
                int[] got = free.first(k);
                assertArrayEquals(expected, got, "n " + n + ", step " + step + ", k " + k);
                if (got != null && r.nextInt(3) > 0) {
                    m.allocate(got, step);
                    running.add(got);
                } else if (!running.isEmpty()) {
                    m.release(running.remove(r.nextInt(running.size())));
                }
            }
        }
    }

    @Test
    void nodesBusyBeforehandAreNotFreeAndTooLargeARequestIsNull() {
        MachineState m = new MachineState(new SimpleTopology(6));
        m.allocate(new int[] {4, 5}, 0);
        RankedFreeNodes free = new RankedFreeNodes(m, new int[] {5, 4, 3, 2, 1, 0});
        assertArrayEquals(new int[] {2, 3}, free.first(2));
        assertNull(free.first(5));
    }

    @Test
    void anOrderThatIsNotAPermutationIsRefused() {
        MachineState m = new MachineState(new SimpleTopology(3));
        assertThrows(IllegalArgumentException.class, () -> new RankedFreeNodes(m, new int[] {0, 1}));
        assertThrows(IllegalArgumentException.class, () -> new RankedFreeNodes(m, new int[] {0, 1, 1}));
        assertThrows(IllegalArgumentException.class, () -> new RankedFreeNodes(m, new int[] {0, 1, 3}));
    }
}
