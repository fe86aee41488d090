package org.hpcsim.kernel;

import java.util.SplittableRandom;

/**
 * Per-component random streams derived from one master seed: component {@code id} draws from a
 * {@link SplittableRandom} seeded with SplitMix64's finalizer applied to
 * {@code seed + (id + 1) * 0x9E3779B97F4A7C15}. Streams do not depend on threads, partitions or
 * the order in which components run.
 */
public final class RandomStreams {
    private RandomStreams() {
    }

    public static SplittableRandom forComponent(long masterSeed, int componentId) {
        return new SplittableRandom(mix(masterSeed + (componentId + 1L) * 0x9E3779B97F4A7C15L));
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
