package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * The exact least total pairwise hops, by branch and bound: a yardstick for the heuristics on small
 * instances, not a production policy. It refuses ({@link AllocationRefusedException}) instances
 * beyond three limits, constructor parameters: more free nodes than {@code maxFree} (the search
 * keeps a free x free distance table), jobs larger than {@code maxNodes}, and searches that expand
 * more than {@code maxSteps} nodes.
 *
 * <p>The search starts from MM+Inc's answer and only looks for strictly cheaper sets, so among
 * optimal sets it returns MM+Inc's if that is one, else the first found. Each set is enumerated
 * once, from its lowest id (the anchor): the other nodes come from the free nodes of higher id,
 * taken in order of distance to the anchor, as combinations. A partial set S with r nodes still to
 * choose from the remaining candidates C is cut off when
 * {@code w(S) + (sum of the r smallest hops-to-S over C) + B(r)} reaches the best total found, where
 * w is total pairwise hops and B(r) a lower bound on w of any r nodes of the machine, the larger of:
 * <ul>
 * <li>a star bound, r/2 times the least hops from one node to r-1 others, from the number of grid
 * points at each distance;
 * <li>on a mesh, a cut bound: the hops along x are the sum, over the unit cuts between used x
 * values, of L(r - L) with L the nodes on one side. A set using p distinct x, q distinct y and u
 * distinct z values has pqu >= r nodes, at least one and at most qu in each x-plane, so its x part
 * is at least the least such sum over p planes under those counts (a small dynamic program), and
 * likewise for y and z; B(r) is the least total over all (p, q, u).
 * </ul>
 * On a 2D mesh the cut bound equals the optimum for up to 6 nodes and is within about 10% of it up
 * to 12, which is what lets the empty 12x12 mesh's optima for 2 to 12 nodes (Bender et al. Fig. 2)
 * be proven in well under a second.
 */
public final class OptimalAllocator implements Allocator {
    /** Default {@code maxFree}: a 1024 x 1024 distance table is 4 MiB. */
    public static final int DEFAULT_MAX_FREE = 1024;
    /** Default {@code maxNodes}. */
    public static final int DEFAULT_MAX_NODES = 32;
    /** Default {@code maxSteps} (search nodes expanded): a few seconds of search. */
    public static final long DEFAULT_MAX_STEPS = 2_000_000;
    /** Largest {@code maxFree}: the distance table's entries must fit an int index. */
    public static final int MAX_FREE_LIMIT = 46_340;

    private final MachineState machine;
    private final GridTopology grid;
    private final MmIncAllocator incumbent;
    private final int maxFree;
    private final int maxNodes;
    private final long maxSteps;
    /** B(r) for r = 0..length-1, grown on demand. */
    private long[] setBound = {0};

    /** With the default limits. */
    public OptimalAllocator(MachineState machine) {
        this(machine, DEFAULT_MAX_FREE, DEFAULT_MAX_NODES, DEFAULT_MAX_STEPS);
    }

    /**
     * @param maxFree  most free nodes it searches among (1 to {@link #MAX_FREE_LIMIT})
     * @param maxNodes largest job it places
     * @param maxSteps most search nodes it expands per allocation
     * @throws IllegalArgumentException unless the machine is a mesh or torus and the limits positive
     */
    public OptimalAllocator(MachineState machine, int maxFree, int maxNodes, long maxSteps) {
        if (maxFree < 1 || maxFree > MAX_FREE_LIMIT || maxNodes < 1 || maxSteps < 1) {
            throw new IllegalArgumentException("optimal allocator limits must be positive, with at most "
                    + MAX_FREE_LIMIT + " free nodes; got maxFree=" + maxFree + ", maxNodes=" + maxNodes
                    + ", maxSteps=" + maxSteps);
        }
        this.machine = machine;
        this.grid = FreeNodes.grid(machine, "optimal");
        this.incumbent = new MmIncAllocator(machine);
        this.maxFree = maxFree;
        this.maxNodes = maxNodes;
        this.maxSteps = maxSteps;
    }

    /**
     * @throws AllocationRefusedException when the instance is beyond a limit, saying which
     */
    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        int free = machine.freeCount();
        if (nodes < 2 || nodes == free) {
            return incumbent.allocate(job, nodes);
        }
        if (free > maxFree) {
            throw new AllocationRefusedException("optimal allocation refused: " + free + " free nodes exceed its limit"
                    + " of " + maxFree + " (maxFree)");
        }
        if (nodes > maxNodes) {
            throw new AllocationRefusedException("optimal allocation refused: a job of " + nodes + " nodes exceeds its"
                    + " limit of " + maxNodes + " (maxNodes)");
        }
        int[] start = incumbent.allocate(job, nodes);
        if (setBound.length <= nodes) {
            setBound = setBounds(grid, nodes);
        }
        return new Search(new FreeNodes(machine, grid), nodes, setBound, maxSteps, start,
                grid.sumPairwiseHops(start)).run();
    }

    /** B(r) for r = 0..k: the larger of the star and (on a mesh) the cut bound. */
    private static long[] setBounds(GridTopology grid, int k) {
        long[] bound = starBounds(grid, k);
        if (!grid.wraps()) {
            for (int r = 2; r <= k; r++) {
                bound[r] = Math.max(bound[r], cutBound(grid, r));
            }
        }
        return bound;
    }

    /**
     * ceil(r h(r-1) / 2), h(m) the least total hops from a node to m others, counting per distance
     * at most as many grid points as an unbounded axis (mesh) or the actual ring (torus) holds.
     */
    private static long[] starBounds(GridTopology grid, int k) {
        int[][] axis = new int[3][];
        for (int d = 0; d < 3; d++) {
            int e = grid.extent(d);
            int reach = grid.wraps() ? e / 2 : e - 1;
            axis[d] = new int[reach + 1];
            axis[d][0] = 1;
            for (int t = 1; t <= reach; t++) {
                axis[d][t] = grid.wraps() && 2 * t == e ? 1 : 2;
            }
        }
        long[] nearest = new long[k];
        int have = 0;
        for (int t = 1; have < k - 1; t++) {
            long points = 0;
            for (int a = 0; a < axis[0].length && a <= t; a++) {
                for (int b = 0; b < axis[1].length && a + b <= t; b++) {
                    int c = t - a - b;
                    if (c < axis[2].length) {
                        points += (long) axis[0][a] * axis[1][b] * axis[2][c];
                    }
                }
            }
            for (long i = 0; i < points && have < k - 1; i++) {
                have++;
                nearest[have] = nearest[have - 1] + t;
            }
        }
        long[] bound = new long[k + 1];
        for (int r = 2; r <= k; r++) {
            bound[r] = (r * nearest[r - 1] + 1) / 2;
        }
        return bound;
    }

    /** The cut bound for r >= 2 nodes of a mesh (see the class comment). */
    private static long cutBound(GridTopology grid, int r) {
        long[][] planes = new long[r + 1][];
        for (int cap = 1; cap <= r; cap++) {
            planes[cap] = planeSums(r, cap);
        }
        long best = Long.MAX_VALUE;
        for (int p = 1; p <= Math.min(r, grid.extent(0)); p++) {
            for (int q = 1; q <= Math.min(r, grid.extent(1)); q++) {
                for (int u = 1; u <= Math.min(r, grid.extent(2)); u++) {
                    if ((long) p * q * u >= r) {
                        long total = planes[Math.min(q * u, r)][p] + planes[Math.min(p * u, r)][q]
                                + planes[Math.min(p * q, r)][u];
                        best = Math.min(best, total);
                    }
                }
            }
        }
        return best;
    }

    /**
     * For p = 1..r, the least sum over the p - 1 cuts between p consecutive planes of L(r - L), L
     * the nodes before the cut, over plane counts of 1 to cap nodes summing to r; Long.MAX_VALUE / 4
     * where none. A sliding-window minimum makes it O(r^2).
     */
    private static long[] planeSums(int r, int cap) {
        long inf = Long.MAX_VALUE / 4;
        long[] result = new long[r + 1];
        long[] cost = new long[r + 1];
        long[] next = new long[r + 1];
        int[] window = new int[r + 1];
        Arrays.fill(cost, inf);
        for (int c = 1; c <= Math.min(cap, r); c++) {
            cost[c] = 0;
        }
        result[0] = inf;
        result[1] = cost[r];
        for (int p = 2; p <= r; p++) {
            // next[L] = min over L - cap <= j <= L - 1 of cost[j] + j (r - j)
            int head = 0;
            int tail = 0;
            for (int total = 0; total <= r; total++) {
                int j = total - 1;
                if (j >= 0 && cost[j] < inf) {
                    long value = cost[j] + (long) j * (r - j);
                    while (tail > head && cost[window[tail - 1]] + (long) window[tail - 1] * (r - window[tail - 1]) >= value) {
                        tail--;
                    }
                    window[tail++] = j;
                }
                while (tail > head && window[head] < total - cap) {
                    head++;
                }
                next[total] = tail > head ? cost[window[head]] + (long) window[head] * (r - window[head]) : inf;
            }
            long[] t = cost;
            cost = next;
            next = t;
            result[p] = cost[r];
        }
        return result;
    }

    /** One allocation's branch and bound over the free nodes by index. */
    private static final class Search {
        private final FreeNodes free;
        private final int n;
        private final int k;
        private final long[] bound;
        private final long maxSteps;
        private final int[] dist;
        private final long[] keys;
        private final int[] order;
        /** sums[s][i]: hops from candidate order[i] to the first s chosen nodes. */
        private final long[][] sums;
        /** suffix[s][q]: the sum of the k - s smallest of sums[s] at positions >= q. */
        private final long[][] suffix;
        private final long[] heap;
        private final int[] chosen;
        private int candidates;
        private long best;
        private int[] bestSet;
        private long steps;

        Search(FreeNodes free, int k, long[] bound, long maxSteps, int[] start, long startCost) {
            this.free = free;
            this.n = free.count;
            this.k = k;
            this.bound = bound;
            this.maxSteps = maxSteps;
            this.dist = new int[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    dist[i * n + j] = free.distance(i, j);
                }
            }
            this.keys = new long[n];
            this.order = new int[n];
            this.sums = new long[k][n];
            this.suffix = new long[k][n];
            this.heap = new long[k];
            this.chosen = new int[k];
            this.best = startCost;
            this.bestSet = new int[k];
            for (int i = 0; i < k; i++) {
                bestSet[i] = free.indexOf(start[i]);
            }
        }

        int[] run() {
            if (best > bound[k]) {
                for (int anchor = 0; anchor <= n - k; anchor++) {
                    searchFrom(anchor);
                }
            }
            return free.ids(bestSet);
        }

        /**
         * The sets whose lowest index is {@code anchor}. A set holding the anchor and a node t hops
         * from it totals at least (k - 1) t + B(k - 2), as each other node's hops to the two sum to
         * at least t; farther nodes cannot be in a cheaper set and are left out.
         */
        private void searchFrom(int anchor) {
            long reach = (best - 1 - bound[k - 2]) / (k - 1);
            candidates = 0;
            for (int v = anchor + 1; v < n; v++) {
                int d = dist[anchor * n + v];
                if (d <= reach) {
                    keys[candidates++] = (long) d << 32 | v;
                }
            }
            if (candidates < k - 1) {
                return;
            }
            Arrays.sort(keys, 0, candidates);
            for (int i = 0; i < candidates; i++) {
                order[i] = (int) keys[i];
                sums[1][i] = keys[i] >>> 32;
            }
            chosen[0] = anchor;
            extend(1, 0, 0);
        }

        /** Tries every next node at candidate position >= from for the s nodes chosen, of total hops w. */
        private void extend(int s, int from, long w) {
            int r = k - s;
            long[] sum = sums[s];
            long[] rest = suffix[s];
            smallestSums(sum, from, r, rest);
            for (int q = from; q <= candidates - r; q++) {
                if (w + rest[q] + bound[r] >= best) {
                    return;
                }
                int v = order[q];
                chosen[s] = v;
                long total = w + sum[q];
                if (r == 1) {
                    if (total < best) {
                        best = total;
                        bestSet = chosen.clone();
                    }
                    continue;
                }
                if (++steps > maxSteps) {
                    throw new AllocationRefusedException("optimal allocation refused: finding the best " + k + " of "
                            + n + " free nodes took more than its limit of " + maxSteps + " search steps (maxSteps)");
                }
                long[] next = sums[s + 1];
                int row = v * n;
                for (int i = q + 1; i < candidates; i++) {
                    next[i] = sum[i] + dist[row + order[i]];
                }
                extend(s + 1, q + 1, total);
            }
        }

        /** rest[q] = the sum of the r smallest sum[i], i in [q, candidates), for q >= from (a max-heap). */
        private void smallestSums(long[] sum, int from, int r, long[] rest) {
            int size = 0;
            long total = 0;
            for (int q = candidates - 1; q >= from; q--) {
                long v = sum[q];
                if (size < r) {
                    int i = size++;
                    while (i > 0 && heap[(i - 1) / 2] < v) {
                        heap[i] = heap[(i - 1) / 2];
                        i = (i - 1) / 2;
                    }
                    heap[i] = v;
                    total += v;
                } else if (v < heap[0]) {
                    total += v - heap[0];
                    int i = 0;
                    while (true) {
                        int c = 2 * i + 1;
                        if (c >= size) {
                            break;
                        }
                        if (c + 1 < size && heap[c + 1] > heap[c]) {
                            c++;
                        }
                        if (heap[c] <= v) {
                            break;
                        }
                        heap[i] = heap[c];
                        i = c;
                    }
                    heap[i] = v;
                }
                rest[q] = total;
            }
        }
    }
}
