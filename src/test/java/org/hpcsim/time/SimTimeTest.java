package org.hpcsim.time;

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

    @Test
    void aClockReadingHasDaysHoursMinutesSecondsAndMillisecondsRoundedDown() {
        assertEquals("9229 d 10:54:20.987", SimTime.clock(797_424_860_987_057L), "9229 d = 797385600 s; 39260 s more");
        assertEquals("0 d 01:00:00", SimTime.clock(SimTime.seconds(3600)), "no fraction when there is none");
        assertEquals("1 d 00:00:00", SimTime.clock(SimTime.seconds(86400)));
        assertEquals("0 d 00:00:59.999", SimTime.clock(59_999_999L), "rounded down: never 60 s");
        assertEquals("0 d 00:00:00.000", SimTime.clock(1L), "a fraction below a millisecond still shows");
        assertEquals("-0 d 00:00:01", SimTime.clock(-SimTime.seconds(1)));
    }
}
