package org.hpcsim.allocation;

import org.hpcsim.workload.Job;

/**
 * MC1x1 (Bender et al. 2008): MC with a 1x1(x1) shell 0, so shell s around a free center is the
 * nodes at L-infinity distance s (wrap-around on a torus). Free nodes are taken shell by shell until
 * k; the center with the least sum of shell numbers wins, ties to the lowest center id. In the last,
 * partly taken shell the nodes nearest the center in hop distance (L1; then lowest id) are taken,
 * so the allocation stays clustered rather than spread along the shell. A (2 - 2/k)d-approximation
 * on a d-dimensional mesh (the paper's Theorem 3).
 */
public final class Mc1x1Allocator implements Allocator {
    private static final int[] UNIT = {1, 1, 1};

    private final MachineState machine;
    private final ShellSearch shells;

    /** @throws IllegalArgumentException unless the machine is a mesh or torus */
    public Mc1x1Allocator(MachineState machine) {
        this.machine = machine;
        this.shells = new ShellSearch(machine, FreeNodes.grid(machine, "mc1x1"));
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        return nodes == 0 ? new int[0] : shells.allocate(nodes, UNIT);
    }
}
