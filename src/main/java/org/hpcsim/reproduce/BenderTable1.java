package org.hpcsim.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hpcsim.study.SituationDecisionExperiment;
import org.hpcsim.study.Workloads;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.WorkloadOptions;

/**
 * Bender et al.'s Table 1: each decision allocator's mean total pairwise distance in the situations
 * each situation allocator creates, on the LLNL Cray T3D trace and a 16x16 mesh, jobs placed first
 * come first served.
 */
final class BenderTable1 implements Reproduction {
    static final String TRACE = "traces/LLNL-T3D-1996-2.premas-converted.txt";
    /** The paper's names and hpcsim's allocators, in the table's order. */
    private static final Map<String, String> ALLOCATORS = new LinkedHashMap<>();

    static {
        ALLOCATORS.put("MC1x1", "mc1x1");
        ALLOCATORS.put("MM", "mm");
        ALLOCATORS.put("MM+Inc", "mm-inc");
        ALLOCATORS.put("HilbertBF", "best-fit[hilbert]");
    }

    @Override
    public String name() {
        return "bender-table1";
    }

    @Override
    public String title() {
        return "Bender et al. 2008, Table 1: situation and decision allocators on the LLNL T3D trace, mesh:16x16";
    }

    @Override
    public List<String> inputs() {
        return List.of(TRACE);
    }

    @Override
    public Outcome run(Context context) {
        List<Job> jobs = Workloads.load(context.input(TRACE), "four-column",
                new WorkloadOptions(1, WorkloadOptions.SwfSizeField.ALLOCATED, 1.0, true), context.registry());
        List<String> specs = List.copyOf(ALLOCATORS.values());
        SituationDecisionExperiment.Settings s = new SituationDecisionExperiment.Settings("mesh:16x16", "fcfs", specs,
                specs, 1, context.threads());
        List<SituationDecisionExperiment.Entry> entries = new SituationDecisionExperiment(context.registry()).run(jobs, s);
        Map<String, Double> mean = new LinkedHashMap<>();
        for (SituationDecisionExperiment.Entry e : entries) {
            mean.put(e.situation() + "|" + e.decision(), e.meanPairwiseHops());
        }
        List<Published> published = Published.of(name());
        List<Outcome.Comparison> comparisons = new ArrayList<>();
        List<Outcome.Ranking> rankings = new ArrayList<>();
        String entryWhy = "The paper does not publish its simulator's scheduling (when each job starts, hence which"
                + " nodes are free at each decision); every entry is within 2 % of the paper's and the orders, the"
                + " paper's claim, are checked below.";
        Map<String, Double> diagonal = new LinkedHashMap<>();
        for (Map.Entry<String, String> situation : ALLOCATORS.entrySet()) {
            Map<String, Double> row = new LinkedHashMap<>();
            for (Map.Entry<String, String> decision : ALLOCATORS.entrySet()) {
                double v = mean.get(situation.getValue() + "|" + decision.getValue());
                row.put(decision.getKey(), v);
                comparisons.add(Rankings.compare(Published.at(published, situation.getKey(), decision.getKey()), "", v,
                        0.005, entryWhy));
                if (situation.getKey().equals(decision.getKey())) {
                    diagonal.put(situation.getKey(), v);
                }
            }
            Map<String, Double> paperRow = new LinkedHashMap<>();
            for (String decision : ALLOCATORS.keySet()) {
                paperRow.put(decision, Published.at(published, situation.getKey(), decision).value());
            }
            rankings.add(Rankings.rank("decisions in situation " + situation.getKey(), Rankings.ascending(paperRow),
                    Rankings.ascending(row), "Unexpected: the paper ranks every row MM+Inc, MM, MC1x1, HilbertBF."));
        }
        Map<String, Double> paperDiagonal = new LinkedHashMap<>();
        for (String a : ALLOCATORS.keySet()) {
            paperDiagonal.put(a, Published.at(published, a, a).value());
        }
        rankings.add(Rankings.rank("the diagonal (each allocator in its own situations)", Rankings.ascending(paperDiagonal),
                Rankings.ascending(diagonal), "Unexpected: the paper's diagonal ranks HilbertBF, MC1x1, MM+Inc, MM."));
        List<String> notes = new ArrayList<>();
        StringBuilder gaps = new StringBuilder();
        for (String situation : ALLOCATORS.keySet()) {
            double ours = mean.get(ALLOCATORS.get(situation) + "|mc1x1") - mean.get(ALLOCATORS.get(situation) + "|mm");
            double paper = Published.at(published, situation, "MC1x1").value() - Published.at(published, situation, "MM").value();
            gaps.append(gaps.isEmpty() ? "" : ", ").append(situation).append(' ')
                    .append(String.format(Locale.ROOT, "%.1f (paper %.0f)", ours, paper));
        }
        notes.add("MC1x1 minus MM per situation: " + gaps + ". " + BenderFindings.GAP);
        return new Outcome(name(), title(), "`hpcsim experiment situation-decision` on `LLNL-T3D-1996-2.premas-converted.txt` ("
                + jobs.size() + " jobs), `mesh:16x16`, `fcfs`; a single-node job counts 0.", comparisons, rankings, notes);
    }
}
