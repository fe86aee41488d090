package org.hpcsim.malleable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.topology.LineTopology;
import org.junit.jupiter.api.Test;

class ExactSolverTest {
    /** Solves, checks the schedule with the verifier and that it reaches the reported makespan. */
    private static double solveAndCheck(Instance in) {
        ExactSolver.Solution s = ExactSolver.solve(in);
        Verifier.Report report = Verifier.check(in, s.schedule());
        assertTrue(report.valid(), () -> in.line().layout() + ": " + report.violations());
        assertEquals(s.makespan(), report.makespan(), 1e-9 * Math.max(1, s.makespan()));
        return s.makespan();
    }

    /**
     * The optimum by plain enumeration, without the solver's pruning: every order of the jobs, every
     * allocation, each job starting at the latest end among the earlier conflicting ones.
     */
    private static double enumerate(Instance in, boolean[] placed, int[][] hulls, double[] ends, double makespan) {
        LineTopology line = in.line();
        double best = Double.POSITIVE_INFINITY;
        boolean any = false;
        for (int j = 0; j < placed.length; j++) {
            if (placed[j]) {
                continue;
            }
            any = true;
            MalleableJob job = in.job(j);
            int tau = line.gap(job.io());
            for (int q = job.minNodes(); q <= job.maxNodes(); q++) {
                for (int first = Math.max(0, tau - q); first <= Math.min(tau, line.size() - q); first++) {
                    int from = line.hullStart(first, job.io());
                    int to = line.hullEnd(first + q - 1, job.io());
                    double s = 0;
                    for (int i = 0; i < placed.length; i++) {
                        if (placed[i] && hulls[i][0] <= to && from <= hulls[i][1]) {
                            s = Math.max(s, ends[i]);
                        }
                    }
                    placed[j] = true;
                    hulls[j] = new int[] {from, to};
                    ends[j] = s + job.time(q, in.speedup());
                    best = Math.min(best, enumerate(in, placed, hulls, ends, Math.max(makespan, ends[j])));
                    placed[j] = false;
                }
            }
        }
        return any ? best : makespan;
    }

    /** A random tiny instance: some jobs rigid, the speed-up proportional or Amdahl's. */
    private static Instance mixed(SplittableRandom random) {
        Instance base = Instances.randomUniformProportional(random, 5, 3, 4);
        List<MalleableJob> jobs = new ArrayList<>();
        for (MalleableJob j : base.jobs()) {
            int q = 1 + random.nextInt(base.line().size());
            jobs.add(random.nextBoolean() ? MalleableJob.rigid(j.id(), j.load(), q, j.io())
                    : MalleableJob.malleable(j.id(), j.load(), q, j.io()));
        }
        return new Instance(base.line(), jobs, random.nextBoolean() ? Speedup.proportional() : Speedup.amdahl(0.3));
    }

    @Test
    void onTinyRandomInstancesTheOptimumLiesBetweenTheLowerBoundAndTheTwoApproximation() {
        for (int seed = 0; seed < 400; seed++) {
            Instance in = Instances.randomUniformProportional(new SplittableRandom(seed), 6, 3, 5);
            double opt = solveAndCheck(in);
            TwoApproximation.Result approx = TwoApproximation.schedule(in);
            assertTrue(approx.bounds().lb() <= opt * (1 + 1e-9), "LB " + approx.bounds().lb() + " > OPT " + opt);
            assertTrue(opt <= approx.makespan() * (1 + 1e-9), "OPT " + opt + " > " + approx.makespan());
        }
    }

    @Test
    void thePrunedSearchFindsWhatPlainEnumerationOfEveryOrderFinds() {
        for (int seed = 0; seed < 300; seed++) {
            Instance in = mixed(new SplittableRandom(seed));
            int n = in.jobs().size();
            double plain = enumerate(in, new boolean[n], new int[n][], new double[n], 0);
            assertEquals(plain, solveAndCheck(in), 1e-9 * plain, "seed " + seed);
        }
    }

    @Test
    void handCheckedOptima() {
        // Two rigid jobs of I/O node 0 both hold it: one after the other, 1 + 1.
        LineTopology middle = LineTopology.parse("C2 IO C2");
        assertEquals(2.0, solveAndCheck(new Instance(middle,
                List.of(MalleableJob.rigid(0, 1, 2, 0), MalleableJob.rigid(1, 1, 2, 0)), Speedup.proportional())), 1e-12);
        // IO C2 IO: one job at each end, one node each, side by side.
        LineTopology ends = LineTopology.parse("IO C2 IO");
        assertEquals(1.0, solveAndCheck(new Instance(ends,
                List.of(MalleableJob.rigid(0, 1, 1, 0), MalleableJob.rigid(1, 1, 1, 1)), Speedup.proportional())), 1e-12);
        // With two nodes each they must share the line: 2.
        assertEquals(2.0, solveAndCheck(new Instance(ends,
                List.of(MalleableJob.rigid(0, 1, 2, 0), MalleableJob.rigid(1, 1, 2, 1)), Speedup.proportional())), 1e-12);
        // Amdahl with s = 0.5 on up to 4 nodes: 4 (0.5 + 0.5 / 4) = 2.5, the fastest allocation.
        assertEquals(2.5, solveAndCheck(new Instance(middle, List.of(MalleableJob.malleable(0, 4, 4, 0)),
                Speedup.amdahl(0.5))), 1e-12);
        // Proportional, Q = 2, loads 2 and 6 at the two ends of IO C4 IO: each on the two nodes of its
        // side, at the same time; the second cannot run faster than 6 / 2 = 3.
        LineTopology wide = LineTopology.parse("IO C4 IO");
        assertEquals(3.0, solveAndCheck(new Instance(wide,
                List.of(MalleableJob.malleable(0, 2, 2, 0), MalleableJob.malleable(1, 6, 2, 1)), Speedup.proportional())),
                1e-12);
    }

    @Test
    void anInstanceWithNoJobsHasMakespanZero() {
        ExactSolver.Solution s = ExactSolver.solve(new Instance(LineTopology.parse("IO C2"), List.of(),
                Speedup.proportional()));
        assertEquals(0.0, s.makespan());
        assertTrue(s.schedule().isEmpty());
    }

    @Test
    void aStepLimitStopsTheSearchAndALimitItStaysWithinChangesNothing() {
        Instance in = Instances.theorem2(new double[] {3, 1, 1, 2, 1}, 2);
        ExactSolver.SearchLimitException e = assertThrows(ExactSolver.SearchLimitException.class,
                () -> ExactSolver.solve(in, 10));
        assertTrue(e.getMessage().startsWith("the exact solver gave up after 10 search steps: 7 jobs"), e.getMessage());
        assertEquals(ExactSolver.solve(in).makespan(), ExactSolver.solve(in, ExactSolver.DEFAULT_MAX_STEPS).makespan());
        assertThrows(IllegalArgumentException.class, () -> ExactSolver.solve(in, 0));
    }

    @Test
    void moreThanEightJobsAreRefused() {
        List<MalleableJob> jobs = new ArrayList<>();
        for (int i = 0; i <= ExactSolver.MAX_JOBS; i++) {
            jobs.add(MalleableJob.malleable(i, 1, 1, 0));
        }
        Instance in = new Instance(LineTopology.parse("IO C2"), jobs, Speedup.proportional());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExactSolver.solve(in)).getMessage()
                .contains("at most 8 jobs"));
    }
}
