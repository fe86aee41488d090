package org.hpcsim.allocation;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Random busy sets for allocator property tests. */
final class BusySets {
    private BusySets() {
    }

    /** Each node busy with a probability drawn per set from 0 to 0.9; at least one node stays free. */
    static int[] random(SplittableRandom random, int n) {
        double p = random.nextDouble(0.9);
        int[] busy = new int[n];
        int count = 0;
        int keep = random.nextInt(n);
        for (int node = 0; node < n; node++) {
            if (node != keep && random.nextDouble() < p) {
                busy[count++] = node;
            }
        }
        return Arrays.copyOf(busy, count);
    }
}
