package org.hpcsim.torus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PreemptiveFeasibilityTest {
    private static List<TorusJob> jobs(String... pairs) {
        return CnpAllocTest.jobs(pairs);
    }

    private static Rational r(String decimal) {
        return Rational.parseDecimal(decimal);
    }

    /** Each job's pieces as "[first,last] start-end" joined by "; ". */
    private static List<String> pieces(PreemptiveFeasibility.Schedule s) {
        return s.jobs().stream().map(j -> String.join("; ", j.pieces().stream()
                .map(p -> "[" + p.first() + "," + p.last() + "] " + p.start() + "-" + p.end()).toList())).toList();
    }

    @Test
    void thePapersSectionThreeExampleMeetsDeadlineFourWithTwoPreemptions() {
        List<TorusJob> jobs = jobs("8:2", "4:4", "4:3", "2:2", "2:2.5");
        PreemptiveFeasibility.Schedule s = PreemptiveFeasibility.schedule(16, jobs, r("4")).orElseThrow();
        // J1 Step 2; J2 Step 3 on [8,11]; J3 Step 4 over [0,7] (RPT 2) and [12,15] (RPT 4), leaving
        // [4,7]; J4 Step 3 on [4,5]; J5 Step 4 over [6,7] and [12,13].
        assertEquals(List.of("[0,7] 0-2", "[8,11] 0-4", "[12,15] 0-1; [0,3] 2-4", "[4,5] 2-4",
                "[12,13] 1-1.5; [6,7] 2-4"), pieces(s));
        assertEquals(2, s.preemptions());
        assertEquals(r("4"), PreemptiveFeasibility.minimumFinishTime(16, jobs).deadline(), "t_max");
        assertFalse(PreemptiveFeasibility.schedule(16, jobs, r("3.99")).isPresent());
    }

    @Test
    void theContentionExamplesJobsNeedNineAndAHalfWithoutContention() {
        // Column-time bound 68/8 = 8.5, but while the 2-wide J6 runs for 4 no other 2-wide job can
        // use the rest of its 4 columns: at least (68 + 2 x 4) / 8 = 9.5.
        List<TorusJob> jobs = jobs("8:2", "4:2", "4:4", "4:4", "4:1", "2:4");
        assertEquals(r("8.5"), PreemptiveFeasibility.lowerBound(8, jobs));
        PreemptiveFeasibility.Schedule s = PreemptiveFeasibility.minimumFinishTime(8, jobs);
        assertEquals(r("9.5"), s.deadline());
        assertEquals(List.of("[0,7] 0-2", "[0,3] 2-4", "[0,3] 4-8", "[4,7] 2-4.5; [0,3] 8-9.5", "[4,7] 4.5-5.5",
                "[4,5] 5.5-9.5"), pieces(s));
        assertFalse(PreemptiveFeasibility.schedule(8, jobs, r("9.49")).isPresent());
        assertTrue(PreemptiveFeasibility.schedule(8, jobs, r("10")).isPresent());
    }

    @Test
    void theMinimumIsExactEvenWithoutAFiniteDecimal() {
        // While J1 (2 wide) runs for 5 the 1-wide jobs get 2 columns, after it at most 3 (there are
        // three of them): 2 x 5 + 3 (T - 5) >= 15, so T = 20/3.
        PreemptiveFeasibility.Schedule s = PreemptiveFeasibility.minimumFinishTime(4, jobs("2:5", "1:4", "1:6", "1:5"));
        assertEquals("20/3", s.deadline().toFraction());
        assertInvariants(4, jobs("2:5", "1:4", "1:6", "1:5"), s);
    }

    @Test
    void stepFourKeepsThePartOfTheIntervalTheJobDoesNotUse() {
        // Deleting the whole entry j in Step 4 (as Lemma 1's proof does) loses [a_j + d, b_j] and
        // makes deadline 8 infeasible; the configuration LP below says 8 is the minimum.
        List<TorusJob> jobs = jobs("2:7", "1:7", "1:8", "1:2", "1:1");
        assertEquals(r("8"), PreemptiveFeasibility.minimumFinishTime(4, jobs).deadline());
        assertEquals(r("8"), BruteForce.minimumMakespan(4, jobs));
    }

    @Test
    void infeasibleDeadlinesAndBadInstancesAreToldApart() {
        List<TorusJob> jobs = jobs("2:1", "1:1", "1:1", "1:1");
        assertEquals(r("2.5"), PreemptiveFeasibility.minimumFinishTime(2, jobs).deadline());
        assertFalse(PreemptiveFeasibility.schedule(2, jobs, r("2.4")).isPresent());
        assertEquals("the deadline must be positive, got 0", assertThrows(IllegalArgumentException.class,
                () -> PreemptiveFeasibility.schedule(2, jobs, Rational.ZERO)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> PreemptiveFeasibility.minimumFinishTime(2, jobs("1:1", "2:1")));
    }

    @Test
    void randomSchedulesGiveEveryJobItsTimeOnePerIntervalAtATimeWithinTheDeadline() {
        Random random = new Random(20260101);
        for (int round = 0; round < 300; round++) {
            int p = random.nextInt(5);
            int m = 1 << p;
            List<TorusJob> jobs = randomJobs(random, p, 1 + random.nextInt(12));
            PreemptiveFeasibility.Schedule best = PreemptiveFeasibility.minimumFinishTime(m, jobs);
            assertInvariants(m, jobs, best);
            assertTrue(best.deadline().compareTo(PreemptiveFeasibility.lowerBound(m, jobs)) >= 0);
            Rational below = best.deadline().multiply(r("0.999"));
            assertFalse(PreemptiveFeasibility.schedule(m, jobs, below).isPresent(), () -> jobs + " by " + below);
            Rational later = best.deadline().multiply(r("1.5"));
            assertInvariants(m, jobs, PreemptiveFeasibility.schedule(m, jobs, later).orElseThrow());
        }
    }

    @Test
    void theMinimumFinishTimeAgreesWithABruteForceOnTinyInstances() {
        Random random = new Random(7);
        for (int round = 0; round < 150; round++) {
            int p = random.nextInt(3);
            int m = 1 << p;
            List<TorusJob> jobs = randomJobs(random, p, 1 + random.nextInt(4));
            Rational exact = BruteForce.minimumMakespan(m, jobs);
            assertEquals(exact, PreemptiveFeasibility.minimumFinishTime(m, jobs).deadline(), () -> jobs + " on " + m);
            for (int probe = 0; probe < 4; probe++) {
                Rational deadline = exact.multiply(Rational.parseDecimal("0." + (80 + random.nextInt(40))))
                        .add(Rational.parseDecimal(probe == 0 ? "0.2" : "0"));
                assertEquals(deadline.compareTo(exact) >= 0,
                        PreemptiveFeasibility.schedule(m, jobs, deadline).isPresent(), () -> jobs + " by " + deadline);
            }
        }
    }

    /** Dimensions 2^0..2^p non-increasing; times in quarters and thirds from 1/4 to 6. */
    private static List<TorusJob> randomJobs(Random random, int p, int n) {
        List<TorusJob> jobs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int parts = random.nextBoolean() ? 4 : 3;
            Rational time = Rational.of(1 + random.nextInt(6 * parts)).divide(Rational.of(parts));
            jobs.add(new TorusJob(1 << random.nextInt(p + 1), time));
        }
        jobs.sort(Comparator.comparingInt(TorusJob::dimension).reversed());
        return jobs;
    }

    /**
     * Every job gets exactly its time in pieces of its dimension inside the torus, never two pieces at
     * once; pieces on overlapping p-intervals never overlap in time; all within [0, deadline]; at most
     * one preemption per job but the first, n - 1 in all (Theorem 2).
     */
    static void assertInvariants(int m, List<TorusJob> jobs, PreemptiveFeasibility.Schedule s) {
        assertEquals(jobs.size(), s.jobs().size());
        List<PreemptiveFeasibility.Piece> all = new ArrayList<>();
        for (int k = 0; k < jobs.size(); k++) {
            PreemptiveFeasibility.JobSchedule j = s.jobs().get(k);
            assertEquals(k + 1, j.id());
            Rational total = Rational.ZERO;
            for (int i = 0; i < j.pieces().size(); i++) {
                PreemptiveFeasibility.Piece piece = j.pieces().get(i);
                assertTrue(piece.start().signum() >= 0 && piece.start().compareTo(piece.end()) < 0, piece::toString);
                assertTrue(piece.end().compareTo(s.deadline()) <= 0, () -> piece + " after " + s.deadline());
                assertEquals(jobs.get(k).dimension(), piece.last() - piece.first() + 1);
                assertTrue(piece.first() >= 0 && piece.last() < m);
                assertEquals(0, piece.first() % jobs.get(k).dimension(), "aligned");
                if (i > 0) {
                    assertTrue(j.pieces().get(i - 1).end().compareTo(piece.start()) <= 0, "one piece at a time");
                }
                total = total.add(piece.end().subtract(piece.start()));
            }
            assertEquals(jobs.get(k).time(), total);
            assertTrue(j.preemptions() <= (k == 0 ? 0 : 1));
            all.addAll(j.pieces());
        }
        assertTrue(s.preemptions() <= jobs.size() - 1);
        for (int a = 0; a < all.size(); a++) {
            for (int b = a + 1; b < all.size(); b++) {
                PreemptiveFeasibility.Piece x = all.get(a);
                PreemptiveFeasibility.Piece y = all.get(b);
                boolean share = x.first() <= y.last() && y.first() <= x.last();
                boolean together = x.start().compareTo(y.end()) < 0 && y.start().compareTo(x.end()) < 0;
                assertFalse(share && together, () -> x + " and " + y);
            }
        }
    }
}
