package org.hpcsim.torus;

import static org.hpcsim.torus.CnpAllocTest.jobs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class LinkDisjointOptimalTest {
    private static final List<TorusJob> PAPER = jobs("8:2", "4:2", "4:4", "4:4", "4:1", "2:4");

    /**
     * The links of T(m x m) the d x d subtorus T^(row,col) uses, straight from section 2.1: its
     * vertices (x, y) with x mod sigma = row and y mod sigma = col, sigma = m / d; its edges join each
     * to the next vertex along its row and along its column, sigma steps on (the last back to the
     * first, wrapping round), and an edge uses the sigma torus links it spans. Link ids: the
     * horizontal link from (x, y) to (x, y + 1) is x m + y, the vertical one from (x, y) to (x + 1, y)
     * is m^2 + x m + y.
     */
    static BitSet links(int m, int d, int row, int col) {
        int sigma = m / d;
        BitSet links = new BitSet(2 * m * m);
        for (int x = row; x < m; x += sigma) {
            for (int y = col; y < m; y += sigma) {
                for (int step = 0; step < sigma; step++) {
                    links.set(x * m + (y + step) % m);
                    links.set(m * m + (x + step) % m * m + y);
                }
            }
        }
        return links;
    }

    private static boolean shareLink(int m, int d1, int row1, int col1, int d2, int row2, int col2) {
        return links(m, d1, row1, col1).intersects(links(m, d2, row2, col2));
    }

    @Test
    void linkDisjointSubtoriOfOneSizeDifferInRowAndColumnAsRemarkOneSays() {
        for (int d = 1; d <= 8; d *= 2) {
            int sigma = 8 / d;
            for (int a = 0; a < sigma * sigma; a++) {
                for (int b = 0; b < sigma * sigma; b++) {
                    boolean disjoint = a / sigma != b / sigma && a % sigma != b % sigma;
                    assertEquals(disjoint, !shareLink(8, d, a / sigma, a % sigma, d, b / sigma, b % sigma),
                            d + ": " + a + " " + b);
                }
            }
        }
        // Section 2.1's example on T(8 x 8) and section 2.2's: the 4 x 4 subtori in one row band share row links.
        assertFalse(shareLink(8, 4, 0, 0, 4, 1, 1));
        assertFalse(shareLink(8, 4, 1, 0, 4, 0, 1));
        assertTrue(shareLink(8, 4, 0, 1, 4, 1, 1));
        assertTrue(shareLink(8, 4, 0, 0, 4, 0, 1));
        // Sizes mixed: a 2 x 2 subtorus shares links with the 4 x 4 one whose rows or columns hold its own.
        assertTrue(shareLink(8, 4, 1, 0, 2, 3, 2));
        assertTrue(shareLink(8, 4, 0, 1, 2, 2, 3));
        assertFalse(shareLink(8, 4, 0, 0, 2, 3, 1));
    }

    @Test
    void thePapersExampleTakesTenAsItSaysWithoutContention() {
        LinkDisjointOptimal.Schedule s = LinkDisjointOptimal.schedule(8, PAPER);
        assertEquals("10", s.makespan().toString());
        // J1 alone; then two link-disjoint 4 x 4 subtori, (0,0) and (1,1), as two machines: J2, J4, J5
        // on one (2 + 4 + 1), J3 and the 2 x 2 J6 inside the other (4 + 4).
        assertEquals(List.of("0", "2", "2", "4", "8", "6"),
                s.placements().stream().map(p -> p.start().toString()).toList());
        assertEquals(List.of("2", "4", "6", "8", "9", "10"),
                s.placements().stream().map(p -> p.finish().toString()).toList());
        assertEquals(List.of("(0,0)", "(0,0)", "(1,1)", "(0,0)", "(0,0)", "(1,1)"),
                s.placements().stream().map(p -> "(" + p.row() + "," + p.col() + ")").toList());
        assertValid(8, PAPER, s);
        // CNP_Alloc's own greedy without loads shares links, which is how it gets 7.
        assertEquals("7", CnpAlloc.schedule(8, PAPER).makespanWithoutContention().toString());
    }

    @Test
    void smallCasesComeOutAsWorkedByHand() {
        // On T(2 x 2) the two 1 x 1 subtori of a diagonal share no link; a third must wait.
        assertEquals("1", makespan(2, "1:1", "1:1"));
        assertEquals("2", makespan(2, "1:1", "1:1", "1:1"));
        // Two of three 4 x 4 jobs at once on T(8 x 8) (CNP_Alloc's greedy without loads runs all three: 2).
        assertEquals("4", makespan(8, "4:2", "4:2", "4:2"));
        // T(4 x 4): the 2 x 2 job has rows 0 and 2 for 3; the 1 x 1 jobs share rows 1 and 3 and the
        // third waits for one of them, 4. Rows x time is 12 = 4 x 3, but no packing fills it.
        assertEquals("3", makespan(4, "2:3", "1:2", "1:2"));
        assertEquals("4", makespan(4, "2:3", "1:2", "1:2", "1:2"));
        // Jobs of dimension m run alone; times are exact fractions.
        assertEquals("4", makespan(8, "8:1", "8:2", "4:1"));
        assertEquals("0.75", makespan(8, "4:0.5", "4:0.25", "4:0.25", "2:0.5"));
        assertEquals("2.5", makespan(1, "1:2", "1:0.5"));
    }

    @Test
    void tinyInstancesMatchEveryStartTimeAndSubtorusTried() {
        // Integer times, every start from 0 to the sum of the times, every subtorus: no theory used.
        String[][] cases = {{"2:2", "1:1", "1:3"}, {"2:1", "2:2", "1:2"}, {"1:1", "1:2", "1:2"}, {"2:3", "2:1", "2:2"},
            {"4:1", "2:2", "1:2"}};
        for (String[] c : cases) {
            List<TorusJob> jobs = jobs(c);
            assertEquals(everyStart(4, jobs), LinkDisjointOptimal.schedule(4, jobs).makespan(), String.join(",", c));
        }
    }

    @Test
    void randomSmallInstancesMatchBruteForceOverSubtoriAndOrders() {
        Random random = new Random(97);
        for (int round = 0; round < 40; round++) {
            int m = round % 2 == 0 ? 4 : 8;
            List<TorusJob> jobs = random(random, m, m / 4, 2 + random.nextInt(3), 5);
            LinkDisjointOptimal.Schedule s = LinkDisjointOptimal.schedule(m, jobs);
            assertEquals(everyOrder(m, jobs, false), s.makespan(), m + " " + jobs);
            assertValid(m, jobs, s);
        }
    }

    @Test
    void randomInstancesOfSixJobsMatchBruteForceOverDiagonalSubtoriAndOrders() {
        // Diagonal subtori suffice (the test above tries them all): enough to check the search's cuts on more jobs.
        Random random = new Random(31);
        for (int round = 0; round < 6; round++) {
            List<TorusJob> jobs = random(random, 8, 2, 6, 9);
            assertEquals(everyOrder(8, jobs, true), LinkDisjointOptimal.schedule(8, jobs).makespan(), jobs.toString());
        }
    }

    @Test
    void schedulesShareNoLinkBetweenJobsRunningAtOnceAndRespectTheBounds() {
        Random random = new Random(5);
        for (int round = 0; round < 40; round++) {
            int m = 4 << random.nextInt(3);
            int n = 1 + random.nextInt(LinkDisjointOptimal.MAX_JOBS);
            List<TorusJob> jobs = random(random, m, Math.max(1, m / LinkDisjointOptimal.MAX_SIDE), n, 20);
            LinkDisjointOptimal.Schedule s = LinkDisjointOptimal.schedule(m, jobs);
            assertValid(m, jobs, s);
            // Preempting and moving jobs can only help; one at a time always works.
            Rational preemptive = PreemptiveFeasibility.minimumFinishTime(m, jobs).deadline();
            assertTrue(s.makespan().compareTo(preemptive) >= 0, jobs.toString());
            Rational sum = Rational.ZERO;
            for (TorusJob job : jobs) {
                sum = sum.add(job.time());
            }
            assertTrue(s.makespan().compareTo(sum) <= 0);
        }
    }

    @Test
    void instancesTooLargeOrOutsideThePapersDefinitionAreRefusedWithTheReason() {
        assertEquals("the link-disjoint optimum takes at most 8 jobs, not 9",
                message(8, jobs("4:1", "4:1", "4:1", "4:1", "4:1", "4:1", "4:1", "4:1", "4:1")));
        assertEquals("the link-disjoint optimum takes m / smallest dimension at most 16, not 32",
                message(32, jobs("1:1")));
        assertEquals("job 1: dimension 16 is larger than the torus side 8", message(8, jobs("16:1")));
        assertEquals("jobs must come in non-increasing order of dimension: job 2 (dimension 4) follows job 1"
                + " (dimension 2)", message(8, jobs("2:1", "4:1")));
        assertEquals("the job times are too finely divided for the link-disjoint optimum (common denominator 10000000)",
                message(8, jobs("1:1000000000000", "1:0.0000001")));
    }

    private static String makespan(int m, String... pairs) {
        List<TorusJob> jobs = jobs(pairs);
        LinkDisjointOptimal.Schedule s = LinkDisjointOptimal.schedule(m, jobs);
        assertValid(m, jobs, s);
        return s.makespan().toString();
    }

    private static String message(int m, List<TorusJob> jobs) {
        return assertThrows(IllegalArgumentException.class, () -> LinkDisjointOptimal.schedule(m, jobs)).getMessage();
    }

    /** n jobs of dimensions from m down to smallest, non-increasing, times 1..maxTime. */
    private static List<TorusJob> random(Random random, int m, int smallest, int n, int maxTime) {
        int levels = Integer.numberOfTrailingZeros(m / smallest) + 1;
        List<Integer> dims = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            dims.add(m >> random.nextInt(levels));
        }
        dims.sort(Comparator.reverseOrder());
        List<TorusJob> jobs = new ArrayList<>();
        for (int d : dims) {
            jobs.add(new TorusJob(d, Rational.of(1 + random.nextInt(maxTime))));
        }
        return jobs;
    }

    /** Every job its own time, subtorus in range, makespan its latest finish, no link shared at once. */
    private static void assertValid(int m, List<TorusJob> jobs, LinkDisjointOptimal.Schedule s) {
        List<LinkDisjointOptimal.Placement> p = s.placements();
        assertEquals(jobs.size(), p.size());
        Rational latest = Rational.ZERO;
        for (int i = 0; i < p.size(); i++) {
            TorusJob job = jobs.get(i);
            assertEquals(i + 1, p.get(i).id());
            assertEquals(job.dimension(), p.get(i).dimension());
            assertEquals(job.time(), p.get(i).finish().subtract(p.get(i).start()));
            assertTrue(p.get(i).start().signum() >= 0);
            assertTrue(p.get(i).row() < m / job.dimension() && p.get(i).col() < m / job.dimension());
            latest = latest.max(p.get(i).finish());
            for (int j = 0; j < i; j++) {
                boolean overlap = p.get(i).start().compareTo(p.get(j).finish()) < 0
                        && p.get(j).start().compareTo(p.get(i).finish()) < 0;
                assertFalse(overlap && shareLink(m, p.get(i).dimension(), p.get(i).row(), p.get(i).col(),
                        p.get(j).dimension(), p.get(j).row(), p.get(j).col()), "jobs " + (j + 1) + " and " + (i + 1));
            }
        }
        assertEquals(latest, s.makespan());
    }

    /** Every subtorus (row, col) of each job, or only those with row = col, as the links they use. */
    private static List<List<BitSet>> subtori(int m, List<TorusJob> jobs, boolean diagonal) {
        List<List<BitSet>> all = new ArrayList<>();
        for (TorusJob job : jobs) {
            int sigma = m / job.dimension();
            List<BitSet> mine = new ArrayList<>();
            for (int p = 0; p < sigma * sigma; p++) {
                if (!diagonal || p / sigma == p % sigma) {
                    mine.add(links(m, job.dimension(), p / sigma, p % sigma));
                }
            }
            all.add(mine);
        }
        return all;
    }

    /**
     * The minimum over every choice of subtori and every order of the jobs of the schedule in which
     * each starts when the last job before it in the order that shares a link with it ends: a schedule
     * is never shorter than this one for the order of its start times.
     */
    private static Rational everyOrder(int m, List<TorusJob> jobs, boolean diagonal) {
        List<List<BitSet>> subtori = subtori(m, jobs, diagonal);
        int n = jobs.size();
        List<int[]> orders = new ArrayList<>();
        permutations(new int[n], new boolean[n], 0, orders);
        Rational[] best = {null};
        choose(subtori, new BitSet[n], 0, chosen -> {
            boolean[][] share = new boolean[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    share[i][j] = chosen[i].intersects(chosen[j]);
                }
            }
            for (int[] order : orders) {
                Rational[] end = new Rational[n];
                Rational makespan = Rational.ZERO;
                for (int a = 0; a < n; a++) {
                    int j = order[a];
                    Rational start = Rational.ZERO;
                    for (int b = 0; b < a; b++) {
                        if (share[order[b]][j]) {
                            start = start.max(end[order[b]]);
                        }
                    }
                    end[j] = start.add(jobs.get(j).time());
                    makespan = makespan.max(end[j]);
                }
                best[0] = best[0] == null ? makespan : best[0].min(makespan);
            }
        });
        return best[0];
    }

    /** The minimum over every subtorus and every integer start up to the sum of the times. */
    private static Rational everyStart(int m, List<TorusJob> jobs) {
        List<List<BitSet>> subtori = subtori(m, jobs, false);
        int n = jobs.size();
        int sum = 0;
        for (TorusJob job : jobs) {
            sum += Integer.parseInt(job.time().toString());
        }
        int horizon = sum;
        int[] best = {Integer.MAX_VALUE};
        choose(subtori, new BitSet[n], 0, chosen -> starts(jobs, chosen, new int[n], 0, horizon, best));
        return Rational.of(best[0]);
    }

    private static void starts(List<TorusJob> jobs, BitSet[] chosen, int[] start, int j, int horizon, int[] best) {
        if (j == jobs.size()) {
            int makespan = 0;
            for (int i = 0; i < j; i++) {
                makespan = Math.max(makespan, start[i] + Integer.parseInt(jobs.get(i).time().toString()));
            }
            best[0] = Math.min(best[0], makespan);
            return;
        }
        int t = Integer.parseInt(jobs.get(j).time().toString());
        for (int s = 0; s + t <= horizon; s++) {
            boolean ok = true;
            for (int i = 0; i < j && ok; i++) {
                int ti = Integer.parseInt(jobs.get(i).time().toString());
                ok = !(s < start[i] + ti && start[i] < s + t && chosen[i].intersects(chosen[j]));
            }
            if (ok) {
                start[j] = s;
                starts(jobs, chosen, start, j + 1, horizon, best);
            }
        }
    }

    private static void choose(List<List<BitSet>> subtori, BitSet[] chosen, int j, Consumer<BitSet[]> then) {
        if (j == chosen.length) {
            then.accept(chosen);
            return;
        }
        for (BitSet links : subtori.get(j)) {
            chosen[j] = links;
            choose(subtori, chosen, j + 1, then);
        }
    }

    private static void permutations(int[] order, boolean[] used, int depth, List<int[]> out) {
        if (depth == order.length) {
            out.add(order.clone());
            return;
        }
        for (int j = 0; j < order.length; j++) {
            if (!used[j]) {
                used[j] = true;
                order[depth] = j;
                permutations(order, used, depth + 1, out);
                used[j] = false;
            }
        }
    }
}
