package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SimTimeTest {
    @Test
    void decimalSecondsConvertExactlyToMicroseconds() {
        assertEquals(0, SimTime.parseSeconds("0"));
        assertEquals(-1_000_000, SimTime.parseSeconds("-1"));
        assertEquals(3_250_000, SimTime.parseSeconds("3.25"));
        assertEquals(1, SimTime.parseSeconds("0.000001"));
        assertEquals(123_456_789_012_345L, SimTime.parseSeconds("123456789.012345"));
        assertEquals(1_000_000_000, SimTime.parseSeconds("1e3"));
    }

    @Test
    void moreThanSixDecimalsRoundToTheNearestMicrosecondHalfUp() {
        assertEquals(2, SimTime.parseSeconds("0.0000015"));
        assertEquals(1, SimTime.parseSeconds("0.0000014999"));
    }

    @Test
    void nonNumbersAreRejected() {
        assertThrows(NumberFormatException.class, () -> SimTime.parseSeconds("abc"));
        assertThrows(NumberFormatException.class, () -> SimTime.parseSeconds("1.2.3"));
        assertThrows(NumberFormatException.class, () -> SimTime.parseSeconds("-"));
        assertThrows(NumberFormatException.class, () -> SimTime.parseSeconds(""));
    }

    @Test
    void formattingWritesExactDecimalsWithoutTrailingZeros() {
        assertEquals("1451", SimTime.format(1_451_000_000));
        assertEquals("12.5", SimTime.format(12_500_000));
        assertEquals("0.000001", SimTime.format(1));
        assertEquals("-3.05", SimTime.format(-3_050_000));
        assertEquals("0", SimTime.format(0));
    }

    @Test
    void computedDurationsRoundToTheNearestMicrosecond() {
        assertEquals(1_500_001, SimTime.fromSeconds(1.5000005));
        assertEquals(2, SimTime.fromSeconds(0.0000015));
    }
}
