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

    /**
     * {@code count} of {@code total} as a percentage: one decimal, more where rounding would show a share
     * that is not all (or not none) as 100 (or 0): 6 of 18,239 jobs waiting longer is 99.97 %, not 100 %.
     */
    static String percent(long count, long total) {
        double p = 100.0 * count / total;
        String s = format(p, 1);
        for (int decimals = 2; decimals <= 12 && (count < total && new BigDecimal(s).compareTo(BigDecimal.valueOf(100)) >= 0
                || count > 0 && new BigDecimal(s).signum() == 0); decimals++) {
            s = format(p, decimals);
        }
        return s;
    }

    /** A count with thousands separators: 100,000. */
    static String count(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }
}
