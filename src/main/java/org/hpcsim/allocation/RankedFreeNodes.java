package org.hpcsim.allocation;

import java.util.Arrays;

/**
 * The free nodes of a machine in a fixed order of preference (a curve, a thermal ranking), kept up to
 * date as nodes are taken and freed: the first k free nodes in that order cost O(k) plus skipping
 * the busy ones 4,096 at a time ({@link RankSet}), never a walk over the machine.
 */
final class RankedFreeNodes implements AvailabilityListener {
    private final MachineState machine;
    private final int[] nodeAt;
    private final int[] rank;
    private final RankSet free;

    /**
     * @param order every node of the machine once, the most preferred first
     * @throws IllegalArgumentException when {@code order} is not a permutation of the machine's nodes
     */
    RankedFreeNodes(MachineState machine, int[] order) {
        int n = machine.size();
        if (order.length != n) {
            throw new IllegalArgumentException("an order of " + order.length + " nodes for a machine of " + n);
        }
        this.machine = machine;
        this.nodeAt = order.clone();
        this.rank = new int[n];
        Arrays.fill(rank, -1);
        this.free = new RankSet(n);
        for (int r = 0; r < n; r++) {
            int node = nodeAt[r];
            if (node < 0 || node >= n || rank[node] >= 0) {
                throw new IllegalArgumentException("the order names node " + node + " twice or out of 0.." + (n - 1));
            }
            rank[node] = r;
            if (machine.isFree(node)) {
                free.add(r);
            }
        }
        machine.addListener(this);
    }

    /** The first {@code k} free nodes in the order, ascending by id; null when fewer are free. */
    int[] first(int k) {
        if (k > machine.freeCount()) {
            return null;
        }
        int[] chosen = new int[k];
        int r = -1;
        for (int i = 0; i < k; i++) {
            r = free.next(r + 1);
            chosen[i] = nodeAt[r];
        }
        Arrays.sort(chosen);
        return chosen;
    }

    @Override
    public void unavailable(int[] nodes) {
        for (int node : nodes) {
            free.remove(rank[node]);
        }
    }

    @Override
    public void available(int[] nodes) {
        for (int node : nodes) {
            free.add(rank[node]);
        }
    }
}
