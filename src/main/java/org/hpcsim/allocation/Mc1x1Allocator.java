package org.hpcsim.allocation;

import java.util.Locale;
import org.hpcsim.workload.Job;

/**
 * MC1x1 (Bender et al. 2008): MC with a 1x1(x1) shell 0, so shell s around a free center is the
 * nodes at L-infinity distance s (wrap-around on a torus). Free nodes are taken shell by shell until
 * k; the center with the least sum of shell numbers wins, ties to the lowest center id. A
 * (2 - 2/k)d-approximation on a d-dimensional mesh (the paper's Theorem 3).
 *
 * <p>The cost does not tell the free nodes of the last, partly taken shell apart, and the paper does
 * not say which it takes. {@link LastShell#NEAREST} (the default) takes those nearest the center in
 * hop distance (L1; then lowest id), so the allocation stays clustered rather than spread along the
 * shell; {@link LastShell#SCAN} takes the lowest ids, the shell in machine order, nothing preferred.
 */
public final class Mc1x1Allocator implements Allocator {
    private static final int[] UNIT = {1, 1, 1};

    /** Which free nodes of the last, partly taken shell an allocation gets. */
    public enum LastShell {
        /** Nearest the center in hops, then lowest id. */
        NEAREST,
        /** Lowest ids (machine order). */
        SCAN;

        /** {@code nearest} or {@code scan}. */
        public static LastShell parse(String text) {
            for (LastShell v : values()) {
                if (v.name().toLowerCase(Locale.ROOT).equals(text)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("last-shell must be nearest or scan, got '" + text + "'");
        }
    }

    private final MachineState machine;
    private final ShellSearch shells;

    /**
     * The default, {@link LastShell#NEAREST}.
     *
     * @throws IllegalArgumentException unless the machine is a mesh or torus
     */
    public Mc1x1Allocator(MachineState machine) {
        this(machine, LastShell.NEAREST);
    }

    /** @throws IllegalArgumentException unless the machine is a mesh or torus */
    public Mc1x1Allocator(MachineState machine, LastShell lastShell) {
        this.machine = machine;
        this.shells = new ShellSearch(machine, FreeNodes.grid(machine, "mc1x1"), lastShell == LastShell.NEAREST);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        return nodes == 0 ? new int[0] : shells.allocate(nodes, UNIT);
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
