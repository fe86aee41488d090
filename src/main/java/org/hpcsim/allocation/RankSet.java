package org.hpcsim.allocation;

/**
 * A set of ranks 0..n-1 as bits, with a summary bit for every non-empty 64-bit word, so that the
 * first member at or after a rank is found by skipping empty words 64 at a time: at worst O(n / 4096)
 * summary words and then one word, where a plain bit set scans n / 64 words. An allocator asks for the
 * first free ranks many times per second on a machine whose first ranks are mostly busy; this keeps
 * that cost from growing with the machine. Add and remove are O(1).
 */
final class RankSet {
    private final int size;
    private final long[] words;
    private final long[] summary;

    /** An empty set of ranks 0..size-1. */
    RankSet(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size must be >= 0, got " + size);
        }
        this.size = size;
        this.words = new long[(size + 63) >>> 6];
        this.summary = new long[(words.length + 63) >>> 6];
    }

    int size() {
        return size;
    }

    boolean contains(int rank) {
        return (words[rank >>> 6] & (1L << rank)) != 0;
    }

    void add(int rank) {
        check(rank);
        int w = rank >>> 6;
        words[w] |= 1L << rank;
        summary[w >>> 6] |= 1L << w;
    }

    void remove(int rank) {
        check(rank);
        int w = rank >>> 6;
        words[w] &= ~(1L << rank);
        if (words[w] == 0) {
            summary[w >>> 6] &= ~(1L << w);
        }
    }

    /** The smallest member >= {@code from}, or -1 when there is none. */
    int next(int from) {
        if (from < 0) {
            throw new IndexOutOfBoundsException("from " + from);
        }
        if (from >= size) {
            return -1;
        }
        int w = from >>> 6;
        long word = words[w] & (-1L << from);
        if (word != 0) {
            return (w << 6) + Long.numberOfTrailingZeros(word);
        }
        w = nextWord(w + 1);
        return w < 0 ? -1 : (w << 6) + Long.numberOfTrailingZeros(words[w]);
    }

    /** The first non-empty word at or after {@code from}, or -1. */
    private int nextWord(int from) {
        if (from >= words.length) {
            return -1;
        }
        int s = from >>> 6;
        long bits = summary[s] & (-1L << from);
        while (bits == 0) {
            if (++s == summary.length) {
                return -1;
            }
            bits = summary[s];
        }
        return (s << 6) + Long.numberOfTrailingZeros(bits);
    }

    private void check(int rank) {
        if (rank < 0 || rank >= size) {
            throw new IndexOutOfBoundsException("rank " + rank + " of " + size);
        }
    }
}
