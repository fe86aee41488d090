package org.hpcsim.scheduling;

import java.util.Arrays;
import org.hpcsim.kernel.SimTime;

/**
 * The free-node profile of conservative backfilling: a step function of free nodes over time, from
 * now on, kept from pass to pass. Segment i covers [time[i], time[i+1]); the last one extends forever.
 * Segments before now are dropped by {@link #advance}; adjacent segments with the same value are
 * merged as they appear, so the profile has at most two breakpoints per reservation and running job.
 */
final class Profile {
    private long[] time;
    private int[] free;
    /** Live segments are [lo, hi). */
    private int lo;
    private int hi;
    /** Bumped by every change, so {@link #firstAtLeast}'s table knows when it is stale. */
    private long version;
    private long[] firstTime;
    private long firstTimeVersion = -1;

    /**
     * Profile of the running jobs: their nodes ({@code released} of them: not the failed or drained
     * ones) come back at their estimated ends (overdue ones: now).
     */
    Profile(long now, int freeNow, Iterable<RunningJob> running, java.util.function.ToIntFunction<RunningJob> released) {
        time = new long[16];
        free = new int[16];
        time[0] = now;
        free[0] = freeNow;
        hi = 1;
        for (RunningJob r : running) {
            long t = Math.max(now, r.estimatedEnd());
            int n = released.applyAsInt(r);
            if (time[hi - 1] == t) {
                free[hi - 1] += n;
            } else {
                ensureRoomForOne();
                time[hi] = t;
                free[hi] = free[hi - 1] + n;
                hi++;
            }
        }
    }

    /** The profile's start moves to {@code now}: what lay before it is forgotten. */
    void advance(long now) {
        if (now <= time[lo]) {
            return;
        }
        while (lo + 1 < hi && time[lo + 1] <= now) {
            lo++;
        }
        time[lo] = now;
        version++;
    }

    /** The profile's start. */
    long start() {
        return time[lo];
    }

    /**
     * Earliest start time at which {@code nodes} nodes stay free for {@code duration};
     * {@link SimTime#NEVER} when that many nodes never come free (failed or drained nodes: the job
     * waits for a repair).
     */
    long earliestStart(int nodes, long duration) {
        int i = lo;
        while (i < hi) {
            if (free[i] < nodes) {
                i++;
                continue;
            }
            long end = time[i] + duration;
            int j = i + 1;
            while (j < hi && time[j] < end && free[j] >= nodes) {
                j++;
            }
            if (j >= hi || time[j] >= end) {
                return time[i];
            }
            i = j + 1;
        }
        return SimTime.NEVER;
    }

    /**
     * For a job reserved over [at, at + duration): the earliest start at which it fits once its own
     * reservation is given back, which is never later than {@code at}. If earlier, the reservation
     * moves there; if not, the profile is left exactly as it was (so {@link #firstAtLeast}'s table
     * stays valid: compression visits many jobs that cannot move).
     */
    long moveEarlier(long at, long duration, int nodes) {
        int i = split(at);
        int j = split(at + duration);
        for (int k = i; k < j; k++) {
            free[k] += nodes;
        }
        long t = earliestStart(nodes, duration);
        for (int k = i; k < j; k++) {
            free[k] -= nodes;
        }
        if (t < at) {
            release(at, duration, nodes);
            reserve(t, duration, nodes);
        }
        return Math.min(t, at);
    }

    /** Takes {@code nodes} nodes over [start, start + duration). */
    void reserve(long start, long duration, int nodes) {
        add(start, start + duration, -nodes);
    }

    /** Gives back {@code nodes} nodes over [start, start + duration) (the part from now on). */
    void release(long start, long duration, int nodes) {
        add(start, start + duration, nodes);
    }

    /** Adds {@code delta} free nodes over [max(from, start), to); {@code to} may be {@link SimTime#NEVER}. */
    void add(long from, long to, int delta) {
        from = Math.max(from, time[lo]);
        if (to <= from || delta == 0) {
            return;
        }
        int i = split(from);
        int j = to == SimTime.NEVER ? hi : split(to);
        for (int k = i; k < j; k++) {
            free[k] += delta;
        }
        if (j < hi) {
            mergeWithPrevious(j);
        }
        mergeWithPrevious(i);
        version++;
    }

    /**
     * The first time from now at which at least {@code nodes} nodes are free (not necessarily for
     * long), or {@link SimTime#NEVER}. The table behind it is rebuilt only after the profile changed.
     */
    long firstAtLeast(int nodes) {
        if (firstTimeVersion != version) {
            fillFirstTimes();
        }
        return nodes < firstTime.length ? firstTime[Math.max(nodes, 0)] : SimTime.NEVER;
    }

    private void fillFirstTimes() {
        int most = 0;
        for (int k = lo; k < hi; k++) {
            most = Math.max(most, free[k]);
        }
        if (firstTime == null || firstTime.length < most + 1) {
            firstTime = new long[most + 1];
        }
        Arrays.fill(firstTime, SimTime.NEVER);
        int reached = -1;
        for (int k = lo; k < hi && reached < most; k++) {
            while (reached < free[k]) {
                firstTime[++reached] = time[k];
            }
        }
        firstTimeVersion = version;
    }

    /** Free nodes at time t (t not before the profile's start). */
    int freeAt(long t) {
        int k = Arrays.binarySearch(time, lo, hi, t);
        return free[k >= 0 ? k : -k - 2];
    }

    /** Breakpoints in the profile (for tests: merging keeps it small). */
    int segments() {
        return hi - lo;
    }

    /** Index of the segment starting exactly at t (t after the profile's start), inserting a breakpoint if needed. */
    private int split(long t) {
        ensureRoomForOne();
        int k = Arrays.binarySearch(time, lo, hi, t);
        if (k >= 0) {
            return k;
        }
        int at = -k - 1;
        System.arraycopy(time, at, time, at + 1, hi - at);
        System.arraycopy(free, at, free, at + 1, hi - at);
        time[at] = t;
        free[at] = free[at - 1];
        hi++;
        return at;
    }

    /** Removes breakpoint k if its segment has the previous one's value. */
    private void mergeWithPrevious(int k) {
        if (k > lo && k < hi && free[k] == free[k - 1]) {
            System.arraycopy(time, k + 1, time, k, hi - k - 1);
            System.arraycopy(free, k + 1, free, k, hi - k - 1);
            hi--;
        }
    }

    /** Room for one more segment at the end, dropping the forgotten ones first. */
    private void ensureRoomForOne() {
        if (hi < time.length) {
            return;
        }
        int live = hi - lo;
        if (live + 1 <= time.length / 2) {
            System.arraycopy(time, lo, time, 0, live);
            System.arraycopy(free, lo, free, 0, live);
        } else {
            time = Arrays.copyOfRange(time, lo, lo + Math.max(16, time.length * 2));
            free = Arrays.copyOfRange(free, lo, lo + time.length);
        }
        hi = live;
        lo = 0;
    }
}
