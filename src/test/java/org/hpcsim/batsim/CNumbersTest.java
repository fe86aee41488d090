package org.hpcsim.batsim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** C's %g, as glibc's printf writes these values. */
class CNumbersTest {
    @Test
    void sixSignificantDigitsWithoutTrailingZeros() {
        assertEquals("0", CNumbers.g(0));
        assertEquals("2", CNumbers.g(2));
        assertEquals("172", CNumbers.g(172.0));
        assertEquals("0.5", CNumbers.g(0.5));
        assertEquals("401.993", CNumbers.g(401.993442622));
        assertEquals("8503.49", CNumbers.g(8503.487698));
        assertEquals("123457", CNumbers.g(123456.7));
        assertEquals("0.0001", CNumbers.g(0.0001));
        assertEquals("-3.5", CNumbers.g(-3.5));
    }

    @Test
    void anExponentFromAMillionAndBelowATenThousandth() {
        assertEquals("1e+06", CNumbers.g(999999.5));
        assertEquals("1.23457e+06", CNumbers.g(1234567));
        assertEquals("1e-05", CNumbers.g(0.00001));
        assertEquals("1.5e-07", CNumbers.g(1.5e-7));
        assertEquals("2.5e+12", CNumbers.g(2.5e12));
    }
}
