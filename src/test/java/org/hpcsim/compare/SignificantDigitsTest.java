package org.hpcsim.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SignificantDigitsTest {

    @Test
    void fourSignificantDigitsHalfToEvenWholeNumbersKeptWholeTrailingZerosDropped() {
        assertEquals("0.7406", SignificantDigits.format("0.7405804881482948"));
        assertEquals("46.68", SignificantDigits.format("46.6806458415816"));
        assertEquals("9138", SignificantDigits.format("9138.1295"));
        assertEquals("818532", SignificantDigits.format("818532.0"));
        assertEquals("88036531", SignificantDigits.format("8.8036530701168E7"));
        assertEquals("1000", SignificantDigits.format("999.96"));
        assertEquals("0.1234", SignificantDigits.format("0.12345"), "half to even");
        assertEquals("0.1236", SignificantDigits.format("0.12355"));
        assertEquals("1.5", SignificantDigits.format("1.50000"));
        assertEquals("-3.142", SignificantDigits.format("-3.14159"));
        assertEquals("0", SignificantDigits.format("0.0"));
        assertEquals("snake", SignificantDigits.format("snake"), "not a number: as it is");
    }
}
