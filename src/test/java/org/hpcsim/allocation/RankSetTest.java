package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RankSetTest {
    @Test
    void nextFindsWhatAnOrderedSetFindsUnderRandomAddsAndRemoves() {
        SplittableRandom r = new SplittableRandom(11);
        // Sizes around the word (64) and summary (4,096) boundaries, and a large sparse one.
        for (int size : new int[] {0, 1, 63, 64, 65, 4095, 4096, 4097, 9000, 100_000}) {
            RankSet set = new RankSet(size);
            TreeSet<Integer> reference = new TreeSet<>();
            for (int step = 0; step < 20_000 && size > 0; step++) {
                // Runs of adds and of removes, so the set goes from empty to dense and back.
                int rank = r.nextInt(size);
                if ((step / 2000) % 2 == 0) {
                    set.add(rank);
                    reference.add(rank);
                } else {
                    set.remove(rank);
                    reference.remove(rank);
                }
                int from = r.nextInt(size + 1);
                Integer expected = reference.ceiling(from);
                assertEquals(expected == null ? -1 : expected, set.next(from), "size " + size + ", from " + from);
                assertEquals(reference.contains(rank), set.contains(rank));
            }
            // Every member in order, from the start.
            int count = 0;
            for (int i = set.next(0); i >= 0; i = set.next(i + 1)) {
                assertEquals(true, reference.contains(i), "member " + i);
                count++;
            }
            assertEquals(reference.size(), count, "size " + size);
        }
    }

    @Test
    void aLoneMemberFarAwayIsFoundAcrossEmptySummaryWords() {
        RankSet set = new RankSet(1 << 20);
        set.add((1 << 20) - 1);
        assertEquals((1 << 20) - 1, set.next(0));
        set.remove((1 << 20) - 1);
        assertEquals(-1, set.next(0));
        set.add(5000);
        set.add(5001);
        set.remove(5000);
        assertEquals(5001, set.next(0));
        assertEquals(-1, set.next(5002));
    }

    @Test
    void ranksOutsideTheSetAreRefused() {
        RankSet set = new RankSet(10);
        assertThrows(IndexOutOfBoundsException.class, () -> set.add(10));
        assertThrows(IndexOutOfBoundsException.class, () -> set.remove(-1));
        assertEquals(-1, set.next(10));
    }
}
