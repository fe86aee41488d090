package org.hpcsim.malleable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.malleable.StorageAllocation.Item;
import org.hpcsim.malleable.StorageAllocation.Packing;
import org.junit.jupiter.api.Test;

class StorageAllocationTest {

    /** Random item sets of several shapes: short or long lifetimes, equal or very unequal sizes. */
    private static List<Item> randomItems(SplittableRandom random) {
        int n = 1 + random.nextInt(150);
        int range = 1 + random.nextInt(60);
        int longest = 1 + random.nextInt(range);
        boolean unit = random.nextInt(4) == 0;
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int length = 1 + random.nextInt(longest);
            int from = random.nextInt(range - Math.min(length, range) + 1);
            double size = unit ? 1 : Math.exp(random.nextDouble(-3, 3));
            items.add(new Item(from, from + length, size));
        }
        return items;
    }

    /** No two items that share a point overlap in [offset, offset + size), up to {@code slack}. */
    private static void assertValid(List<Item> items, double[] offsets, double slack) {
        for (int i = 0; i < items.size(); i++) {
            int item = i;
            assertTrue(offsets[i] >= 0, () -> "item " + item + " below 0: " + offsets[item]);
            for (int k = 0; k < i; k++) {
                if (items.get(i).meets(items.get(k))) {
                    boolean apart = offsets[i] + items.get(i).size() <= offsets[k] + slack
                            || offsets[k] + items.get(k).size() <= offsets[i] + slack;
                    int other = k;
                    assertTrue(apart, () -> "items " + other + " and " + item + " overlap: " + items.get(other) + " at "
                            + offsets[other] + ", " + items.get(item) + " at " + offsets[item]);
                }
            }
        }
    }

    @Test
    void randomItemSetsArePackedWithoutOverlapWithinThreeLoads() {
        SplittableRandom random = new SplittableRandom(20200517);
        int sets = 400;
        double[] ratios = new double[sets];
        double[] uncompacted = new double[sets];
        int mostColours = 0;
        for (int s = 0; s < sets; s++) {
            List<Item> items = randomItems(random);
            Packing p = StorageAllocation.pack(items);
            double load = StorageAllocation.load(items);
            double eps = 1e-9 * load;
            assertEquals(load, p.load());
            assertValid(items, p.offsets(), 0);
            assertValid(items, p.uncompacted(), eps);
            assertTrue(p.maxTop() <= load + eps, "set " + s + ": tentative top " + p.maxTop() + " > LOAD " + load);
            assertTrue(p.makespan() >= load - eps, "set " + s + ": makespan below LOAD");
            assertTrue(p.makespan() <= p.uncompactedMakespan() + eps, "set " + s + ": compaction raised the makespan");
            assertTrue(p.uncompactedMakespan() <= 3 * load + eps, "set " + s + ": " + p.uncompactedMakespan()
                    + " > 3 LOAD = " + 3 * load + " before compaction (" + p.colours() + " colours)");
            ratios[s] = p.makespan() / load;
            uncompacted[s] = p.uncompactedMakespan() / load;
            mostColours = Math.max(mostColours, p.colours());
        }
        Arrays.sort(ratios);
        Arrays.sort(uncompacted);
        System.out.printf("StorageAllocation on %d random sets: makespan/LOAD median %.4f, max %.4f (before compaction"
                + " %.4f, %.4f); at most %d colours%n", sets, ratios[sets / 2], ratios[sets - 1], uncompacted[sets / 2],
                uncompacted[sets - 1], mostColours);
    }

    @Test
    void oneItemStartsAtZero() {
        Packing p = StorageAllocation.pack(List.of(new Item(3, 7, 2.5)));
        assertArrayEquals(new double[] {0}, p.offsets());
        assertEquals(2.5, p.makespan());
        assertEquals(2.5, p.load());
    }

    @Test
    void itemsWithDisjointLifetimesAllStartAtZero() {
        List<Item> items = List.of(new Item(0, 2, 1), new Item(2, 5, 7), new Item(5, 6, 3), new Item(8, 9, 0.5));
        Packing p = StorageAllocation.pack(items);
        assertArrayEquals(new double[] {0, 0, 0, 0}, p.offsets());
        assertEquals(7, p.makespan());
        assertEquals(7, p.load());
    }

    @Test
    void itemsSharingOnePointAreStackedToTheirTotal() {
        List<Item> items = List.of(new Item(0, 4, 1), new Item(2, 3, 2), new Item(1, 6, 3), new Item(2, 8, 4));
        Packing p = StorageAllocation.pack(items);
        assertValid(items, p.offsets(), 0);
        assertEquals(10, p.load());
        assertEquals(10, p.makespan());
    }

    @Test
    void loadIsTheMostSizeAliveAtOnePoint() {
        List<Item> items = List.of(new Item(0, 3, 1), new Item(3, 5, 4), new Item(2, 4, 2));
        // Point 2: 1 + 2; point 3: 4 + 2.
        assertEquals(6, StorageAllocation.load(items));
        assertEquals(0, StorageAllocation.load(List.of()));
    }

    @Test
    void noItemsPackToNothing() {
        Packing p = StorageAllocation.pack(List.of());
        assertEquals(0, p.offsets().length);
        assertEquals(0, p.makespan());
    }

    @Test
    void packingIsDeterministic() {
        List<Item> items = randomItems(new SplittableRandom(7));
        assertArrayEquals(StorageAllocation.pack(items).offsets(), StorageAllocation.pack(items).offsets());
    }

    @Test
    void itemsNeedALifetimeAndAPositiveSize() {
        assertThrows(IllegalArgumentException.class, () -> new Item(3, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> new Item(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Item(0, 1, Double.POSITIVE_INFINITY));
        assertFalse(new Item(0, 2, 1).meets(new Item(2, 4, 1)));
    }
}
