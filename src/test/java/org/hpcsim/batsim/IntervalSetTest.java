package org.hpcsim.batsim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IntervalSetTest {

    @Test
    void formatsTheCanonicalFormOfBatsimsDocumentation() {
        // docs/interval-set.rst: {1, 2, 3, 5, 7} is "1-3 5 7"; [37,42] is "37-42".
        assertEquals("1-3 5 7", IntervalSet.format(new int[] {7, 1, 3, 2, 5}));
        assertEquals("37-42", IntervalSet.format(new int[] {37, 38, 39, 40, 41, 42}));
        assertEquals("0-3 8", IntervalSet.format(new int[] {0, 1, 2, 3, 8}));
        assertEquals("4", IntervalSet.format(new int[] {4, 4}));
        assertEquals("", IntervalSet.format(new int[0]));
    }

    @Test
    void parsesEveryRepresentationTheDocumentationAllows() {
        int[] expected = {1, 2, 3, 5, 7};
        for (String s : new String[] {"1-3 5 7", "1-2 3 5 7", "1 2 3 5 7", "1-2 1-3 5 7", "5 2-2 7 1-3"}) {
            assertArrayEquals(expected, IntervalSet.parse(s), s);
        }
        assertEquals(0, IntervalSet.parse("").length);
    }

    @Test
    void rejectsMalformedIntervalsNamingThem() {
        for (String s : new String[] {"3-1", "a", "1--2", "-1", "1-"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IntervalSet.parse(s), s);
            assertTrue(e.getMessage().contains("bad interval"), e.getMessage());
        }
    }
}
