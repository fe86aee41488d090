package org.hpcsim.network;

import java.util.random.RandomGenerator;

/**
 * Meng et al.'s delay factor, their eq. (3): how much a job's communication is slowed by how spread
 * out its nodes are, {@code tau = 0.9875 + 0.0962 * CC + r}, fitted to miniGhost runs on Cielo (a
 * Cray XE6 3D torus). CC is the job's <em>average</em> pairwise hop distance, as the issue defines
 * it and as the x axis of their fit (average hop distance) reads; their eq. (1) divides the summed
 * distance by n, the job's node count, instead of by the number of pairs, which gives a value about
 * (n-1)/2 times larger. r models the scatter of their measurements, a random number scaled by CC:
 * here {@code noise * CC * u}, u uniform in [-1, 1).
 */
public final class DelayFactor {
    private DelayFactor() {
    }

    /**
     * The delay factor for a job with the given average pairwise hop distance.
     *
     * @param noise  scale of the random term; 0 gives the fitted line and draws nothing
     * @param random where u comes from (not used when noise is 0)
     */
    public static double tau(double avgPairwiseHops, double noise, RandomGenerator random) {
        if (!(avgPairwiseHops >= 0) || Double.isInfinite(avgPairwiseHops)) {
            throw new IllegalArgumentException("average pairwise hops must be finite and >= 0: " + avgPairwiseHops);
        }
        if (!(noise >= 0) || Double.isInfinite(noise)) {
            throw new IllegalArgumentException("delay noise must be finite and >= 0: " + noise);
        }
        double tau = 0.9875 + 0.0962 * avgPairwiseHops;
        if (noise > 0) {
            tau += noise * avgPairwiseHops * random.nextDouble(-1.0, 1.0);
        }
        return tau;
    }
}
