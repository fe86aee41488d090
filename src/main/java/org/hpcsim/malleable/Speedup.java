package org.hpcsim.malleable;

import java.util.Arrays;
import java.util.Locale;

/**
 * The speed-up function f of the malleable model: a job of load a on q nodes runs a f(q). Monotonic
 * jobs (Mounié et al.) need f non-increasing and convex, so that run time never grows and work
 * q f(q) never shrinks with q; {@link #table} checks both.
 */
public sealed interface Speedup permits Speedup.Proportional, Speedup.Amdahl, Speedup.Table {

    /** f(q) for q >= 1. */
    double f(int q);

    /** The spec this function is written as, e.g. {@code amdahl[0.1]}. */
    String spec();

    /** Whether f(q) = 1/q (the proportional-malleable model). */
    default boolean isProportional() {
        return this instanceof Proportional;
    }

    /** f(q) = 1/q: the work a is the same on any number of nodes. */
    static Speedup proportional() {
        return new Proportional();
    }

    /** Amdahl's law: f(q) = s + (1 - s)/q with serial fraction s in [0, 1]. */
    static Speedup amdahl(double serial) {
        if (!(serial >= 0 && serial <= 1)) {
            throw new IllegalArgumentException("amdahl's serial fraction must be in [0, 1]: " + serial);
        }
        return new Amdahl(serial);
    }

    /**
     * f given by its values f(1), f(2), ...; beyond the table f stays at its last value. Must be
     * positive, non-increasing and convex (f(q) - f(q+1) non-increasing).
     */
    static Speedup table(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a speed-up table needs at least f(1)");
        }
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("speed-up table: f(" + (i + 1) + ") must be positive: " + values[i]);
            }
            if (i > 0 && values[i] > values[i - 1]) {
                throw new IllegalArgumentException("speed-up table must be non-increasing: f(" + (i + 1) + ") = "
                        + values[i] + " > f(" + i + ") = " + values[i - 1]);
            }
            if (i > 1 && values[i - 1] - values[i] > values[i - 2] - values[i - 1] + 1e-12) {
                throw new IllegalArgumentException("speed-up table must be convex: f(" + (i - 1) + ") - f(" + i
                        + ") < f(" + i + ") - f(" + (i + 1) + ")");
            }
        }
        return new Table(values.clone());
    }

    /**
     * Parses {@code proportional}, {@code amdahl[S]} or {@code table[f1,f2,...]}.
     *
     * @throws IllegalArgumentException saying what was expected
     */
    static Speedup parse(String spec) {
        String s = spec.strip().toLowerCase(Locale.ROOT);
        try {
            if (s.equals("proportional")) {
                return proportional();
            }
            if (s.startsWith("amdahl[") && s.endsWith("]")) {
                return amdahl(Double.parseDouble(s.substring(7, s.length() - 1).strip()));
            }
            if (s.startsWith("table[") && s.endsWith("]")) {
                String[] parts = s.substring(6, s.length() - 1).split(",");
                double[] v = new double[parts.length];
                for (int i = 0; i < parts.length; i++) {
                    v[i] = Double.parseDouble(parts[i].strip());
                }
                return table(v);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad speed-up '" + spec + "': " + e.getMessage());
        }
        throw new IllegalArgumentException("bad speed-up '" + spec
                + "' (expected proportional, amdahl[SERIAL] or table[F1,F2,...])");
    }

    /** f(q) = 1/q. */
    record Proportional() implements Speedup {
        @Override
        public double f(int q) {
            return 1.0 / q;
        }

        @Override
        public String spec() {
            return "proportional";
        }
    }

    /** f(q) = s + (1 - s)/q. */
    record Amdahl(double serial) implements Speedup {
        @Override
        public double f(int q) {
            return serial + (1 - serial) / q;
        }

        @Override
        public String spec() {
            return "amdahl[" + serial + "]";
        }
    }

    /** f from a table, constant past its end. */
    record Table(double[] values) implements Speedup {
        @Override
        public double f(int q) {
            return values[Math.min(q, values.length) - 1];
        }

        @Override
        public String spec() {
            StringBuilder b = new StringBuilder("table[");
            for (int i = 0; i < values.length; i++) {
                b.append(i == 0 ? "" : ",").append(values[i]);
            }
            return b.append(']').toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Table t && Arrays.equals(values, t.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return spec();
        }
    }
}
