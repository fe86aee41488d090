package org.hpcsim.malleable;

/**
 * Malleable jobs (Bampis et al.; keys {@code malleable.*}): a job asking for Q_j nodes runs on q_j <= Q_j nodes.
 *
 * @param enabled     whether jobs are malleable
 * @param speedup     f, as a spec ({@code proportional}, {@code amdahl[S]}, {@code table[...]})
 * @param minFraction the fewest nodes a job starts on, as a fraction of Q_j
 */
public record MalleableOptions(boolean enabled, String speedup, double minFraction) {
    /** The fewest nodes a job asking for {@code nodes} may start on (at least 1). */
    public int minNodes(int nodes) {
        return enabled ? Math.max(1, (int) Math.ceil(minFraction * nodes - 1e-9)) : nodes;
    }
}
