package org.hpcsim.plot;

/**
 * The unit a time axis is drawn in, chosen from the span it shows so that tick labels stay short: a
 * day-long run reads better in hours than in seconds, a month-long one in days.
 */
enum TimeUnit {
    SECONDS("s", 1),
    MINUTES("min", 60),
    HOURS("h", 3600),
    DAYS("d", 86400);

    private final String symbol;
    private final double seconds;

    TimeUnit(String symbol, double seconds) {
        this.symbol = symbol;
        this.seconds = seconds;
    }

    /** The unit for a span of {@code seconds}: up to 2 min in s, 2 h in min, 7 d in h, beyond in d. */
    static TimeUnit forSpan(double seconds) {
        if (seconds <= 120) {
            return SECONDS;
        }
        if (seconds <= 2 * 3600) {
            return MINUTES;
        }
        return seconds <= 7 * 86400 ? HOURS : DAYS;
    }

    String symbol() {
        return symbol;
    }

    /** Multiplies a time in seconds into this unit. */
    double perSecond() {
        return 1 / seconds;
    }

    /** A time in seconds written in this unit with up to three decimals, e.g. {@code 12.5 h}. */
    String format(double timeSeconds) {
        return Numbers.format(timeSeconds / seconds, 3) + " " + symbol;
    }
}
