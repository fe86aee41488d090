package org.hpcsim.malleable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.malleable.GeneralizedMalleable.Allocation;
import org.hpcsim.malleable.GeneralizedMalleable.Result;
import org.hpcsim.topology.LineTopology;
import org.junit.jupiter.api.Test;

class GeneralizedMalleableTest {

    /** A random convex non-increasing table: f(1) = 1, decrements non-increasing, f stays positive. */
    private static Speedup randomTable(SplittableRandom random) {
        double[] f = new double[1 + random.nextInt(6)];
        f[0] = 1;
        double step = random.nextDouble(0, 1.0 / f.length);
        for (int i = 1; i < f.length; i++) {
            step *= random.nextDouble(0.3, 1);
            f[i] = f[i - 1] - step;
        }
        return Speedup.table(f);
    }

    private static Instance randomInstance(SplittableRandom random) {
        int size = 5 + random.nextInt(26);
        int[] gaps = new int[1 + random.nextInt(4)];
        for (int k = 0; k < gaps.length; k++) {
            gaps[k] = random.nextInt(size + 1);
        }
        Arrays.sort(gaps);
        LineTopology line = LineTopology.withGaps(size, gaps);
        Speedup f = switch (random.nextInt(3)) {
            case 0 -> Speedup.proportional();
            case 1 -> Speedup.amdahl(random.nextDouble(0, 0.5));
            default -> randomTable(random);
        };
        int n = 1 + random.nextInt(15);
        double rigidShare = random.nextDouble();
        List<MalleableJob> jobs = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            int q = 1 + random.nextInt(Math.min(6, size));
            int io = random.nextInt(gaps.length);
            double load = Math.exp(random.nextDouble(-2, 2));
            // Ids out of order on purpose: the schedule comes back ordered by id.
            long id = (7L * j + 3) % 101;
            jobs.add(random.nextDouble() < rigidShare ? MalleableJob.rigid(id, load, q, io)
                    : MalleableJob.malleable(id, load, q, io));
        }
        return new Instance(line, jobs, f);
    }

    @Test
    void randomInstancesGetValidSchedulesWithinTheoremNinesBound() {
        SplittableRandom random = new SplittableRandom(2020);
        int count = 300;
        double[] overLb = new double[count];
        double[] overLoad = new double[count];
        double worstRounding = 0;
        double worstChoice = 0;
        int roundingAboveAlpha = 0;
        for (int s = 0; s < count; s++) {
            Instance instance = randomInstance(random);
            Result r = GeneralizedMalleable.schedule(instance);
            Verifier.Report report = Verifier.check(instance, r.schedule());
            String where = "instance " + s + " (" + instance.line().layout() + ", " + instance.speedup().spec() + ")";
            assertTrue(report.valid(), () -> where + ": " + report.violations());
            assertEquals(report.makespan(), r.makespan(), 1e-12 * r.makespan());
            double eps = 1e-9 * r.makespan();
            assertTrue(r.lowerBound() <= r.makespan() + eps, where + ": LB " + r.lowerBound() + " > " + r.makespan());
            assertTrue(r.makespan() >= r.integralLoad() - eps, where + ": makespan below LOAD");
            assertTrue(r.integralLoad() <= r.roundingRatio() * r.lowerBound() + eps, where + ": LOAD above ratio * LB");
            assertTrue(r.makespan() <= 3 * r.alphaMax() * r.lowerBound() + eps, where + ": makespan " + r.makespan()
                    + " > 3 alphaMax LB = " + 3 * r.alphaMax() * r.lowerBound());
            for (int j = 1; j < r.schedule().size(); j++) {
                assertTrue(r.schedule().get(j - 1).job() < r.schedule().get(j).job(), where + ": not ordered by id");
            }
            overLb[s] = r.makespan() / r.lowerBound();
            overLoad[s] = r.makespan() / r.integralLoad();
            worstRounding = Math.max(worstRounding, r.roundingRatio());
            for (GeneralizedMalleable.Choice c : r.choices()) {
                worstChoice = Math.max(worstChoice, c.ratio());
            }
            roundingAboveAlpha += r.roundingRatio() > r.alphaMax() * (1 + 1e-9) ? 1 : 0;
        }
        Arrays.sort(overLb);
        Arrays.sort(overLoad);
        System.out.printf("GeneralizedMalleable on %d random instances: makespan/LB median %.4f, max %.4f;"
                        + " makespan/LOAD median %.4f, max %.4f; rounding ratio max %.4f, above alphaMax in %d;"
                        + " largest ratio of one job's choice %.4f%n",
                count, overLb[count / 2], overLb[count - 1], overLoad[count / 2], overLoad[count - 1], worstRounding,
                roundingAboveAlpha, worstChoice);
    }

    @Test
    void singleProportionalJobRunsOnItsWidestAllocation() {
        Instance instance = new Instance(LineTopology.parse("C8 IO C8"),
                List.of(MalleableJob.malleable(1, 8, 4, 0)), Speedup.proportional());
        Result r = GeneralizedMalleable.schedule(instance);
        assertEquals(4, r.schedule().get(0).count());
        assertEquals(2, r.lowerBound(), 1e-9);
        assertEquals(2, r.makespan(), 1e-9);
        assertEquals(1, r.roundingRatio(), 1e-9);
        assertEquals(1, r.choices().get(0).ratio(), 1e-9);
        assertEquals(0, r.schedule().get(0).start());
    }

    @Test
    void rigidJobsSharingTheirIoNodeRunOneAfterTheOther() {
        Instance instance = new Instance(LineTopology.parse("C2 IO C2"),
                List.of(MalleableJob.rigid(1, 3, 2, 0), MalleableJob.rigid(2, 5, 2, 0)), Speedup.proportional());
        Result r = GeneralizedMalleable.schedule(instance);
        assertTrue(Verifier.check(instance, r.schedule()).valid());
        // Both need the I/O node's position: LB = 3 + 5, and the packing meets it.
        assertEquals(8, r.lowerBound(), 1e-9);
        assertEquals(8, r.makespan(), 1e-9);
        assertEquals(1, r.alphas().size());
        GeneralizedMalleable.Alpha alpha = r.alphas().get(0);
        assertEquals(2, alpha.maxNodes());
        assertTrue(alpha.rigid());
        assertEquals(2, alpha.alpha(), 1e-6);
        assertEquals(2, r.alphaMax(), 1e-6);
    }

    @Test
    void rigidJobsOnSeparateIoNodesRunTogether() {
        Instance instance = new Instance(LineTopology.parse("C2 IO C4 IO C2"),
                List.of(MalleableJob.rigid(1, 3, 2, 0), MalleableJob.rigid(2, 3, 2, 1)), Speedup.proportional());
        Result r = GeneralizedMalleable.schedule(instance);
        assertTrue(Verifier.check(instance, r.schedule()).valid());
        assertEquals(3, r.lowerBound(), 1e-9);
        assertEquals(3, r.makespan(), 1e-9);
        assertEquals(0, r.schedule().get(0).start());
        assertEquals(0, r.schedule().get(1).start());
    }

    @Test
    void allocationsAreTheLocalRangesWidestFirstThenLeftmost() {
        LineTopology line = LineTopology.parse("C3 IO C1 IO C3");
        List<Allocation> list = GeneralizedMalleable.allocations(line, MalleableJob.malleable(1, 6, 2, 0),
                Speedup.proportional());
        // Positions: compute nodes 0-2 at 0-2, I/O node 0 at 3, compute node 3 at 4, I/O node 1 at 5,
        // compute nodes 4-6 at 6-8. A hull takes in the other I/O node when it reaches past it.
        assertEquals(List.of(
                new Allocation(1, 2, 1, 3, 3), new Allocation(2, 2, 2, 4, 3), new Allocation(3, 2, 3, 6, 3),
                new Allocation(2, 1, 2, 3, 6), new Allocation(3, 1, 3, 4, 6)), list);
        List<Allocation> rigid = GeneralizedMalleable.allocations(line, MalleableJob.rigid(2, 5, 3, 1),
                Speedup.proportional());
        assertEquals(List.of(new Allocation(1, 3, 1, 5, 5), new Allocation(2, 3, 2, 6, 5),
                new Allocation(3, 3, 4, 7, 5), new Allocation(4, 3, 5, 8, 5)), rigid);
    }

    @Test
    void roundingTiesGoToTheWidestLeftmostAllocation() {
        // C2 IO C2, Q = 2, x = 1/2 on both one-sided allocations: every compute node carries a/4, and
        // the three allocations of 2 nodes all have ratio 2.
        LineTopology line = LineTopology.parse("C2 IO C2");
        List<Allocation> list = GeneralizedMalleable.allocations(line, MalleableJob.malleable(1, 4, 2, 0),
                Speedup.proportional());
        double[] x = {0.5, 0, 0.5, 0, 0};
        double[] share = GeneralizedMalleable.shares(list, x, line.length());
        assertEquals(0, GeneralizedMalleable.round(list, share));
        assertEquals(2, GeneralizedMalleable.ratio(list.get(1), share), 1e-12);
    }

    @Test
    void anAllocationReachingAPositionTheLpLeftEmptyHasAnInfiniteRatio() {
        LineTopology line = LineTopology.parse("C2 IO C2");
        List<Allocation> list = GeneralizedMalleable.allocations(line, MalleableJob.malleable(1, 4, 2, 0),
                Speedup.proportional());
        double[] share = GeneralizedMalleable.shares(list, new double[] {1, 0, 0, 0, 0}, line.length());
        assertEquals(Double.POSITIVE_INFINITY, GeneralizedMalleable.ratio(list.get(2), share));
        assertEquals(0, GeneralizedMalleable.round(list, share));
    }

    @Test
    void roundingRatioCanExceedThePapersAlpha() {
        // C3 IO C3, proportional, Q = 3: x = 3/8 on each one-sided allocation of 3 nodes and 1/4 on the
        // single node left of the I/O node. Every allocation then has a node where p_l / L_i >= 8/3,
        // while (R1)-(R3) give alpha = 2: the paper's alpha does not bound the rounding.
        LineTopology line = LineTopology.parse("C3 IO C3");
        MalleableJob job = MalleableJob.malleable(1, 3, 3, 0);
        List<Allocation> list = GeneralizedMalleable.allocations(line, job, Speedup.proportional());
        double[] x = new double[list.size()];
        for (int l = 0; l < list.size(); l++) {
            Allocation a = list.get(l);
            boolean oneSided = a.count() == 3 && (a.first() == 0 || a.first() == 3);
            x[l] = oneSided ? 3.0 / 8 : a.count() == 1 && a.first() == 2 ? 1.0 / 4 : 0;
        }
        assertEquals(1, Arrays.stream(x).sum(), 1e-12);
        double[] share = GeneralizedMalleable.shares(list, x, line.length());
        int pick = GeneralizedMalleable.round(list, share);
        assertEquals(8.0 / 3, GeneralizedMalleable.ratio(list.get(pick), share), 1e-12);
        assertEquals(2, AlphaBound.alphaByLp(Speedup.proportional(), 3), 1e-6);
    }

    @Test
    void noJobsGiveAnEmptySchedule() {
        Result r = GeneralizedMalleable.schedule(new Instance(LineTopology.parse("C4 IO"), List.of(),
                Speedup.proportional()));
        assertEquals(List.of(), r.schedule());
        assertEquals(0, r.makespan());
        assertEquals(0, r.lowerBound());
        assertEquals(0, r.alphaMax());
    }

    @Test
    void aJobWiderThanTheLineIsRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Instance(
                LineTopology.parse("C3 IO"), List.of(MalleableJob.malleable(42, 1, 4, 0)), Speedup.proportional()));
        assertTrue(e.getMessage().contains("job 42"), e.getMessage());
    }

    @Test
    void schedulesAreDeterministic() {
        Instance instance = randomInstance(new SplittableRandom(11));
        Result a = GeneralizedMalleable.schedule(instance);
        Result b = GeneralizedMalleable.schedule(instance);
        assertEquals(a.choices(), b.choices());
        for (int j = 0; j < a.schedule().size(); j++) {
            assertEquals(a.schedule().get(j).start(), b.schedule().get(j).start());
        }
    }
}
