package org.hpcsim.kernel;

/**
 * How the kernel runs: dispatcher threads, partition managers, Pekko dispatcher throughput, the
 * master seed of the random streams, and a test-only shuffle seed (0 = off) that randomizes the
 * order in which the kernel hands out work, to prove that results do not depend on it.
 */
public record KernelSettings(int threads, int partitions, int throughput, long seed, long shuffleSeed) {
    public KernelSettings {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1: " + threads);
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1: " + partitions);
        }
        if (throughput < 1) {
            throw new IllegalArgumentException("throughput must be >= 1: " + throughput);
        }
    }
}
