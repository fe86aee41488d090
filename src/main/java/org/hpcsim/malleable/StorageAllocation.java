package org.hpcsim.malleable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Dynamic Storage Allocation with fixed lifetimes: every item lives on an interval of integer points
 * and needs a block of {@code size} units; give each item an offset so that no two items alive at a
 * common point have overlapping blocks [offset, offset + size), keeping the largest top (the
 * makespan) small. LOAD, the most storage alive at one point, is a lower bound. In the scheduler the
 * points are line positions, the lifetime is a job's hull, the size its run time and the offset its
 * start time (Bampis et al. 2020, Algorithm 4 line 8).
 *
 * <p>The packing is our reconstruction of Gergov's 3-approximation (SODA'99), in three steps:
 *
 * <ol>
 *   <li><b>Boxes.</b> A set H of boxes (a half-open interval of points and a height) starts as the
 *       whole range at height 0. Repeatedly take the lowest box b (ties to the leftmost) and look for
 *       an unplaced item whose lifetime meets b and no other box still in H (ties to the lowest item
 *       index). If there is none, drop b from H. Otherwise the item gets the tentative offset
 *       height(b); b is replaced by its part under the item at height(b) + size and by the parts left
 *       and right of the item at height(b). An item may reach over points whose boxes were dropped
 *       earlier; that is where two tentative blocks can collide.</li>
 *   <li><b>Colours.</b> Two items conflict when their lifetimes meet and their tentative blocks
 *       overlap. Items are coloured greedily in the order they were placed (the smallest colour no
 *       conflicting earlier item has) and colour c is lifted by c * maxTop, maxTop being the highest
 *       tentative top. Items of one colour do not conflict and the colours occupy disjoint bands, so
 *       the result is valid.</li>
 *   <li><b>Compaction.</b> Items in increasing offset (ties to the lower index) each drop to the lowest
 *       offset >= 0 at which they overlap no item already dropped that shares a point with them.</li>
 * </ol>
 *
 * <p>Why maxTop <= LOAD: the part of the points a box covers is, by induction, covered by a stack of
 * placed items whose sizes add up to at least the box's height (each box is the lower box clipped to
 * the item just placed on it, or a leftover of the lower box). An item placed on box b meets b at
 * some point x, so the items alive at x include that stack and the item itself: height(b) + size <=
 * load(x) <= LOAD.
 *
 * <p>Why every item is placed: at every moment each unplaced item meets some box of H. This holds at
 * the start (one box spans every lifetime), splitting a box keeps the union of H, and a box is dropped
 * only when every unplaced item meeting it also meets another box of H. The loop ends only when H is
 * empty, so then no item is unplaced.
 *
 * <p>Why compaction never raises the makespan: each item's new offset is at most its old one. By
 * induction, every item K already dropped has new offset <= old offset. For the item I being dropped,
 * any such K sharing a point with I had old offset <= old offset of I and, the old layout being
 * valid, old top(K) <= old offset(I); so new top(K) <= old offset(I) and the old offset of I is free.
 * The lowest free offset is therefore at most the old one, and every top can only go down.
 *
 * <p>Where this may differ from Gergov's paper: the rule for choosing among several eligible items,
 * the tie-breaks, and the colouring step are our reconstruction, not transcribed from the paper, and
 * adjacent boxes of equal height are not merged. Gergov proves 3 LOAD; here the bound maxTop <= LOAD
 * is proven above, but that the greedy colouring needs at most three colours is not: the number of
 * colours used is reported ({@link Packing#colours()}) and the tests check makespan <= 3 LOAD on random
 * item sets. The compaction is our addition.
 */
public final class StorageAllocation {

    private StorageAllocation() {
    }

    /**
     * One item: alive on the points from..to-1, needing {@code size} units.
     *
     * @param from first point of its lifetime
     * @param to   one past its last point; greater than {@code from}
     * @param size positive and finite
     */
    public record Item(int from, int to, double size) {
        public Item {
            if (to <= from) {
                throw new IllegalArgumentException("an item must live on at least one point: [" + from + ", " + to
                        + ")");
            }
            if (!(size > 0) || Double.isInfinite(size)) {
                throw new IllegalArgumentException("an item's size must be positive and finite: " + size);
            }
        }

        /** Whether the two lifetimes share a point. */
        public boolean meets(Item other) {
            return from < other.to && other.from < to;
        }
    }

    /**
     * A packing of a list of items; arrays are indexed like the items.
     *
     * @param offsets             the final offsets (after compaction)
     * @param makespan            the largest offset + size of the final offsets
     * @param uncompacted         the offsets after the colouring step, before compaction
     * @param uncompactedMakespan the largest offset + size before compaction
     * @param load                LOAD: the most total size alive at one point
     * @param maxTop              the highest tentative top of the box step (at most LOAD)
     * @param colours             the number of colours the greedy colouring used
     */
    public record Packing(double[] offsets, double makespan, double[] uncompacted, double uncompactedMakespan,
                          double load, double maxTop, int colours) {
    }

    /** A box of H: the points from..to-1 at {@code height}. */
    private record Box(int from, int to, double height) {
        boolean meets(Item item) {
            return item.from() < to && from < item.to();
        }
    }

    /** LOAD: the most total size alive at one point (0 for no items). */
    public static double load(List<Item> items) {
        double load = 0;
        // The load only rises where some item starts, so the starts are the points to look at.
        for (Item at : items) {
            double sum = 0;
            for (Item item : items) {
                if (item.from() <= at.from() && at.from() < item.to()) {
                    sum += item.size();
                }
            }
            load = Math.max(load, sum);
        }
        return load;
    }

    /** Packs the items as described in the class comment. */
    public static Packing pack(List<Item> items) {
        int n = items.size();
        if (n == 0) {
            return new Packing(new double[0], 0, new double[0], 0, 0, 0, 0);
        }
        double[] tentative = new double[n];
        int[] order = place(items, tentative);
        double maxTop = 0;
        for (int i = 0; i < n; i++) {
            maxTop = Math.max(maxTop, tentative[i] + items.get(i).size());
        }
        int[] colour = new int[n];
        int colours = colour(items, tentative, order, colour);
        double[] uncompacted = new double[n];
        for (int i = 0; i < n; i++) {
            uncompacted[i] = tentative[i] + colour[i] * maxTop;
        }
        double[] offsets = compact(items, uncompacted);
        return new Packing(offsets, makespan(items, offsets), uncompacted, makespan(items, uncompacted), load(items),
                maxTop, colours);
    }

    /** Step 1: tentative offsets; returns the items in the order they were placed. */
    private static int[] place(List<Item> items, double[] tentative) {
        int n = items.size();
        int from = Integer.MAX_VALUE;
        int to = Integer.MIN_VALUE;
        for (Item item : items) {
            from = Math.min(from, item.from());
            to = Math.max(to, item.to());
        }
        // H twice: by start (to find a box's neighbours) and by (height, start) to find the lowest.
        // Boxes of H are disjoint, so both keys are unique.
        TreeMap<Integer, Box> byStart = new TreeMap<>();
        TreeSet<Box> byHeight = new TreeSet<>(Comparator.comparingDouble(Box::height).thenComparingInt(Box::from));
        add(new Box(from, to, 0), byStart, byHeight);
        List<Integer> unplaced = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            unplaced.add(i);
        }
        int[] order = new int[n];
        int placed = 0;
        while (!byHeight.isEmpty()) {
            Box box = byHeight.pollFirst();
            byStart.remove(box.from());
            int pick = eligible(box, items, unplaced, byStart);
            if (pick < 0) {
                continue;
            }
            int i = unplaced.remove(pick);
            Item item = items.get(i);
            tentative[i] = box.height();
            order[placed++] = i;
            int left = Math.max(box.from(), item.from());
            int right = Math.min(box.to(), item.to());
            if (box.from() < left) {
                add(new Box(box.from(), left, box.height()), byStart, byHeight);
            }
            add(new Box(left, right, box.height() + item.size()), byStart, byHeight);
            if (right < box.to()) {
                add(new Box(right, box.to(), box.height()), byStart, byHeight);
            }
        }
        if (placed != n) {
            // Cannot happen (see the class comment); fail loudly rather than return an invalid packing.
            throw new IllegalStateException("storage allocation left " + (n - placed) + " items unplaced");
        }
        return order;
    }

    private static void add(Box box, TreeMap<Integer, Box> byStart, TreeSet<Box> byHeight) {
        byStart.put(box.from(), box);
        byHeight.add(box);
    }

    /**
     * Position in {@code unplaced} of the first item meeting {@code box} and no other box of H (box
     * itself already taken out of {@code byStart}), or -1. Boxes are disjoint, so an item meeting box
     * and some other box of H meets the nearest box of H on that side.
     */
    private static int eligible(Box box, List<Item> items, List<Integer> unplaced, TreeMap<Integer, Box> byStart) {
        Map.Entry<Integer, Box> below = byStart.lowerEntry(box.from());
        Map.Entry<Integer, Box> above = byStart.higherEntry(box.from());
        for (int k = 0; k < unplaced.size(); k++) {
            Item item = items.get(unplaced.get(k));
            if (box.meets(item) && (below == null || !below.getValue().meets(item))
                    && (above == null || !above.getValue().meets(item))) {
                return k;
            }
        }
        return -1;
    }

    /** Step 2: greedy colours in placing order; returns the number of colours used. */
    private static int colour(List<Item> items, double[] tentative, int[] order, int[] colour) {
        int colours = 0;
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            Item item = items.get(i);
            boolean[] taken = new boolean[colours + 1];
            for (int e = 0; e < k; e++) {
                int o = order[e];
                if (item.meets(items.get(o)) && overlap(tentative[i], item.size(), tentative[o], items.get(o).size())) {
                    taken[colour[o]] = true;
                }
            }
            int c = 0;
            while (taken[c]) {
                c++;
            }
            colour[i] = c;
            colours = Math.max(colours, c + 1);
        }
        return colours;
    }

    /** Step 3: each item, lowest offset first, drops as far as the items already dropped allow. */
    private static double[] compact(List<Item> items, double[] offsets) {
        int n = items.size();
        Integer[] byOffset = new Integer[n];
        for (int i = 0; i < n; i++) {
            byOffset[i] = i;
        }
        Arrays.sort(byOffset, Comparator.<Integer>comparingDouble(i -> offsets[i]).thenComparingInt(i -> i));
        double[] dropped = new double[n];
        // The items already dropped, kept in increasing new offset (ties in the order they were dropped).
        int[] done = new int[n];
        for (int k = 0; k < n; k++) {
            int i = byOffset[k];
            Item item = items.get(i);
            // Sweep the dropped items upwards: c is the highest top of those passed that share a point
            // with item, so [c, c + size) is either free below the next one's offset or not at all below it.
            double c = 0;
            for (int d = 0; d < k; d++) {
                int o = done[d];
                if (!item.meets(items.get(o))) {
                    continue;
                }
                if (c + item.size() <= dropped[o]) {
                    break;
                }
                c = Math.max(c, dropped[o] + items.get(o).size());
            }
            dropped[i] = c;
            int at = k;
            while (at > 0 && dropped[done[at - 1]] > c) {
                done[at] = done[at - 1];
                at--;
            }
            done[at] = i;
        }
        return dropped;
    }

    /** Whether [a, a + s) and [b, b + t) overlap (touching does not count). */
    private static boolean overlap(double a, double s, double b, double t) {
        return a < b + t && b < a + s;
    }

    private static double makespan(List<Item> items, double[] offsets) {
        double makespan = 0;
        for (int i = 0; i < offsets.length; i++) {
            makespan = Math.max(makespan, offsets[i] + items.get(i).size());
        }
        return makespan;
    }
}
