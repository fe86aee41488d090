package org.hpcsim.malleable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Theorem 2 of Bampis et al. 2020 on small cases, with the exact solver: a schedule of makespan B (Q +
 * 1) exists exactly when the weights split into two halves of equal sum.
 */
class TheoremTwoTest {
    private static double optimum(double[] weights, int q) {
        Instance in = Instances.theorem2(weights, q);
        ExactSolver.Solution s = ExactSolver.solve(in);
        Verifier.Report report = Verifier.check(in, s.schedule());
        assertTrue(report.valid(), report.violations().toString());
        assertEquals(s.makespan(), report.makespan(), 1e-9);
        assertTrue(LowerBounds.of(in).lb() <= s.makespan() * (1 + 1e-9));
        return s.makespan();
    }

    @Test
    void aYesInstanceReachesTheTargetAndNothingBelowIt() {
        // {1, 1} | {2}, Q = 2: B = 4 / 4 = 1, target B (Q + 1) = 3.
        double[] w = {1, 1, 2};
        assertEquals(3.0, Instances.theorem2Target(w, 2), 1e-12);
        assertEquals(3.0, optimum(w, 2), 1e-9);
    }

    @Test
    void aLargerYesInstanceReachesTheTargetToo() {
        // {3, 1} | {1, 2, 1}, Q = 2: B = 8 / 4 = 2, target 6.
        double[] w = {3, 1, 1, 2, 1};
        assertEquals(6.0, Instances.theorem2Target(w, 2), 1e-12);
        assertEquals(6.0, optimum(w, 2), 1e-9);
    }

    @Test
    void noInstancesStayAboveTheTarget() {
        // {1, 1, 4}: half of 6 is 3, which no subset sums to; target 6 / 4 * 3 = 4.5.
        double[] odd = {1, 1, 4};
        assertTrue(optimum(odd, 2) > Instances.theorem2Target(odd, 2) + 1e-6);
        // {2, 2, 2, 4}: half of 10 is 5, and every subset sum is even; target 10 / 4 * 3 = 7.5.
        double[] even = {2, 2, 2, 4};
        assertTrue(optimum(even, 2) > Instances.theorem2Target(even, 2) + 1e-6);
    }

    @Test
    void withQOfOneTheReductionIsCorollaryOnesRigidCase() {
        // Q = 1: m^C = 2, every job on one node; {1, 1, 2} splits, {1, 1, 4} does not.
        assertEquals(Instances.theorem2Target(new double[] {1, 1, 2}, 1), optimum(new double[] {1, 1, 2}, 1), 1e-9);
        assertTrue(optimum(new double[] {1, 1, 4}, 1) > Instances.theorem2Target(new double[] {1, 1, 4}, 1) + 1e-6);
    }
}
