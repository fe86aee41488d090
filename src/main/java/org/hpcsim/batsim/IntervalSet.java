package org.hpcsim.batsim;

import java.util.Arrays;

/**
 * Batsim's interval sets of resource ids (its {@code docs/interval-set.rst}): closed integer
 * intervals {@code a-b} (or {@code a} when a = b) separated by single spaces. {@link #format} writes
 * the canonical form (disjoint, maximal, ascending); {@link #parse} reads any form Batsim allows,
 * overlapping and unordered intervals included.
 */
public final class IntervalSet {

    private IntervalSet() {
    }

    /** The canonical string of a set of non-negative ids, in any order; duplicates count once. {@code ""} when empty. */
    public static String format(int[] ids) {
        int[] sorted = ids.clone();
        Arrays.sort(sorted);
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < sorted.length) {
            int first = sorted[i];
            int last = first;
            while (i < sorted.length && sorted[i] <= last + 1) {
                last = Math.max(last, sorted[i]);
                i++;
            }
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(first);
            if (last > first) {
                out.append('-').append(last);
            }
        }
        return out.toString();
    }

    /**
     * The ids of an interval set string, ascending, each once.
     *
     * @throws IllegalArgumentException naming the malformed interval
     */
    public static int[] parse(String text) {
        String s = text.strip();
        if (s.isEmpty()) {
            return new int[0];
        }
        java.util.BitSet ids = new java.util.BitSet();
        for (String interval : s.split(" +")) {
            int dash = interval.indexOf('-', 1);
            int a;
            int b;
            try {
                a = Integer.parseInt(dash < 0 ? interval : interval.substring(0, dash));
                b = dash < 0 ? a : Integer.parseInt(interval.substring(dash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad interval '" + interval + "' in interval set '" + text
                        + "' (expected a or a-b, non-negative integers)");
            }
            if (a < 0 || b < a) {
                throw new IllegalArgumentException("bad interval '" + interval + "' in interval set '" + text
                        + "' (expected a or a-b with 0 <= a <= b)");
            }
            ids.set(a, b + 1);
        }
        return ids.stream().toArray();
    }
}
