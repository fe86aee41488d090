package org.hpcsim.reproduce;

import java.util.ArrayList;
import java.util.List;
import org.hpcsim.malleable.ExactSolver;
import org.hpcsim.malleable.Instance;
import org.hpcsim.malleable.Instances;
import org.hpcsim.malleable.Verifier;

/**
 * Bampis et al.'s Theorem 2 (and Corollary 1) on small instances, with the exact solver: the reduction
 * from Partition has a schedule of makespan B(Q + 1) exactly when the weights split into two halves of
 * equal sum.
 */
final class BampisTheorem2 implements Reproduction {

    @Override
    public String name() {
        return "bampis-theorem2";
    }

    @Override
    public String title() {
        return "Bampis et al. 2020, Theorem 2 and Corollary 1: Partition instances solved exactly";
    }

    @Override
    public Outcome run(Context context) {
        List<Outcome.Comparison> comparisons = new ArrayList<>();
        for (Published p : Published.of(name())) {
            String row = p.row();
            String[] parts = row.substring(1).split("}, Q = ");
            String[] w = parts[0].split(",");
            double[] weights = new double[w.length];
            for (int i = 0; i < w.length; i++) {
                weights[i] = Double.parseDouble(w[i]);
            }
            int q = Integer.parseInt(parts[1]);
            Instance instance = Instances.theorem2(weights, q);
            ExactSolver.Solution s = ExactSolver.solve(instance);
            Verifier.Report report = Verifier.check(instance, s.schedule());
            if (!report.valid()) {
                throw new IllegalStateException("the exact solver's schedule for " + row + " is invalid: "
                        + report.violations());
            }
            comparisons.add(Rankings.compare(p, "", s.makespan(), 1e-9,
                    "Unexpected: this would contradict the theorem or the exact solver."));
        }
        return new Outcome(name(), title(), "Each instance is the theorem's reduction (line IO, C^Q, IO, C^Q, IO; one"
                + " job per weight on the middle I/O node, two big jobs of load BQ^2 on the outer ones, every job"
                + " asking for Q nodes) solved by hpcsim's exact branch and bound; its schedule is checked by the"
                + " verifier.", comparisons, List.of(), List.of());
    }
}
