package org.hpcsim.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as a comparison shows them: four significant digits, enough to tell runs apart by a tenth
 * of a percent, where a summary's full double precision (16 digits) only hides the magnitude. A
 * number of four or more digits before the point is rounded to a whole number instead, so that no
 * digit of its integer part becomes a zero (a makespan of 818532 s stays 818532, not 818500).
 * Rounding is half to even, from the exact decimal; trailing zeros are dropped.
 */
final class SignificantDigits {
    static final int DIGITS = 4;
    private static final MathContext CONTEXT = new MathContext(DIGITS, RoundingMode.HALF_EVEN);

    private SignificantDigits() {
    }

    /** {@code v} rounded as described. */
    static BigDecimal round(BigDecimal v) {
        if (v.signum() == 0) {
            return BigDecimal.ZERO;
        }
        int integerDigits = v.precision() - v.scale();
        BigDecimal r = integerDigits >= DIGITS ? v.setScale(0, RoundingMode.HALF_EVEN) : v.round(CONTEXT);
        r = r.stripTrailingZeros();
        return r.scale() < 0 ? r.setScale(0) : r;
    }

    /** The text of a number rounded as described: {@code 46.6806458415816} as {@code 46.68}. */
    static String format(BigDecimal v) {
        return round(v).toPlainString();
    }

    /**
     * A number's text (as summary.json writes it) rounded as described, or the text unchanged when it
     * is not a number (a name, {@code true}).
     */
    static String format(String text) {
        BigDecimal v = parse(text);
        return v == null ? text : format(v);
    }

    /** The exact value of a number's text, or null when it is not a finite number. */
    static BigDecimal parse(String text) {
        if (text == null) {
            return null;
        }
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
