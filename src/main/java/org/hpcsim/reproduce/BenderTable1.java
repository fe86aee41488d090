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

    /** hpcsim's two readings: its defaults, and the one closest to the paper's figures. */
    private record Setting(String label, String scheduler, String mc1x1) {
    }

    private static final List<Setting> SETTINGS = List.of(new Setting("fcfs, mc1x1", "fcfs", "mc1x1"),
            new Setting("easy, mc1x1[scan]", "easy", "mc1x1[scan]"));

    @Override
    public Outcome run(Context context) {
        List<Job> jobs = Workloads.load(context.input(TRACE), "four-column",
                new WorkloadOptions(1, WorkloadOptions.SwfSizeField.ALLOCATED, 1.0, true), context.registry());
        List<Published> published = Published.of(name());
        List<Outcome.Comparison> comparisons = new ArrayList<>();
        List<Outcome.Ranking> rankings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Setting setting : SETTINGS) {
            run(context, jobs, setting, published, comparisons, rankings, notes);
        }
        notes.add("The MC1x1 column: the paper defines MC1x1 by its cost (the sum of shell numbers), which does not tell"
                + " the free nodes of its last, partly needed shell apart; hpcsim's mc1x1 takes those nearest the"
                + " center, which makes it a better decision allocator than the paper's (gap 13-15), while mc1x1[scan]"
                + " takes the shell's lowest ids and brings the gap back to 29-36; the paper names no scheduler, and"
                + " with EASY the whole table is within 0.5 % (docs/reproducing.md lists every variant tried).");
        return new Outcome(name(), title(), "`hpcsim experiment situation-decision` on `LLNL-T3D-1996-2.premas-converted.txt` ("
                + jobs.size() + " jobs), `mesh:16x16`, a single-node job counts 0; once with hpcsim's defaults (`fcfs`,"
                + " `mc1x1`) and once with `easy` and `mc1x1[scan]`, the reading closest to the paper.", comparisons,
                rankings, notes);
    }

    private void run(Context context, List<Job> jobs, Setting setting, List<Published> published,
                     List<Outcome.Comparison> comparisons, List<Outcome.Ranking> rankings, List<String> notes) {
        List<String> specs = new ArrayList<>();
        for (String spec : ALLOCATORS.values()) {
            specs.add(spec.equals("mc1x1") ? setting.mc1x1() : spec);
        }
        SituationDecisionExperiment.Settings s = new SituationDecisionExperiment.Settings("mesh:16x16",
                setting.scheduler(), specs, specs, 1, context.threads());
        List<SituationDecisionExperiment.Entry> entries = new SituationDecisionExperiment(context.registry()).run(jobs, s);
        List<String> names = List.copyOf(ALLOCATORS.keySet());
        Map<String, Double> mean = new LinkedHashMap<>();
        for (SituationDecisionExperiment.Entry e : entries) {
            mean.put(names.get(specs.indexOf(e.situation())) + "|" + names.get(specs.indexOf(e.decision())),
                    e.meanPairwiseHops());
        }
        String entryWhy = setting.scheduler().equals("fcfs")
                ? "The paper names no scheduler and its MC1x1 orders its last shell differently (see the note); with"
                        + " both read as in the second setting every entry is within 0.5 %."
                : "Unexpected: with EASY and mc1x1[scan] every entry was within 0.5 % of the paper's.";
        Map<String, Double> diagonal = new LinkedHashMap<>();
        for (String situation : names) {
            Map<String, Double> row = new LinkedHashMap<>();
            Map<String, Double> paperRow = new LinkedHashMap<>();
            for (String decision : names) {
                double v = mean.get(situation + "|" + decision);
                row.put(decision, v);
                paperRow.put(decision, Published.at(published, situation, decision).value());
                comparisons.add(Rankings.compare(Published.at(published, situation, decision), setting.label(), v,
                        0.005, entryWhy));
                if (situation.equals(decision)) {
                    diagonal.put(situation, v);
                }
            }
            rankings.add(Rankings.rank("decisions in situation " + situation + ", " + setting.label(),
                    Rankings.ascending(paperRow), Rankings.ascending(row),
                    "Unexpected: the paper ranks every row MM+Inc, MM, MC1x1, HilbertBF."));
        }
        Map<String, Double> paperDiagonal = new LinkedHashMap<>();
        for (String a : names) {
            paperDiagonal.put(a, Published.at(published, a, a).value());
        }
        rankings.add(Rankings.rank("the diagonal (each allocator in its own situations), " + setting.label(),
                Rankings.ascending(paperDiagonal), Rankings.ascending(diagonal),
                "MC1x1 and MM+Inc tie on the diagonal under this reading (within 0.01 %), where the paper has MC1x1"
                        + " 13 lower."));
        StringBuilder gaps = new StringBuilder();
        for (String situation : names) {
            double ours = mean.get(situation + "|MC1x1") - mean.get(situation + "|MM");
            double paper = Published.at(published, situation, "MC1x1").value() - Published.at(published, situation, "MM").value();
            gaps.append(gaps.isEmpty() ? "" : ", ").append(situation).append(' ')
                    .append(String.format(Locale.ROOT, "%.1f (paper %.0f)", ours, paper));
        }
        notes.add("MC1x1 minus MM per situation, " + setting.label() + ": " + gaps + ".");
    }
}
