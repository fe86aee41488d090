package org.hpcsim.allocation;

import org.hpcsim.topology.Curve;

/**
 * Leung et al.'s First-Fit: the job takes the start of the lowest-rank free interval along the curve
 * that holds it, like first-fit bin packing; when none does, the least-span window of free ranks
 * (see {@link IntervalAllocator}). Cheapest of the three interval strategies to reason about: it
 * packs jobs towards rank 0 and leaves the large intervals at the end of the curve.
 */
public final class FirstFitAllocator extends IntervalAllocator {

    public FirstFitAllocator(MachineState machine, Curve curve) {
        super(machine, curve);
    }

    @Override
    int choose(int[] starts, int[] lengths, int count, int k) {
        for (int i = 0; i < count; i++) {
            if (lengths[i] >= k) {
                return i;
            }
        }
        return -1;
    }
}
