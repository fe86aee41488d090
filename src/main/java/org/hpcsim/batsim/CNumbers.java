package org.hpcsim.batsim;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as Batsim's energy, machine-state and pstate files write them: C's {@code %g} (six
 * significant digits, trailing zeros removed, an exponent {@code e+06} below 1e-4 and from 1e6 on),
 * which its {@code snprintf} uses for times, joules and watts.
 */
public final class CNumbers {
    private static final int PRECISION = 6;

    private CNumbers() {
    }

    /** {@code value} as {@code printf("%g", value)} writes it. */
    public static String g(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return (1 / value < 0) ? "-0" : "0";
        }
        // Rounded to six significant digits first: the exponent is the rounded value's (999999.5 is 1e+06).
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(PRECISION, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= PRECISION) {
            BigDecimal mantissa = rounded.movePointLeft(exponent);
            String m = strip(mantissa.setScale(PRECISION - 1, RoundingMode.UNNECESSARY).toPlainString());
            String e = String.valueOf(Math.abs(exponent));
            return m + "e" + (exponent < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
        }
        return strip(rounded.setScale(Math.max(PRECISION - 1 - exponent, 0), RoundingMode.UNNECESSARY).toPlainString());
    }

    /** Trailing zeros of a fraction, and then its point, removed. */
    private static String strip(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }
}
