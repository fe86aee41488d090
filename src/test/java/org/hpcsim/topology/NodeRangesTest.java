package org.hpcsim.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NodeRangesTest {
    @Test
    void parsesIdsAndRangesIntoSortedIds() {
        assertArrayEquals(new int[] {0, 1, 2, 3, 7, 9, 10}, NodeRanges.parse("9-10, 0-3,7"));
        assertArrayEquals(new int[] {5}, NodeRanges.parse("5"));
    }

    @Test
    void rejectsDuplicatesBackwardRangesAndJunk() {
        assertThrows(IllegalArgumentException.class, () -> NodeRanges.parse("1,1"));
        assertThrows(IllegalArgumentException.class, () -> NodeRanges.parse("3-1"));
        assertThrows(IllegalArgumentException.class, () -> NodeRanges.parse("a"));
        assertThrows(IllegalArgumentException.class, () -> NodeRanges.parse("1,,2"));
        assertThrows(IllegalArgumentException.class, () -> NodeRanges.parse("-1"));
    }
}
