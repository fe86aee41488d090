package org.hpcsim.malleable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.hpcsim.topology.LineTopology;

/**
 * The 2-approximation of Bampis et al. 2020 (Section III.A, Theorem 7) for uniform
 * proportional-malleable instances: every job may use 1..Q contiguous compute nodes local to its
 * I/O node and runs a_j / q_j. The makespan is at most 2 LB ({@link LowerBounds}).
 *
 * <p><b>The paper's steps.</b> Coordinates are the paper's: compute node c is the unit interval
 * [c, c + 1], an integral rectangle [s, f] runs on nodes s..f-1, and it is local to an I/O node of
 * gap tau when s &lt;= tau &lt;= f.
 * <ol>
 *   <li>Aggregation (Proposition 1): the jobs of one I/O node become one rectangle of area A_k, in
 *       I/O node order (so tau is non-decreasing); I/O nodes without jobs make none.</li>
 *   <li>Algorithm 1: width lambda = A / LB, height LB, packed from the left: s_i = max(r_i,
 *       f_(i-1)), f_i = s_i + lambda_i, with r = max(0, tau - Q). By Proposition 2 every f_i &lt;=
 *       d_i = min(m^C, tau_i + Q).</li>
 *   <li>Algorithm 2: from the last rectangle to the first, a rectangle with tau &gt; f moves right
 *       until it is local or meets the next rectangle (m^C for the last one).</li>
 *   <li>Local rectangles (s &lt;= tau &lt;= f) are rounded to [floor s, ceil f] and go alternately
 *       to the strips U1 and U2 in their left-to-right order.</li>
 *   <li>Algorithm 3: the right rectangles (tau &lt; s) that follow a local rectangle R_0 are cut,
 *       left to right, into groups as long as their widths add up to at most Q and their gaps
 *       differ by at most Q; group h becomes one rectangle of width l_h = max(ceil(dist^C),
 *       dist^IO) on [tau_min, tau_min + l_h], its members stacked on that width. R_1 goes to the
 *       strip opposite R_0; R_h to the strip opposite R_(h-1) when l_(h-1) came from ceil(dist^C),
 *       to the same one when it came from dist^IO. Left rectangles (tau &gt; f) before a local
 *       rectangle are handled as the mirror image, placed on [tau_max - l_h, tau_max].</li>
 *   <li>U1 is packed from time 0 and U2 from time LB; every placed rectangle is at most LB high, so
 *       the makespan is at most 2 LB. Lemma 6: each placed rectangle is expanded into its jobs, one
 *       after the other in time on the rectangle's whole width (q_j = width, p_j = a_j / width),
 *       members of an aggregated group in I/O node order, the jobs of one I/O node by id.</li>
 * </ol>
 *
 * <p><b>Choices where the paper is loose.</b>
 * <ul>
 *   <li>Algorithm 1 sets s_1 = 0; that can put the first rectangle left of r_1, where it cannot be
 *       local, and the proof of Proposition 2 needs a rectangle with s_j = r_j at the start of
 *       every run. We take s_1 = max(r_1, 0) = r_1, which is what the rule for i &gt; 1 gives.</li>
 *   <li>Blocks. The paper says a block (a run of touching rectangles) is left rectangles, then
 *       local ones, then right ones. That is not always so: a run can hold several local rectangles
 *       with right and left rectangles between them (e.g. gaps 0, 0, 1 with widths 0.2, 0.7, 1.1:
 *       local, right, local). What does hold after Algorithm 2 is that a right rectangle touches
 *       its left neighbour, which is local or right, and a left rectangle touches its right
 *       neighbour, which is local or left. So every right rectangle is given to the nearest local
 *       rectangle on its left (its R_0) and every left one to the nearest local rectangle on its
 *       right, and Algorithm 3 runs on each such run; Lemmas 4 and 5 only use R_0 and the run.</li>
 *   <li>Ties in the U1/U2 rule (ceil(dist^C) = dist^IO): R_(h-1) then ends at its own tau_max
 *       &lt;= tau_min of R_h, so the two do not overlap; R_h meets no earlier group either (a
 *       group ends at most at ceil of the right end of its material, which is at most tau_min
 *       two groups on, and R_2 onwards start at or after ceil f_0), so either strip is valid. We
 *       treat the tie as dist^IO: same strip.</li>
 *   <li>Floating point: coordinates are compared with a tolerance of 1e-9, and a value within 1e-9
 *       of an integer is that integer for floor and ceil.</li>
 * </ul>
 *
 * <p><b>Where the paper's construction fails, and the fixes.</b> Without them the schedule breaks
 * condition 2 or has overlapping jobs on about 7.5% of {@link Instances#randomUniformProportional}
 * instances. The fixes keep every placed rectangle at most Q wide and at most LB high, so the bound
 * holds, and they change nothing where the paper's construction is valid: each one acts only where
 * that construction is invalid.
 * <ul>
 *   <li>Rounding a local rectangle to [floor s, ceil f] can make it Q + 1 wide (when s and f are
 *       both fractional and lambda &gt; Q - 1; with Q = 1, [0.5, 1.5] becomes [0, 2]), which breaks
 *       condition 2. We then drop the last node: [floor s, floor s + Q] still holds tau (tau &lt;
 *       f &lt; floor s + Q + 1) and is at least lambda wide, so it is at most LB high. Dropping the
 *       right end, never the left, is what makes the next fix always possible.</li>
 *   <li>Lemma 4 claims that rectangles of different blocks (and, with the block structure above,
 *       of different local rectangles) never overlap because right ones move left and left ones
 *       right; rounding breaks this. Where the material of one local rectangle's runs ends inside
 *       a unit cell [k, k + 1] and the next one's starts in the same cell, both sides round onto
 *       that cell, and three rounded rectangles can cover it (e.g. gaps 0, 0, 1, Q = 2, m^C = 2,
 *       widths 0.2, 0.7, 1.1: [0, 1], [0, 1] and [0, 2]); no split into two strips exists then.
 *       Repair: in a cell covered by three or more placed rectangles, those whose material lies
 *       inside the cell ("inner") are stacked onto one covering rectangle whose material sticks out
 *       of the cell, the leftmost that has room; if none has, all inner ones are stacked onto the
 *       first of them. This always works. Only such junction cells can be covered three times
 *       (within one local rectangle and its runs Lemmas 4 and 5 hold; across two, rectangles reach
 *       each other only in the cell where the material of one ends and the next begins). An inner
 *       rectangle that covers the cell serves only I/O nodes of gap k or k + 1, so it is local
 *       wherever it is stacked in the cell. At most one covering rectangle from each side sticks
 *       out, and the one from the left has room: it is a right group or a local rectangle whose
 *       right end was not dropped, so its width reaches from at or before the start of its
 *       material to k + 1, and all the material it takes lies in between. If there is none from
 *       the left, the inner material, all inside the cell, fits on one node. Either way every point
 *       is then covered at most twice.</li>
 *   <li>With the cells repaired, the paper's strip choices can still clash across runs (the
 *       alternation of local rectangles does not see the right groups between them). The strips
 *       are then settled in order of left end: a placed rectangle keeps the paper's strip unless a
 *       rectangle already settled that overlaps it uses that strip, and then takes the other one.
 *       As no point is covered three times, an earlier overlapping rectangle is at most one, so
 *       this never fails.</li>
 * </ul>
 *
 * <p>Lemma 4's own argument for groups two apart compares R_h with tau_max of R_(h-2) rather than
 * with its right end, which can lie further right; the bound used in the tie rule above (a group
 * ends at most at ceil of the end of its material, which is at most tau_min two groups on) closes
 * that gap.
 */
public final class TwoApproximation {
    private static final double EPS = 1e-9;

    private TwoApproximation() {
    }

    /**
     * The schedule and what it is measured against.
     *
     * @param schedule one placement per job, ordered by job id
     * @param bounds   LB1 and LB2 of the instance
     * @param makespan the latest end, at most 2 LB
     */
    public record Result(List<Placement> schedule, LowerBounds bounds, double makespan) {
        public Result {
            schedule = List.copyOf(schedule);
        }
    }

    /** One rectangle of the auxiliary problem: all the jobs of one I/O node, at [s, f] of height LB. */
    private static final class Rect {
        final int io;
        final int tau;
        final double width;
        double s;
        double f;

        Rect(int io, int tau, double width) {
            this.io = io;
            this.tau = tau;
            this.width = width;
        }
    }

    /** A placed integral rectangle [start, start + width] in strip 0 (U1) or 1 (U2), members stacked. */
    private static final class Item {
        final int start;
        final int width;
        final List<Rect> members;
        int strip;

        Item(int start, int width, List<Rect> members, int strip) {
            this.start = start;
            this.width = width;
            this.members = new ArrayList<>(members);
            this.strip = strip;
        }

        int end() {
            return start + width;
        }

        boolean covers(int cell) {
            return start <= cell && cell + 1 <= end();
        }

        boolean overlaps(Item o) {
            return start < o.end() && o.start < end();
        }

        /** The total width of its members in the fractional solution: its height is that times LB / width. */
        double material() {
            double m = 0;
            for (Rect r : members) {
                m += r.width;
            }
            return m;
        }

        /** Whether all its members' fractional material lies within the unit cell [k, k + 1]. */
        boolean inside(int k) {
            for (Rect r : members) {
                if (r.s < k - EPS || r.f > k + 1 + EPS) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Schedules a uniform proportional instance within 2 LB.
     *
     * @throws IllegalArgumentException when the instance is not uniform and proportional
     */
    public static Result schedule(Instance instance) {
        return build(instance, true);
    }

    /**
     * The paper's construction as written, without the fixes described above (no trimming of
     * local rectangles wider than Q, no repair of junction cells, the paper's strips kept): for
     * tests that show where it fails. The schedule may be invalid.
     */
    static Result paperConstruction(Instance instance) {
        return build(instance, false);
    }

    private static Result build(Instance instance, boolean fixed) {
        LowerBounds bounds = LowerBounds.of(instance);
        double lb = bounds.lb();
        LineTopology line = instance.line();
        int q = instance.job(0).maxNodes();
        double[] load = LowerBounds.aggregatedLoads(instance);
        List<Rect> rects = new ArrayList<>();
        for (int k = 0; k < load.length; k++) {
            if (load[k] > 0) {
                rects.add(new Rect(k, line.gap(k), load[k] / lb));
            }
        }
        algorithm1(rects, q);
        algorithm2(rects, line.size());
        List<Item> items = twoStrips(rects, q, fixed);
        if (fixed) {
            repairJunctions(items);
            settleStrips(items);
        }
        List<Placement> schedule = expand(items, instance, lb);
        double makespan = 0;
        for (Placement p : schedule) {
            makespan = Math.max(makespan, p.end());
        }
        return new Result(schedule, bounds, makespan);
    }

    /** Packs the rectangles from the left, each at max(r_i, f_(i-1)). */
    private static void algorithm1(List<Rect> rects, int q) {
        double previousEnd = 0;
        for (Rect r : rects) {
            r.s = Math.max(LowerBounds.release(r.tau, q), previousEnd);
            r.f = r.s + r.width;
            previousEnd = r.f;
        }
    }

    /** From the last rectangle to the first, moves left-of-tau rectangles right, up to tau or the next one. */
    private static void algorithm2(List<Rect> rects, int computeNodes) {
        for (int i = rects.size() - 1; i >= 0; i--) {
            Rect r = rects.get(i);
            if (isLeft(r)) {
                double next = i + 1 < rects.size() ? rects.get(i + 1).s : computeNodes;
                r.f = Math.min(next, r.tau);
                r.s = r.f - r.width;
            }
        }
    }

    /** In L: the rectangle ends before its I/O node. */
    private static boolean isLeft(Rect r) {
        return r.tau > r.f + EPS;
    }

    /** In R: the rectangle starts after its I/O node. */
    private static boolean isRight(Rect r) {
        return r.tau < r.s - EPS;
    }

    /**
     * Rounds the local rectangles, alternating strips, and aggregates the left and right runs around
     * each of them (Algorithm 3 and its mirror image).
     */
    private static List<Item> twoStrips(List<Rect> rects, int q, boolean fixed) {
        List<Item> items = new ArrayList<>();
        List<Rect> leftRun = new ArrayList<>();
        List<Rect> rightRun = new ArrayList<>();
        Item local = null;
        int locals = 0;
        for (Rect r : rects) {
            if (isRight(r)) {
                // After Algorithm 2 a right rectangle touches its left neighbour, which is local or right.
                if (local == null || !leftRun.isEmpty()) {
                    throw new IllegalStateException("right rectangle of I/O node " + r.io + " follows no local one");
                }
                rightRun.add(r);
                continue;
            }
            if (!rightRun.isEmpty()) {
                items.addAll(aggregate(rightRun, local.strip, q, true));
                rightRun.clear();
            }
            if (isLeft(r)) {
                leftRun.add(r);
                continue;
            }
            local = roundLocal(r, q, locals++ % 2, fixed);
            items.add(local);
            if (!leftRun.isEmpty()) {
                List<Rect> nearestFirst = new ArrayList<>(leftRun);
                Collections.reverse(nearestFirst);
                items.addAll(aggregate(nearestFirst, local.strip, q, false));
                leftRun.clear();
            }
        }
        // Algorithm 2 makes the last rectangle local or right, never left.
        if (!leftRun.isEmpty()) {
            throw new IllegalStateException("left rectangles after the last local one");
        }
        if (!rightRun.isEmpty()) {
            items.addAll(aggregate(rightRun, local.strip, q, true));
        }
        return items;
    }

    /** [floor s, ceil f], without its last node when that is Q + 1 wide (and {@code fixed}). */
    private static Item roundLocal(Rect r, int q, int strip, boolean fixed) {
        int start = floor(r.s);
        int end = ceil(r.f);
        if (fixed && end - start > q) {
            end = start + q;
        }
        return new Item(start, end - start, List.of(r), strip);
    }

    /**
     * Algorithm 3 on one run, given nearest its local rectangle first: right rectangles left to right
     * ({@code right}), left ones right to left (the mirror image).
     */
    private static List<Item> aggregate(List<Rect> run, int localStrip, int q, boolean right) {
        List<Item> items = new ArrayList<>();
        int strip = 1 - localStrip;
        int k = 0;
        while (k < run.size()) {
            int firstTau = run.get(k).tau;
            double sum = 0;
            List<Rect> group = new ArrayList<>();
            while (k < run.size() && sum + run.get(k).width <= q + EPS && Math.abs(run.get(k).tau - firstTau) <= q) {
                sum += run.get(k).width;
                group.add(run.get(k));
                k++;
            }
            int tauMin = Math.min(firstTau, group.get(group.size() - 1).tau);
            int tauMax = Math.max(firstTau, group.get(group.size() - 1).tau);
            int byArea = ceil(sum);
            int byIo = tauMax - tauMin;
            int width = Math.max(byArea, byIo);
            if (!right) {
                Collections.reverse(group);
            }
            items.add(new Item(right ? tauMin : tauMax - width, width, group, strip));
            if (byArea > byIo) {
                strip = 1 - strip;
            }
        }
        return items;
    }

    /** Stacks the inner rectangles of every cell covered three times or more (see the class comment). */
    private static void repairJunctions(List<Item> items) {
        // A cell covered three times is an end cell of every rectangle covering it.
        TreeSet<Integer> cells = new TreeSet<>();
        for (Item it : items) {
            cells.add(it.start);
            cells.add(it.end() - 1);
        }
        for (int k : cells) {
            List<Item> cover = new ArrayList<>();
            for (Item it : items) {
                if (it.covers(k)) {
                    cover.add(it);
                }
            }
            if (cover.size() < 3) {
                continue;
            }
            cover.sort(Comparator.comparingInt(it -> it.start));
            List<Item> inner = new ArrayList<>();
            List<Item> outer = new ArrayList<>();
            for (Item it : cover) {
                (it.inside(k) ? inner : outer).add(it);
            }
            Item host = null;
            for (Item o : outer) {
                if (hasRoom(o, inner)) {
                    host = o;
                    break;
                }
            }
            if (host == null) {
                host = inner.remove(0);
                if (!hasRoom(host, inner)) {
                    throw new IllegalStateException("cell [" + k + ", " + (k + 1) + "] cannot be repaired");
                }
            }
            for (Item it : inner) {
                host.members.addAll(it.members);
                items.remove(it);
            }
            host.members.sort(Comparator.comparingInt(r -> r.io));
        }
    }

    /** Whether {@code host} can take the members of {@code others}: local to all, at most LB high. */
    private static boolean hasRoom(Item host, List<Item> others) {
        double material = host.material();
        for (Item o : others) {
            material += o.material();
            for (Rect r : o.members) {
                if (r.tau < host.start || r.tau > host.end()) {
                    return false;
                }
            }
        }
        return material <= host.width + EPS;
    }

    /** In order of left end, keeps each rectangle's strip unless an overlapping settled one uses it. */
    private static void settleStrips(List<Item> items) {
        List<Item> order = new ArrayList<>(items);
        order.sort(Comparator.comparingInt(it -> it.start));
        List<Item> settled = new ArrayList<>();
        for (Item it : order) {
            boolean[] taken = new boolean[2];
            for (Item s : settled) {
                if (s.overlaps(it)) {
                    taken[s.strip] = true;
                }
            }
            if (taken[it.strip]) {
                if (taken[1 - it.strip]) {
                    throw new IllegalStateException("three rectangles overlap at [" + it.start + ", " + it.end() + "]");
                }
                it.strip = 1 - it.strip;
            }
            settled.add(it);
        }
    }

    /** Lemma 6: each placed rectangle's jobs, one after another on its whole width, from time strip x LB. */
    private static List<Placement> expand(List<Item> items, Instance instance, double lb) {
        List<MalleableJob> jobs = new ArrayList<>(instance.jobs());
        jobs.sort(Comparator.comparingLong(MalleableJob::id));
        List<Placement> schedule = new ArrayList<>();
        for (Item item : items) {
            double t = item.strip * lb;
            for (Rect r : item.members) {
                for (MalleableJob j : jobs) {
                    if (j.io() == r.io) {
                        double p = j.load() / item.width;
                        schedule.add(Placement.range(j.id(), item.start, item.width, j.io(), t, t + p));
                        t += p;
                    }
                }
            }
        }
        schedule.sort(Comparator.comparingLong(Placement::job));
        return schedule;
    }

    /** Ceil, with values within 1e-9 of an integer taken as that integer. */
    private static int ceil(double x) {
        long r = Math.round(x);
        return (int) (Math.abs(x - r) <= EPS ? r : Math.ceil(x));
    }

    /** Floor, with values within 1e-9 of an integer taken as that integer. */
    private static int floor(double x) {
        long r = Math.round(x);
        return (int) (Math.abs(x - r) <= EPS ? r : Math.floor(x));
    }
}
