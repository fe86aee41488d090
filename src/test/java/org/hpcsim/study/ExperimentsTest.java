package org.hpcsim.study;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

class ExperimentsTest {

    private static List<Job> randomJobs(int n, int maxNodes, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += r.nextInt(0, 40);
            int run = r.nextInt(1, 400);
            jobs.add(job(i, t, r.nextInt(1, maxNodes + 1), run, run + r.nextInt(0, 100)));
        }
        return jobs;
    }

    @Test
    void aDecisionAllocatorEqualToTheSituationScoresTheSituationsOwnPlacements() {
        List<Job> jobs = List.of(job(0, 0, 3, 10, 10), job(1, 0, 2, 10, 10), job(2, 5, 4, 10, 10));
        SituationDecisionExperiment.Settings s = new SituationDecisionExperiment.Settings("mesh:3x3", "fcfs",
                List.of("sorted-free-list[row-major]"), List.of("sorted-free-list[row-major]", "sorted-free-list[snake]"),
                1, 1);
        List<SituationDecisionExperiment.Entry> e = new SituationDecisionExperiment(StandardPolicies.registry())
                .run(jobs, s);
        // Row-major on 3x3: job 0 -> 0,1,2 (4 hops), job 1 -> 3,4 (1), job 2 at 5 s -> 5,6,7,8:
        // (2,1),(0,2),(1,2),(2,2): 3+2+1+1+2+1 = 10 hops. Mean (4 + 1 + 10) / 3 = 5.
        assertEquals(3, e.get(0).placements());
        assertEquals(5.0, e.get(0).meanPairwiseHops(), 1e-12);
        // Snake on the same free sets: job 0 -> 0,1,2; job 1 -> 5,4 (1); job 2 -> 3,6,7,8:
        // (0,1),(0,2),(1,2),(2,2): 1+2+3+1+2+1 = 10. Decisions are not carried out, so the sets match.
        assertEquals(5.0, e.get(1).meanPairwiseHops(), 1e-12);
    }

    @Test
    void situationDecisionResultsDoNotDependOnThreads() {
        List<Job> jobs = randomJobs(300, 12, 7);
        List<String> algs = List.of("sorted-free-list", "sorted-free-list[hilbert]", "sorted-free-list[row-major]");
        var one = new SituationDecisionExperiment(StandardPolicies.registry()).run(jobs,
                new SituationDecisionExperiment.Settings("mesh:8x8", "easy", algs, algs, 1, 1));
        var three = new SituationDecisionExperiment(StandardPolicies.registry()).run(jobs,
                new SituationDecisionExperiment.Settings("mesh:8x8", "easy", algs, algs, 1, 3));
        assertEquals(one, three);
        assertEquals(9, one.size());
    }

    @Test
    void oneDimensionalStrategiesBehaveTheSameInRankSpaceOnEveryCurve() {
        List<Job> jobs = randomJobs(400, 40, 11);
        CplantExperiment.Settings s = new CplantExperiment.Settings("mesh:8x8x5", "priority[cplant]", 60_000_000L,
                List.of("sorted-free-list"), List.of("row-major", "snake", "hilbert"), List.of(1.0, 2.0), 1, 2);
        List<CplantExperiment.Entry> e = new CplantExperiment(StandardPolicies.registry()).run(jobs, s);
        assertEquals(6, e.size());
        for (CplantExperiment.Entry entry : e) {
            assertEquals(400, entry.jobs());
            assertTrue(entry.cubeRatio() >= 1 && entry.boxRatio() >= 1, entry.toString());
            assertTrue(entry.span() <= entry.linearSpan(), entry.toString());
        }
        // A 1D allocator sees only ranks, so its spans are the same on any curve; the geometry is not.
        assertEquals(e.get(0).span(), e.get(2).span(), 1e-12);
        assertEquals(e.get(0).span(), e.get(4).span(), 1e-12);
        assertTrue(e.get(1).span() > e.get(0).span(), "a larger work multiple crowds the machine");
    }
}
