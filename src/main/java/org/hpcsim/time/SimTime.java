package org.hpcsim.time;

/**
 * Simulated time is a {@code long} count of microseconds.
 *
 * <p>Rounding rule (the only one in the project): a value with more precision than one microsecond,
 * or any computed duration, is rounded to the nearest microsecond, halves away from zero
 * ({@link Math#round(double)} for non-negative values, exact decimal rounding for parsed text).
 */
public final class SimTime {
    public static final long MICROS_PER_SECOND = 1_000_000L;
    /** Marks "no time" (for example an unknown submit time, or no pending message). */
    public static final long NEVER = Long.MAX_VALUE;

    private SimTime() {
    }

    public static long seconds(long s) {
        return Math.multiplyExact(s, MICROS_PER_SECOND);
    }

    /** Rounds a duration in seconds to microseconds (halves away from zero). */
    public static long fromSeconds(double seconds) {
        if (!Double.isFinite(seconds)) {
            throw new IllegalArgumentException("not a finite number of seconds: " + seconds);
        }
        double micros = seconds * MICROS_PER_SECOND;
        return micros >= 0 ? Math.round(micros) : -Math.round(-micros);
    }

    /**
     * Parses a decimal number of seconds ("12", "-1", "3.25", "1e3") exactly into microseconds.
     * Plain decimals are converted digit by digit, so SWF seconds convert exactly.
     *
     * @throws NumberFormatException when the text is not a number
     */
    public static long parseSeconds(String text) {
        return parseSeconds(text, 0, text.length());
    }

    /** Parses {@code text[from, to)} like {@link #parseSeconds(String)}. */
    public static long parseSeconds(CharSequence text, int from, int to) {
        int n = to;
        if (from >= to) {
            throw new NumberFormatException("empty number");
        }
        int i = from;
        boolean negative = false;
        char c0 = text.charAt(from);
        if (c0 == '-' || c0 == '+') {
            negative = c0 == '-';
            i = from + 1;
        }
        long whole = 0;
        long frac = 0;
        int fracDigits = 0;
        boolean roundUp = false;
        boolean sawDigit = false;
        boolean inFraction = false;
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                sawDigit = true;
                int d = c - '0';
                if (!inFraction) {
                    whole = Math.addExact(Math.multiplyExact(whole, 10), d);
                } else if (fracDigits < 6) {
                    frac = frac * 10 + d;
                    fracDigits++;
                } else if (fracDigits == 6) {
                    roundUp = d >= 5;
                    fracDigits++;
                }
            } else if (c == '.' && !inFraction) {
                inFraction = true;
            } else if (c == 'e' || c == 'E') {
                return fromSeconds(Double.parseDouble(text.subSequence(from, to).toString()));
            } else {
                throw new NumberFormatException("not a number: '" + text.subSequence(from, to) + "'");
            }
        }
        if (!sawDigit) {
            throw new NumberFormatException("not a number: '" + text.subSequence(from, to) + "'");
        }
        for (int k = Math.min(fracDigits, 6); k < 6; k++) {
            frac *= 10;
        }
        long micros = Math.addExact(Math.multiplyExact(whole, MICROS_PER_SECOND), frac + (roundUp ? 1 : 0));
        return negative ? -micros : micros;
    }

    /**
     * A duration for people, in the largest unit that divides it exactly: "30 d", "4 h", "90 min",
     * "12.5 s" (the unit letters a duration key takes: d, h, min, s).
     */
    public static String describe(long micros) {
        long[] units = {86_400 * MICROS_PER_SECOND, 3_600 * MICROS_PER_SECOND, 60 * MICROS_PER_SECOND};
        String[] names = {" d", " h", " min"};
        for (int i = 0; i < units.length; i++) {
            if (micros != 0 && micros % units[i] == 0) {
                return micros / units[i] + names[i];
            }
        }
        return format(micros) + " s";
    }

    /** Formats microseconds as an exact decimal number of seconds: "12", "12.5", "0.000001". */
    public static String format(long micros) {
        StringBuilder sb = new StringBuilder(24);
        appendSeconds(sb, micros);
        return sb.toString();
    }

    /**
     * Microseconds as a clock reading for people: days, then hours, minutes and seconds, and the
     * milliseconds (rounded down, so never "60") when there is a fraction: "9229 d 06:54:20.987",
     * "0 d 01:00:00". Never for files, which keep exact seconds ({@link #format}).
     */
    public static String clock(long micros) {
        if (micros == Long.MIN_VALUE) {
            throw new ArithmeticException("time out of range");
        }
        long m = Math.abs(micros);
        long s = m / MICROS_PER_SECOND;
        long frac = m % MICROS_PER_SECOND;
        String text = String.format(java.util.Locale.ROOT, "%s%d d %02d:%02d:%02d", micros < 0 ? "-" : "", s / 86400,
                s % 86400 / 3600, s % 3600 / 60, s % 60);
        return frac == 0 ? text : text + String.format(java.util.Locale.ROOT, ".%03d", frac / 1000);
    }

    /** Appends microseconds as an exact decimal number of seconds, without trailing zeros. */
    public static void appendSeconds(StringBuilder sb, long micros) {
        if (micros < 0) {
            sb.append('-');
            if (micros == Long.MIN_VALUE) {
                throw new ArithmeticException("time out of range");
            }
            micros = -micros;
        }
        sb.append(micros / MICROS_PER_SECOND);
        long frac = micros % MICROS_PER_SECOND;
        if (frac != 0) {
            int digits = 6;
            while (frac % 10 == 0) {
                frac /= 10;
                digits--;
            }
            sb.append('.');
            String f = Long.toString(frac);
            for (int k = f.length(); k < digits; k++) {
                sb.append('0');
            }
            sb.append(f);
        }
    }

    /** Seconds as a double, for metrics only (never for simulation decisions). */
    public static double toSeconds(long micros) {
        return micros / (double) MICROS_PER_SECOND;
    }
}
