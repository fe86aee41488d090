package org.hpcsim.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hpcsim.time.SimTime;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/**
 * The chunked profile against a free count kept for every time unit: thousands of reservations, so
 * that chunks fill, split and are reserved over whole. Its searches (earliest window, with and without
 * a latest end; how long nodes stay free; the first full instant; the most nodes free before a time)
 * are checked after each.
 */
class ProfileTest {
    private static final int HORIZON = 40_000;

    @Test
    void searchesAndReservationsAgreeWithAFreeCountPerTimeUnit() {
        for (long seed = 1; seed <= 6; seed++) {
            Random random = new Random(seed);
            int nodes = 16;
            List<RunningJob> running = new ArrayList<>();
            int[] free = new int[HORIZON];
            int busy = 0;
            long end = 0;
            for (int j = 0; j < 20 && busy < nodes; j++) {
                int n = 1 + random.nextInt(Math.min(4, nodes - busy));
                end += random.nextInt(3) * random.nextInt(50);
                busy += n;
                running.add(new RunningJob(new Job(j, j, j, 0, 0, end, end, n, n, null, null, null),
                        new int[n], 0, end));
                for (long t = 0; t < end; t++) {
                    free[(int) t] -= n;
                }
            }
            for (int t = 0; t < HORIZON; t++) {
                free[t] += nodes;
            }
            Profile profile = new Profile(0, nodes - busy, running, r -> r.nodes().length);
            for (int k = 0; k < 1500; k++) {
                int need = 1 + random.nextInt(random.nextBoolean() ? 3 : nodes);
                long duration = 1 + random.nextInt(random.nextBoolean() ? 5 : 40);
                long start = profile.earliestStart(need, duration);
                assertEquals(earliest(free, need, duration), start, "seed " + seed + ", reservation " + k);
                assertEquals(freeFor(free, need), profile.freeFor(need), "seed " + seed + ", reservation " + k);
                long latestEnd = random.nextInt(HORIZON);
                long byLatest = start != SimTime.NEVER && start + duration <= latestEnd ? start : SimTime.NEVER;
                assertEquals(byLatest, profile.earliestStart(need, duration, latestEnd),
                        "seed " + seed + ", reservation " + k + ", ending by " + latestEnd);
                long full = freeFor(free, 1);
                assertEquals(full, profile.firstFull(), "seed " + seed + ", reservation " + k);
                long before = 1 + random.nextInt(HORIZON - 1);
                assertEquals(maxBefore(free, before), profile.maxFreeBefore(before), "seed " + seed + ", before " + before);
                if (start == SimTime.NEVER || start + duration >= HORIZON) {
                    continue;
                }
                profile.reserve(start, duration, need);
                for (long t = start; t < start + duration; t++) {
                    free[(int) t] -= need;
                }
                int probe = random.nextInt((int) (start + duration) + 1);
                assertEquals(free[probe], profile.freeAt(probe), "seed " + seed + ", time " + probe);
            }
        }
    }

    private static long earliest(int[] free, int need, long duration) {
        for (int t = 0; t + duration <= HORIZON; t++) {
            boolean fits = true;
            for (int u = t; u < t + duration; u++) {
                if (free[u] < need) {
                    fits = false;
                    t = u;
                    break;
                }
            }
            if (fits) {
                return t;
            }
        }
        return SimTime.NEVER;
    }

    private static int maxBefore(int[] free, long t) {
        int most = 0;
        for (int u = 0; u < t; u++) {
            most = Math.max(most, free[u]);
        }
        return most;
    }

    private static long freeFor(int[] free, int need) {
        for (int t = 0; t < HORIZON; t++) {
            if (free[t] < need) {
                return t;
            }
        }
        return Long.MAX_VALUE;
    }
}
