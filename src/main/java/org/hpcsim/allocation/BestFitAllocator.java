package org.hpcsim.allocation;

import org.hpcsim.topology.Curve;

/**
 * Leung et al.'s Best-Fit: the job takes the start of the free interval along the curve that it
 * leaves with the fewest free nodes, the lowest-rank one on a tie; when none holds it, the
 * least-span window of free ranks (see {@link IntervalAllocator}). Filling the tightest hole keeps
 * the large intervals whole for large jobs.
 */
public final class BestFitAllocator extends IntervalAllocator {

    public BestFitAllocator(MachineState machine, Curve curve) {
        super(machine, curve);
    }

    @Override
    int choose(int[] starts, int[] lengths, int count, int k) {
        int best = -1;
        for (int i = 0; i < count; i++) {
            if (lengths[i] >= k && (best < 0 || lengths[i] < lengths[best])) {
                best = i;
            }
        }
        return best;
    }
}
