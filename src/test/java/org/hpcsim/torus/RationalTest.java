package org.hpcsim.torus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RationalTest {
    private static Rational r(String decimal) {
        return Rational.parseDecimal(decimal);
    }

    @Test
    void decimalsAreTakenExactlyAndPrintedInTheirShortestForm() {
        assertEquals("5.875", r("5.875").toString());
        assertEquals("10", r("10.000").toString());
        assertEquals("0.1", r("0.1").toString());
        assertEquals("10", r("10.000").toBigDecimal().toString(), "no exponent form such as 1E+1");
        assertEquals(r("0.3"), r("0.1").add(r("0.2")), "no binary rounding");
    }

    @Test
    void aFractionWithoutAShortDecimalIsRoundedForPrintingButKeptExactly() {
        Rational third = Rational.of(1).divide(Rational.of(3));
        assertEquals("0.3333333333333333", third.toString());
        assertEquals("1/3", third.toFraction());
        assertEquals("19/2", r("9.5").toFraction());
        assertEquals("7", r("7").toFraction());
        assertEquals(Rational.of(1), third.multiply(Rational.of(3)));
        Rational longer = r("1.00000000000000001");
        assertEquals("1", longer.toString(), "16 significant digits");
        assertEquals("100000000000000001/100000000000000000", longer.toFraction());
    }

    @Test
    void signsOrderAndExtremesFollowTheValue() {
        Rational a = r("2.5");
        Rational b = r("2.50001");
        assertEquals(-1, a.compareTo(b));
        assertEquals(a, a.min(b));
        assertEquals(b, a.max(b));
        assertEquals(-1, a.subtract(b).signum());
        assertEquals(a.subtract(b), b.subtract(a).negate());
        assertEquals(0, Rational.ZERO.signum());
    }

    @Test
    void onlyPlainNonNegativeDecimalsParse() {
        for (String bad : new String[] {"", "-1", "1e3", "1/2", ".5", "2.", "NaN", " 1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rational.parseDecimal(bad));
            assertEquals("expected a decimal number such as 2 or 0.5, got '" + bad + "'", e.getMessage());
        }
    }
}
