package org.hpcsim.kernel;

/**
 * A 128-bit fingerprint of what a run's future depends on, built by feeding it the state's values in
 * a canonical order (component by component, in id order, then the pending messages in pending
 * order). Two lanes with independent mixing; equal states give equal digests, and unequal ones
 * collide with probability about 2^-128, which time-parallel windows accept as equality (as hashing
 * schemes for state comparison do). Not thread-safe: one per digest.
 */
public final class StateDigest {
    private long a = 0x6A09E667F3BCC908L;
    private long b = 0xBB67AE8584CAA73BL;
    private long count;

    /** Adds one value. */
    public StateDigest add(long v) {
        count++;
        a = mix(a ^ (v * 0x9E3779B97F4A7C15L) ^ count);
        b = mix2(b + v + 0x632BE59BD9B4E019L);
        return this;
    }

    public StateDigest add(int v) {
        return add((long) v);
    }

    public StateDigest add(boolean v) {
        return add(v ? 1L : 0L);
    }

    /** A double by its bits (every NaN the same). */
    public StateDigest add(double v) {
        return add(Double.doubleToLongBits(v));
    }

    /** A string, or null (distinct from every string). */
    public StateDigest add(String s) {
        if (s == null) {
            return add(-1L);
        }
        add((long) s.length());
        for (int i = 0; i < s.length(); i++) {
            add((long) s.charAt(i));
        }
        return this;
    }

    /** An enum constant by its ordinal, or null. */
    public StateDigest add(Enum<?> e) {
        return add(e == null ? -1L : e.ordinal());
    }

    public StateDigest add(int[] v) {
        if (v == null) {
            return add(-1L);
        }
        add((long) v.length);
        for (int x : v) {
            add(x);
        }
        return this;
    }

    public StateDigest add(long[] v) {
        if (v == null) {
            return add(-1L);
        }
        add((long) v.length);
        for (long x : v) {
            add(x);
        }
        return this;
    }

    public StateDigest add(double[] v) {
        if (v == null) {
            return add(-1L);
        }
        add((long) v.length);
        for (double x : v) {
            add(x);
        }
        return this;
    }

    /** A value of a message or of state by its content (see {@link Canonical}). */
    public StateDigest addValue(Object value) {
        Canonical.write(value, this);
        return this;
    }

    /** The digest's first half. */
    public long high() {
        return mix(a ^ count);
    }

    /** The digest's second half. */
    public long low() {
        return mix2(b ^ Long.rotateLeft(count, 17));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    private static long mix2(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
