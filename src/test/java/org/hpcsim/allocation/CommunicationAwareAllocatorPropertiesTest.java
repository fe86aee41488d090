package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guarantees of Bender et al. (2008) and Krumke et al., checked against the exact optimum (itself
 * checked by brute force where few nodes are free) on random small instances: random busy sets,
 * random job sizes 2 to 8, a fixed seed per machine.
 */
class CommunicationAwareAllocatorPropertiesTest {
    private static final int INSTANCES = 600;
    private static final int BRUTE_FORCE_FREE = 11;

    private record Instance(String description, int k, long[] totals) {
        @Override
        public String toString() {
            return description + ", totals (mm, mm-inc, genalg, mc1x1, mc, optimal) " + Arrays.toString(totals);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mesh:4x4", "mesh:5x3", "mesh:3x3x3", "torus:4x4"})
    void everyAllocatorPlacesValidSetsWithinItsGuarantee(String spec) {
        GridTopology grid = (GridTopology) Machines.parse(spec);
        Random random = new Random(spec.hashCode());
        int placed = 0;
        for (int i = 0; i < INSTANCES; i++) {
            int[] busy = randomBusySet(grid.size(), random);
            int k = 2 + random.nextInt(7);
            MachineState m = new MachineState(grid);
            m.occupy(busy);
            String where = spec + " busy " + Arrays.toString(busy) + " k " + k;
            long[] totals = totals(m, k, where);
            if (totals == null) {
                continue;
            }
            placed++;
            checkGuarantees(grid, new Instance(where, k, totals));
            if (m.freeCount() <= BRUTE_FORCE_FREE) {
                assertEquals(bruteForce(m, k), totals[OPT], () -> "optimal is the brute-force minimum: " + where);
            }
        }
        assertTrue(placed > INSTANCES / 2, "most instances fit");
    }

    private static final int MM = 0;
    private static final int MM_INC = 1;
    private static final int GENALG = 2;
    private static final int MC1X1 = 3;
    private static final int MC = 4;
    private static final int OPT = 5;

    /** Each allocator's total, in the order of the constants above; null when k nodes are not free. */
    private static long[] totals(MachineState m, int k, String where) {
        @SuppressWarnings("unchecked")
        Supplier<Allocator>[] allocators = new Supplier[] {() -> new MmAllocator(m), () -> new MmIncAllocator(m),
            () -> new GenAlgAllocator(m), () -> new Mc1x1Allocator(m), () -> new McAllocator(m),
            () -> new OptimalAllocator(m)};
        long[] totals = new long[allocators.length];
        int free = m.freeCount();
        for (int a = 0; a < allocators.length; a++) {
            int which = a;
            int[] nodes = allocators[a].get().allocate(null, k);
            assertEquals(free, m.freeCount(), () -> "allocating commits nothing: " + where);
            if (k > free) {
                assertNull(nodes, () -> "allocator " + which + " places nothing when too few nodes are free: " + where);
                continue;
            }
            assertNotNull(nodes, () -> "allocator " + which + " places the job: " + where);
            assertEquals(k, nodes.length, where);
            for (int j = 0; j < k; j++) {
                assertTrue(m.isFree(nodes[j]), () -> "allocator " + which + " proposes free nodes: " + where);
                assertTrue(j == 0 || nodes[j - 1] < nodes[j], () -> "allocator " + which + " ascending and distinct: " + where);
            }
            totals[a] = m.topology().sumPairwiseHops(nodes);
        }
        return k > free ? null : totals;
    }

    private static void checkGuarantees(GridTopology grid, Instance in) {
        long[] t = in.totals();
        long opt = t[OPT];
        for (int a = 0; a < OPT; a++) {
            assertTrue(opt <= t[a], () -> "nothing beats the optimum: " + in);
        }
        assertTrue(t[MM_INC] <= t[MM], () -> "MM+Inc never worse than MM: " + in);
        if (grid.wraps()) {
            return;
        }
        int d = grid.dimensions();
        int k = in.k();
        assertTrue(t[MM] <= t[GENALG], () -> "MM searches a superset of Gen-Alg's centers: " + in);
        assertTrue(2L * d * t[MM] <= (4L * d - 1) * opt, () -> "MM <= (2 - 1/(2d)) OPT: " + in);
        assertTrue(t[GENALG] <= 2 * opt, () -> "Gen-Alg <= 2 OPT: " + in);
        assertTrue((long) k * t[MC1X1] <= (2L * k - 2) * d * opt, () -> "MC1x1 <= (2 - 2/k) d OPT: " + in);
    }

    private static int[] randomBusySet(int size, Random random) {
        double density = 0.6 * random.nextDouble();
        int[] busy = new int[size];
        int n = 0;
        for (int node = 0; node < size; node++) {
            if (random.nextDouble() < density) {
                busy[n++] = node;
            }
        }
        return Arrays.copyOf(busy, n);
    }

    private static long bruteForce(MachineState m, int k) {
        int[] free = new int[m.freeCount()];
        int n = 0;
        for (int node = m.nextFree(0); node >= 0; node = m.nextFree(node + 1)) {
            free[n++] = node;
        }
        return bruteForce(m, free, k, 0, new int[k], 0);
    }

    private static long bruteForce(MachineState m, int[] free, int k, int from, int[] set, int size) {
        if (size == k) {
            return m.topology().sumPairwiseHops(set);
        }
        long best = Long.MAX_VALUE;
        for (int i = from; i <= free.length - (k - size); i++) {
            set[size] = free[i];
            best = Math.min(best, bruteForce(m, free, k, i + 1, set, size + 1));
        }
        return best;
    }
}
