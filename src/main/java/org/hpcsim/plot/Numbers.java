package org.hpcsim.plot;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Numbers written for people in titles and legends. */
final class Numbers {
    private Numbers() {
    }

    /** {@code v} rounded to at most {@code decimals} decimals, trailing zeros dropped: 12.5, 100, 0.333. */
    static String format(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        BigDecimal d = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }

    /** A count with thousands separators: 100,000. */
    static String count(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }
}
