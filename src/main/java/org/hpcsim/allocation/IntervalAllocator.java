package org.hpcsim.allocation;

import java.util.Arrays;
import java.util.BitSet;
import org.hpcsim.topology.Curve;
import org.hpcsim.workload.Job;

/**
 * The one-dimensional strategies of Leung et al. (2002, section 2.3) over a processor ordering
 * curve. The free nodes, ranked along the curve, form maximal intervals of consecutive ranks
 * (ranks 0..N-1 in a line, no wraparound). If some interval holds the job, a subclass picks one and
 * the job takes its first {@code k} ranks. Otherwise the job spans several intervals and gets the
 * {@code k} consecutive free ranks of least span, the earliest such window on a tie: the paper's
 * "we choose the allocation that minimizes the span of the job. In a tie we start the job at the
 * smallest rank possible".
 *
 * <p>Span here is the linear span (highest rank - lowest rank + 1). The paper defines a ring span
 * too and calls that one "span", but its intervals and its smallest-rank tie rule are notions of a
 * line, so a window that wraps from the last rank to the first is not considered.
 *
 * <p>The free nodes are kept indexed by rank, so one call costs O(N/64 + F + k log k) for N nodes,
 * F of them free.
 */
abstract sealed class IntervalAllocator implements Allocator, AvailabilityListener
        permits FirstFitAllocator, BestFitAllocator, SumOfSquaresAllocator {
    private final MachineState machine;
    private final int[] nodeAt;
    private final int[] rank;
    private final BitSet freeByRank;
    /** Scratch for one call: the free intervals, then (when none fits) the free ranks. */
    private final int[] starts;
    private final int[] lengths;
    private final int[] freeRanks;

    IntervalAllocator(MachineState machine, Curve curve) {
        this.machine = machine;
        this.nodeAt = curve.order(machine.topology());
        this.rank = Curve.ranks(nodeAt);
        int n = nodeAt.length;
        this.freeByRank = new BitSet(n);
        for (int r = 0; r < n; r++) {
            if (machine.isFree(nodeAt[r])) {
                freeByRank.set(r);
            }
        }
        this.starts = new int[(n + 1) / 2];
        this.lengths = new int[(n + 1) / 2];
        this.freeRanks = new int[n];
        machine.addListener(this);
    }

    /**
     * Picks the interval for a job of {@code k} nodes among the {@code count} maximal free intervals
     * given in rank order ({@code starts[i]}, {@code lengths[i]}), or returns -1 if none is long enough.
     */
    abstract int choose(int[] starts, int[] lengths, int count, int k);

    @Override
    public final int[] allocate(Job job, int nodes) {
        if (nodes > machine.freeCount()) {
            return null;
        }
        if (nodes == 0) {
            return new int[0];
        }
        int count = 0;
        for (int s = freeByRank.nextSetBit(0); s >= 0; count++) {
            int end = freeByRank.nextClearBit(s);
            starts[count] = s;
            lengths[count] = end - s;
            s = freeByRank.nextSetBit(end);
        }
        int[] chosen = new int[nodes];
        int i = choose(starts, lengths, count, nodes);
        if (i >= 0) {
            for (int j = 0; j < nodes; j++) {
                chosen[j] = nodeAt[starts[i] + j];
            }
        } else {
            int first = leastSpanWindow(count, nodes);
            for (int j = 0; j < nodes; j++) {
                chosen[j] = nodeAt[freeRanks[first + j]];
            }
        }
        Arrays.sort(chosen);
        return chosen;
    }

    /** Lists the free ranks and returns the index of the first of the k consecutive ones of least span. */
    private int leastSpanWindow(int count, int k) {
        int f = 0;
        for (int i = 0; i < count; i++) {
            for (int r = starts[i], end = starts[i] + lengths[i]; r < end; r++) {
                freeRanks[f++] = r;
            }
        }
        int best = 0;
        int bestSpan = Integer.MAX_VALUE;
        for (int i = 0; i + k <= f; i++) {
            int span = freeRanks[i + k - 1] - freeRanks[i];
            if (span < bestSpan) {
                bestSpan = span;
                best = i;
            }
        }
        return best;
    }

    @Override
    public final void unavailable(int[] nodes) {
        for (int node : nodes) {
            freeByRank.clear(rank[node]);
        }
    }

    @Override
    public final void available(int[] nodes) {
        for (int node : nodes) {
            freeByRank.set(rank[node]);
        }
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
