package org.hpcsim.scheduling;

import java.util.Arrays;

/**
 * The free-node profile used by conservative backfilling: a step function of free nodes over time,
 * from now on. Segment i covers [time[i], time[i+1]); the last one extends forever.
 */
final class Profile {
    private long[] time;
    private int[] free;
    private int size;

    /**
     * Profile of the running jobs: their nodes ({@code released} of them: not the failed or drained
     * ones) come back at their estimated ends (overdue ones: now).
     */
    Profile(long now, int freeNow, Iterable<RunningJob> running, java.util.function.ToIntFunction<RunningJob> released) {
        time = new long[16];
        free = new int[16];
        time[0] = now;
        free[0] = freeNow;
        size = 1;
        for (RunningJob r : running) {
            long t = Math.max(now, r.estimatedEnd());
            int n = released.applyAsInt(r);
            if (time[size - 1] == t) {
                free[size - 1] += n;
            } else {
                append(t, free[size - 1] + n);
            }
        }
    }

    private void append(long t, int f) {
        ensure(size + 1);
        time[size] = t;
        free[size] = f;
        size++;
    }

    private void ensure(int capacity) {
        if (capacity > time.length) {
            int c = Math.max(capacity, time.length * 2);
            time = Arrays.copyOf(time, c);
            free = Arrays.copyOf(free, c);
        }
    }

    /**
     * Earliest start time at which {@code nodes} nodes stay free for {@code duration};
     * {@link org.hpcsim.kernel.SimTime#NEVER} when that many nodes never come free (failed or drained
     * nodes: the job waits for a repair).
     */
    long earliestStart(int nodes, long duration) {
        int i = 0;
        while (i < size) {
            if (free[i] < nodes) {
                i++;
                continue;
            }
            long end = time[i] + duration;
            int j = i + 1;
            while (j < size && time[j] < end && free[j] >= nodes) {
                j++;
            }
            if (j >= size || time[j] >= end) {
                return time[i];
            }
            i = j + 1;
        }
        return org.hpcsim.kernel.SimTime.NEVER;
    }

    /** Takes {@code nodes} nodes over [start, start + duration). */
    void reserve(long start, long duration, int nodes) {
        int from = split(start);
        int to = split(start + duration);
        for (int k = from; k < to; k++) {
            free[k] -= nodes;
        }
    }

    /** Index of the segment starting exactly at t, inserting a breakpoint if needed. */
    private int split(long t) {
        int k = Arrays.binarySearch(time, 0, size, t);
        if (k >= 0) {
            return k;
        }
        int at = -k - 1;
        ensure(size + 1);
        System.arraycopy(time, at, time, at + 1, size - at);
        System.arraycopy(free, at, free, at + 1, size - at);
        time[at] = t;
        free[at] = free[at - 1];
        size++;
        return at;
    }

    /** Free nodes at time t (for tests). */
    int freeAt(long t) {
        int k = Arrays.binarySearch(time, 0, size, t);
        return free[k >= 0 ? k : -k - 2];
    }
}
