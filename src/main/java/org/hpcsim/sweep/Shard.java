package org.hpcsim.sweep;

import org.hpcsim.workload.InputException;

/**
 * A part of a sweep's runs, for spreading one sweep over a batch system's job array: shard {@code index}
 * of {@code count} holds the runs whose combination index is {@code index} modulo {@code count}. The
 * assignment depends on nothing but the two numbers and the sweep file, so every array task computes the
 * same split; taking every {@code count}-th run (rather than a block) spreads the slow values of an axis
 * over the shards, since combinations enumerate with the last axis varying fastest.
 *
 * @param index from 0
 * @param count shards in all, at least 1
 */
public record Shard(int index, int count) {
    /** The whole sweep. */
    public static final Shard ALL = new Shard(0, 1);

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count);
        }
    }

    /** Parses {@code I/N}, with 0 <= I < N. */
    public static Shard parse(String text) {
        String[] parts = text.strip().split("/", -1);
        if (parts.length == 2) {
            try {
                int index = Integer.parseInt(parts[0].strip());
                int count = Integer.parseInt(parts[1].strip());
                if (count >= 1 && index >= 0 && index < count) {
                    return new Shard(index, count);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new InputException("command line", 0, "--shard",
                "expected I/N with 0 <= I < N (as --shard $SLURM_ARRAY_TASK_ID/8), got '" + text + "'");
    }

    /** Whether this is the whole sweep. */
    public boolean whole() {
        return count == 1;
    }

    /** Whether the run with this combination index is in this shard. */
    public boolean holds(int combination) {
        return combination % count == index;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
