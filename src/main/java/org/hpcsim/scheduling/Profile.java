package org.hpcsim.scheduling;

import java.util.Arrays;

/**
 * The free-node profile used by conservative backfilling: a step function of free nodes over time,
 * from now on. Segment i covers [time[i], time[i+1]); the last one extends forever.
 *
 * <p>A pass with thousands of reservations makes a profile of thousands of segments, and searches it
 * once per job placed, so the segments are kept in chunks of at most {@value #CHUNK} in time order,
 * each knowing its largest and smallest free count: a search skips every chunk in which no segment
 * can begin (or end) a window of the nodes it looks for, and a reservation over whole chunks changes
 * one number per chunk. Inserting a breakpoint moves at most a chunk's segments.
 */
final class Profile {
    private static final int CHUNK = 64;

    /** A run of consecutive segments; a segment's free count is {@code free[i] + offset}. */
    private static final class Chunk {
        final long[] time = new long[CHUNK];
        final int[] free = new int[CHUNK];
        int size;
        int offset;
        int max;
        int min;

        void refresh() {
            int hi = Integer.MIN_VALUE;
            int lo = Integer.MAX_VALUE;
            for (int i = 0; i < size; i++) {
                hi = Math.max(hi, free[i]);
                lo = Math.min(lo, free[i]);
            }
            max = hi;
            min = lo;
        }
    }

    private Chunk[] chunks = new Chunk[4];
    private int count;
    private final long now;

    /**
     * Profile of the running jobs: their nodes ({@code released} of them: not the failed or drained
     * ones) come back at their estimated ends (overdue ones: now).
     */
    Profile(long now, int freeNow, Iterable<RunningJob> running, java.util.function.ToIntFunction<RunningJob> released) {
        this.now = now;
        Chunk first = new Chunk();
        first.time[0] = now;
        first.free[0] = freeNow;
        first.size = 1;
        chunks[0] = first;
        count = 1;
        long lastTime = now;
        int lastFree = freeNow;
        for (RunningJob r : running) {
            long t = Math.max(now, r.estimatedEnd());
            lastFree += released.applyAsInt(r);
            if (t == lastTime) {
                Chunk c = chunks[count - 1];
                c.free[c.size - 1] = lastFree;
            } else {
                append(t, lastFree);
                lastTime = t;
            }
        }
        for (int c = 0; c < count; c++) {
            chunks[c].refresh();
        }
    }

    private void append(long t, int f) {
        Chunk c = chunks[count - 1];
        if (c.size == CHUNK) {
            c = new Chunk();
            insertChunk(count, c);
        }
        c.time[c.size] = t;
        c.free[c.size] = f;
        c.size++;
    }

    private void insertChunk(int at, Chunk c) {
        if (count == chunks.length) {
            chunks = Arrays.copyOf(chunks, count * 2);
        }
        System.arraycopy(chunks, at, chunks, at + 1, count - at);
        chunks[at] = c;
        count++;
    }

    /** The profile's start. */
    long now() {
        return now;
    }

    /** Nodes free now. */
    int freeNow() {
        return chunks[0].free[0] + chunks[0].offset;
    }

    /**
     * How long from now at least {@code nodes} nodes stay free: 0 if they are not free now,
     * {@link Long#MAX_VALUE} if they stay free for ever.
     */
    long freeFor(int nodes) {
        for (int c = 0; c < count; c++) {
            Chunk k = chunks[c];
            if (k.min + k.offset >= nodes) {
                continue;
            }
            int need = nodes - k.offset;
            for (int i = 0; i < k.size; i++) {
                if (k.free[i] < need) {
                    return k.time[i] - now;
                }
            }
        }
        return Long.MAX_VALUE;
    }

    /**
     * The first time from now at which no node is free, {@link Long#MAX_VALUE} if there is none: no
     * job's window spans it.
     */
    long firstFull() {
        long free = freeFor(1);
        return free == Long.MAX_VALUE ? Long.MAX_VALUE : now + free;
    }

    /** The most nodes free at once before time t (t after now). */
    int maxFreeBefore(long t) {
        int most = 0;
        for (int c = 0; c < count && chunks[c].time[0] < t; c++) {
            Chunk k = chunks[c];
            if (k.time[k.size - 1] < t) {
                most = Math.max(most, k.max + k.offset);
                continue;
            }
            for (int i = 0; i < k.size && k.time[i] < t; i++) {
                most = Math.max(most, k.free[i] + k.offset);
            }
        }
        return most;
    }

    /** Whether {@code nodes} nodes are free now and stay free for {@code duration}. */
    boolean fitsNow(int nodes, long duration) {
        return freeFor(nodes) >= duration;
    }

    /**
     * Earliest start time at which {@code nodes} nodes stay free for {@code duration};
     * {@link org.hpcsim.time.SimTime#NEVER} when that many nodes never come free (failed or drained
     * nodes: the job waits for a repair).
     */
    long earliestStart(int nodes, long duration) {
        return earliestStart(nodes, duration, Long.MAX_VALUE);
    }

    /**
     * As {@link #earliestStart(int, long)}, but {@link org.hpcsim.time.SimTime#NEVER} as well when
     * the earliest window does not end by {@code latestEnd}: the search stops there.
     */
    long earliestStart(int nodes, long duration, long latestEnd) {
        int c = 0;
        int i = 0;
        while (true) {
            // The next segment from (c, i) with enough free nodes: a window's start.
            while (c < count && (chunks[c].max + chunks[c].offset < nodes || i >= chunks[c].size)) {
                c++;
                i = 0;
            }
            if (c == count) {
                return org.hpcsim.time.SimTime.NEVER;
            }
            Chunk k = chunks[c];
            int need = nodes - k.offset;
            while (i < k.size && k.free[i] < need) {
                i++;
            }
            if (i == k.size) {
                continue;
            }
            long start = k.time[i];
            long end = start + duration;
            if (end > latestEnd) {
                return org.hpcsim.time.SimTime.NEVER;
            }
            // The next segment after it with too few, if it begins before the window's end.
            i++;
            while (true) {
                if (i >= k.size) {
                    c++;
                    i = 0;
                    while (c < count && chunks[c].min + chunks[c].offset >= nodes && chunks[c].time[0] < end) {
                        c++;
                    }
                    if (c == count || chunks[c].time[0] >= end) {
                        return start;
                    }
                    k = chunks[c];
                    need = nodes - k.offset;
                }
                if (k.time[i] >= end) {
                    return start;
                }
                if (k.free[i] < need) {
                    break;
                }
                i++;
            }
            i++;
        }
    }

    /** Takes {@code nodes} nodes over [start, start + duration). */
    void reserve(long start, long duration, int nodes) {
        long end = start + duration;
        split(start);
        split(end);
        int c = chunkOf(start);
        Chunk k = chunks[c];
        int i = Arrays.binarySearch(k.time, 0, k.size, start);
        if (i > 0 || k.time[k.size - 1] >= end) {
            // A part of the first chunk, perhaps up to the window's end within it.
            while (i < k.size && k.time[i] < end) {
                k.free[i] -= nodes;
                i++;
            }
            k.refresh();
            if (i < k.size) {
                return;
            }
            c++;
        }
        for (; c < count; c++) {
            k = chunks[c];
            if (k.time[k.size - 1] < end) {
                k.offset -= nodes;
                continue;
            }
            for (i = 0; k.time[i] < end; i++) {
                k.free[i] -= nodes;
            }
            k.refresh();
            return;
        }
    }

    /** The chunk holding time t: the last one starting at or before it. */
    private int chunkOf(long t) {
        int lo = 0;
        int hi = count - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (chunks[mid].time[0] <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Makes a segment start exactly at t (t at or after now). */
    private void split(long t) {
        int c = chunkOf(t);
        Chunk k = chunks[c];
        int at = Arrays.binarySearch(k.time, 0, k.size, t);
        if (at >= 0) {
            return;
        }
        at = -at - 1;
        if (k.size == CHUNK) {
            Chunk upper = new Chunk();
            int half = CHUNK / 2;
            System.arraycopy(k.time, half, upper.time, 0, CHUNK - half);
            System.arraycopy(k.free, half, upper.free, 0, CHUNK - half);
            upper.size = CHUNK - half;
            upper.offset = k.offset;
            k.size = half;
            k.refresh();
            upper.refresh();
            insertChunk(c + 1, upper);
            if (at > half) {
                k = upper;
                at -= half;
            }
        }
        int value = k.free[at - 1];
        System.arraycopy(k.time, at, k.time, at + 1, k.size - at);
        System.arraycopy(k.free, at, k.free, at + 1, k.size - at);
        k.time[at] = t;
        k.free[at] = value;
        k.size++;
    }

    /** Free nodes at time t (for tests). */
    int freeAt(long t) {
        Chunk k = chunks[chunkOf(t)];
        int i = Arrays.binarySearch(k.time, 0, k.size, t);
        return k.free[i >= 0 ? i : -i - 2] + k.offset;
    }
}
