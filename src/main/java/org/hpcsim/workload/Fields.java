package org.hpcsim.workload;

import java.math.BigDecimal;

/**
 * The whitespace-separated fields of one trace line, located without copying: numbers are parsed
 * straight from the line, and text is only materialised for messages and options.
 */
final class Fields {
    private String line;
    private int[] start = new int[32];
    private int[] end = new int[32];
    private int count;

    /** Splits the line on blanks and tabs; returns the number of fields. */
    int split(String text) {
        line = text;
        count = 0;
        int len = text.length();
        int i = 0;
        while (true) {
            while (i < len && isBlank(text.charAt(i))) {
                i++;
            }
            if (i >= len) {
                return count;
            }
            int s = i;
            while (i < len && !isBlank(text.charAt(i))) {
                i++;
            }
            if (count == start.length) {
                start = java.util.Arrays.copyOf(start, count * 2);
                end = java.util.Arrays.copyOf(end, count * 2);
            }
            start[count] = s;
            end[count] = i;
            count++;
        }
    }

    /** The first non-blank character of a line, or 0 if it is blank. */
    static char firstNonBlank(String text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (!isBlank(c)) {
                return c;
            }
        }
        return 0;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B;
    }

    int count() {
        return count;
    }

    String text(int i) {
        return line.substring(start[i], end[i]);
    }

    /** What a reader says of a time field {@link #seconds} refused. */
    static String timeProblem(RuntimeException e) {
        return e instanceof ArithmeticException ? "a time of at most 1e12 s (about 31,700 years)" : "a number of seconds";
    }

    /** Largest trace time accepted, 10^12 s (about 31,700 years): sums of times cannot overflow. */
    static final long MAX_SECONDS = 1_000_000_000_000L;

    /**
     * Field i as exact microseconds of a decimal number of seconds.
     *
     * @throws NumberFormatException not a number ("1e999" included)
     * @throws ArithmeticException   a magnitude above {@link #MAX_SECONDS}
     */
    long seconds(int i) {
        long micros;
        try {
            micros = org.hpcsim.time.SimTime.parseSeconds(line, start[i], end[i]);
        } catch (NumberFormatException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // an exponent that overflows to infinity
            throw new NumberFormatException(e.getMessage());
        }
        if (Math.abs(micros) > MAX_SECONDS * 1_000_000L) {
            throw new ArithmeticException("out of range");
        }
        return micros;
    }

    /**
     * Field i as an integer ("-1", "128"; "128.0" and "1e3" are accepted as 128 and 1000). Read exactly:
     * a value beyond a long, or with a fraction, is refused, never rounded.
     *
     * @throws NumberFormatException not an integer that a long holds
     */
    long integer(int i) {
        int s = start[i];
        int e = end[i];
        boolean negative = line.charAt(s) == '-';
        int k = negative || line.charAt(s) == '+' ? s + 1 : s;
        int digits = e - k;
        long v = 0;
        for (; k < e; k++) {
            char c = line.charAt(k);
            if (c < '0' || c > '9') {
                break;
            }
            v = v * 10 + (c - '0');
        }
        if (k == e && digits > 0 && digits <= 18) {
            return negative ? -v : v;
        }
        // Rare: 19 digits or more, or a decimal form. BigDecimal reads it exactly (a double would round it).
        try {
            return new BigDecimal(text(i)).longValueExact();
        } catch (ArithmeticException tooLargeOrFractional) {
            throw new NumberFormatException("not an integer a long holds: " + text(i));
        }
    }

    /** Field i as a finite real number. */
    double real(int i) {
        double d = Double.parseDouble(text(i));
        if (!Double.isFinite(d)) {
            throw new NumberFormatException("not finite: " + text(i));
        }
        return d;
    }

    /** Whether field i is a plain unsigned integer. */
    boolean isDigits(int i) {
        if (start[i] == end[i]) {
            return false;
        }
        for (int k = start[i]; k < end[i]; k++) {
            char c = line.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
