package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.hpcsim.topology.Curve;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.topology.SnakeCurve;
import org.hpcsim.topology.Topology;
import org.hpcsim.topology.TorusTopology;
import org.junit.jupiter.api.Test;

class IntervalAllocatorTest {

    /** A machine of n nodes in a line (row-major ranks = node ids) with the given nodes busy. */
    private static MachineState line(int n, int... busy) {
        MachineState m = new MachineState(new SimpleTopology(n));
        m.occupy(busy);
        return m;
    }

    private static FirstFitAllocator firstFit(MachineState m) {
        return new FirstFitAllocator(m, new RowMajorCurve());
    }

    private static BestFitAllocator bestFit(MachineState m) {
        return new BestFitAllocator(m, new RowMajorCurve());
    }

    private static SumOfSquaresAllocator sumOfSquares(MachineState m) {
        return new SumOfSquaresAllocator(m, new RowMajorCurve());
    }

    @Test
    void firstFitTakesTheStartOfTheFirstIntervalLongEnough() {
        // Free intervals: [0] [2..3] [5..9].
        MachineState m = line(10, 1, 4);
        assertArrayEquals(new int[] {0}, firstFit(m).allocate(null, 1));
        assertArrayEquals(new int[] {2, 3}, firstFit(m).allocate(null, 2));
        assertArrayEquals(new int[] {5, 6, 7}, firstFit(m).allocate(null, 3));
    }

    @Test
    void bestFitTakesTheTightestIntervalWhereFirstFitTakesTheFirst() {
        // Free intervals: [0..4] (5 nodes) and [6..7] (2 nodes).
        MachineState m = line(8, 5);
        assertArrayEquals(new int[] {0, 1}, firstFit(m).allocate(null, 2));
        assertArrayEquals(new int[] {6, 7}, bestFit(m).allocate(null, 2));
        assertArrayEquals(new int[] {0, 1, 2}, bestFit(m).allocate(null, 3), "only [0..4] holds 3");
    }

    @Test
    void bestFitBreaksTiesByLowestRank() {
        // Free intervals: [0..1] [3..4] [6..9]; both 2-node intervals fit a 2-node job exactly.
        MachineState m = line(10, 2, 5);
        assertArrayEquals(new int[] {0, 1}, bestFit(m).allocate(null, 2));
        assertArrayEquals(new int[] {6, 7, 8}, bestFit(m).allocate(null, 3));
    }

    @Test
    void sumOfSquaresPicksTheIntervalLeavingTheMostVariedSizes() {
        // Free intervals by rank: [0..1] size 2, [3] size 1, [5..7] [9..11] [13..15] size 3.
        // A 1-node job leaves these size multisets, with the sum over sizes of (count of that size)^2:
        //   in [0..1]:  {1, 1, 3, 3, 3} -> 2^2 + 3^2 = 13
        //   in [3]:     {2, 3, 3, 3}    -> 1^2 + 3^2 = 10
        //   in [5..7]:  {2, 1, 2, 3, 3} -> 2^2 + 1^2 + 2^2 = 9 (the same for [9..11] and [13..15])
        // First-fit takes rank 0, best-fit the exact fit at rank 3, sum-of-squares rank 5 (lowest of the tie).
        MachineState m = line(16, 2, 4, 8, 12);
        assertArrayEquals(new int[] {0}, firstFit(m).allocate(null, 1));
        assertArrayEquals(new int[] {3}, bestFit(m).allocate(null, 1));
        assertArrayEquals(new int[] {5}, sumOfSquares(m).allocate(null, 1));
    }

    @Test
    void sumOfSquaresTakesAnExactFitWhenThatLeavesFewerRepeatedSizes() {
        // Free intervals: [0..2] size 3 and [4..5] size 2. A 2-node job leaves {1, 2} (sum 2) in the first
        // and {3} (sum 1) in the second.
        MachineState m = line(6, 3);
        assertArrayEquals(new int[] {4, 5}, sumOfSquares(m).allocate(null, 2));
    }

    @Test
    void withoutALongEnoughIntervalTheJobGetsTheLeastSpanWindowStartingEarliest() {
        // Free ranks 0, 2, 5, 6, 7, 9, 10, 11; no interval holds 4. Windows of 4 free ranks and their spans:
        // 0..6 -> 7, 2..7 -> 6, 5..9 -> 5, 6..10 -> 5, 7..11 -> 5: the least span is 5, earliest at rank 5.
        for (Allocator a : List.of(firstFit(line(12, 1, 3, 4, 8)), bestFit(line(12, 1, 3, 4, 8)),
                sumOfSquares(line(12, 1, 3, 4, 8)))) {
            assertArrayEquals(new int[] {5, 6, 7, 9}, a.allocate(null, 4), a.getClass().getSimpleName());
        }
    }

    @Test
    void intervalsAreRanksAlongTheCurveAndTheAnswerIsInNodeIdOrder() {
        // Snake ranks on 4x2: ranks 0..3 are nodes 0..3, ranks 4..7 are nodes 7, 6, 5, 4.
        // Busy nodes 1 and 6 are ranks 1 and 5: free intervals are ranks [0], [2..4] = nodes 2, 3, 7,
        // and [6..7] = nodes 5, 4.
        MachineState m = new MachineState(new MeshTopology(4, 2));
        m.occupy(new int[] {1, 6});
        assertArrayEquals(new int[] {2, 3}, new FirstFitAllocator(m, new SnakeCurve()).allocate(null, 2));
        assertArrayEquals(new int[] {4, 5}, new BestFitAllocator(m, new SnakeCurve()).allocate(null, 2));
        assertArrayEquals(new int[] {2, 3, 7}, new SumOfSquaresAllocator(m, new SnakeCurve()).allocate(null, 3));
        // 4 nodes: windows of ranks 0..4, 2..6, 3..7 all span 5; the earliest, ranks 0, 2, 3, 4, wins.
        assertArrayEquals(new int[] {0, 2, 3, 7}, new FirstFitAllocator(m, new SnakeCurve()).allocate(null, 4));
    }

    @Test
    void followsTheMachineAndCommitsNothing() {
        MachineState m = line(6);
        BestFitAllocator a = bestFit(m);
        assertArrayEquals(new int[] {0, 1}, a.allocate(null, 2));
        assertEquals(6, m.freeCount(), "proposing commits nothing");
        m.allocate(new int[] {0, 1, 2, 4}, 0);
        assertArrayEquals(new int[] {3}, a.allocate(null, 1), "[3] and [5] tie; the lowest rank wins");
        m.release(new int[] {4});
        assertArrayEquals(new int[] {3, 4, 5}, a.allocate(null, 3));
        assertNull(a.allocate(null, 4), "only 3 nodes are free");
    }

    @Test
    void agreesWithABruteForceReadingOfThePaperOnRandomBusySets() {
        SplittableRandom random = new SplittableRandom(7);
        Curve curve = new SnakeCurve();
        for (Topology t : List.of(new MeshTopology(6, 5), new MeshTopology(4, 3, 3), new TorusTopology(5, 4))) {
            int[] order = curve.order(t);
            for (int trial = 0; trial < 200; trial++) {
                MachineState m = new MachineState(t);
                m.occupy(BusySets.random(random, t.size()));
                int k = 1 + random.nextInt(m.freeCount());
                for (Strategy s : Strategy.values()) {
                    Allocator a = s.create.apply(m, curve);
                    assertArrayEquals(reference(m, order, k, s), a.allocate(null, k), s + " on " + t.spec());
                }
            }
        }
    }

    private enum Strategy {
        FIRST(FirstFitAllocator::new), BEST(BestFitAllocator::new), SQUARES(SumOfSquaresAllocator::new);

        final BiFunction<MachineState, Curve, Allocator> create;

        Strategy(BiFunction<MachineState, Curve, Allocator> create) {
            this.create = create;
        }
    }

    /** The paper's rules computed the slow way: every candidate, every remaining interval list recounted. */
    private static int[] reference(MachineState m, int[] order, int k, Strategy s) {
        List<int[]> intervals = new ArrayList<>();
        for (int r = 0; r < order.length; r++) {
            if (m.isFree(order[r]) && (r == 0 || !m.isFree(order[r - 1]))) {
                int end = r;
                while (end < order.length && m.isFree(order[end])) {
                    end++;
                }
                intervals.add(new int[] {r, end - r});
            }
        }
        int[] best = null;
        long bestScore = Long.MAX_VALUE;
        for (int[] in : intervals) {
            if (in[1] < k) {
                continue;
            }
            long score = switch (s) {
                case FIRST -> 0;
                case BEST -> in[1] - k;
                case SQUARES -> {
                    int[] count = new int[order.length + 1];
                    for (int[] other : intervals) {
                        count[other[1]]++;
                    }
                    count[in[1]]--;
                    count[in[1] - k]++;
                    long sum = 0;
                    for (int size = 1; size < count.length; size++) {
                        sum += (long) count[size] * count[size];
                    }
                    yield sum;
                }
            };
            if (score < bestScore) {
                bestScore = score;
                best = in;
            }
        }
        int[] ranks = new int[k];
        if (best != null) {
            for (int i = 0; i < k; i++) {
                ranks[i] = best[0] + i;
            }
        } else {
            int[] free = new int[order.length];
            int f = 0;
            for (int r = 0; r < order.length; r++) {
                if (m.isFree(order[r])) {
                    free[f++] = r;
                }
            }
            int start = 0;
            for (int i = 1; i + k <= f; i++) {
                if (free[i + k - 1] - free[i] < free[start + k - 1] - free[start]) {
                    start = i;
                }
            }
            ranks = Arrays.copyOfRange(free, start, start + k);
        }
        int[] nodes = new int[k];
        for (int i = 0; i < k; i++) {
            nodes[i] = order[ranks[i]];
        }
        Arrays.sort(nodes);
        return nodes;
    }
}
