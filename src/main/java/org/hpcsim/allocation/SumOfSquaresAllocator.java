package org.hpcsim.allocation;

import org.hpcsim.topology.Curve;

/**
 * Leung et al.'s Sum-of-Squares, after the bin-packing algorithm of that name: with N(s) the
 * number of free intervals of s nodes, the job takes the start of the interval that holds it and
 * minimizes the sum over s of N(s)^2 afterwards, the lowest-rank one on a tie; when none holds it,
 * the least-span window of free ranks (see {@link IntervalAllocator}). Penalizing many holes of one
 * size keeps a variety of interval sizes free.
 *
 * <p>Placing the job in an interval of length L only moves one interval from size L to size L - k
 * (or removes it when L = k), so each candidate's change of the sum is worked out in O(1) from a
 * histogram of the interval sizes, and a call stays O(N/64 + F + k log k).
 */
public final class SumOfSquaresAllocator extends IntervalAllocator {
    /** Intervals per size, filled and cleared again within each call. */
    private final int[] intervalsOfSize;

    public SumOfSquaresAllocator(MachineState machine, Curve curve) {
        super(machine, curve);
        this.intervalsOfSize = new int[machine.size() + 1];
    }

    @Override
    int choose(int[] starts, int[] lengths, int count, int k) {
        for (int i = 0; i < count; i++) {
            intervalsOfSize[lengths[i]]++;
        }
        int best = -1;
        long bestChange = Long.MAX_VALUE;
        for (int i = 0; i < count; i++) {
            int length = lengths[i];
            if (length < k) {
                continue;
            }
            // N(L)^2 -> (N(L) - 1)^2, and N(L - k)^2 -> (N(L - k) + 1)^2 when a tail remains.
            long change = 1 - 2L * intervalsOfSize[length];
            if (length > k) {
                change += 2L * intervalsOfSize[length - k] + 1;
            }
            if (change < bestChange) {
                bestChange = change;
                best = i;
            }
        }
        for (int i = 0; i < count; i++) {
            intervalsOfSize[lengths[i]] = 0;
        }
        return best;
    }
}
