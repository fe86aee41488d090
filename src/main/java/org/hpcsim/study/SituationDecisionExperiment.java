package org.hpcsim.study;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.registry.Registry;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.Job;

/**
 * Bender et al.'s situation/decision experiment (Table 1). The situation allocator places the
 * trace's jobs as the scheduler starts them; just before each placement every decision allocator
 * proposes nodes for the same job on the same free nodes, and the total pairwise distance of its
 * proposal is recorded but not carried out. An entry is the mean over all placed jobs (single-node
 * jobs count with distance 0, as every placement is a decision). A decision allocator that cannot
 * place a job (contiguous) is counted separately and left out of its mean.
 */
public final class SituationDecisionExperiment {

    /**
     * @param machine     machine spec
     * @param scheduler   scheduler spec
     * @param situations  allocator specs that place the jobs
     * @param decisions   allocator specs evaluated at each placement
     * @param seed        seed for random allocators
     * @param threads     situations run in parallel on this many threads
     */
    public record Settings(String machine, String scheduler, List<String> situations, List<String> decisions,
                           long seed, int threads) {
    }

    /** One (situation, decision) entry. */
    public record Entry(String situation, String decision, long placements, long refused, double meanPairwiseHops) {
    }

    private final Registry registry;

    public SituationDecisionExperiment(Registry registry) {
        this.registry = registry;
    }

    /** Every entry, situations in the given order, decisions within each. */
    public List<Entry> run(List<Job> jobs, Settings s) {
        Topology probe = Machines.parse(s.machine());
        if (!probe.hasDistances()) {
            throw new IllegalArgumentException("the experiment measures hop distances: give a mesh or torus, not "
                    + probe.spec());
        }
        for (String spec : s.situations()) {
            registry.allocators().args(org.hpcsim.registry.PolicySpec.parse(spec));
        }
        for (String spec : s.decisions()) {
            registry.allocators().args(org.hpcsim.registry.PolicySpec.parse(spec));
        }
        registry.scheduler(s.scheduler());
        List<Callable<List<Entry>>> runs = new ArrayList<>();
        for (String situation : s.situations()) {
            runs.add(() -> runSituation(jobs, s, situation));
        }
        List<Entry> entries = new ArrayList<>();
        for (List<Entry> perSituation : ParallelRuns.run(runs, s.threads())) {
            entries.addAll(perSituation);
        }
        return entries;
    }

    private List<Entry> runSituation(List<Job> jobs, Settings s, String situation) {
        Topology topology = Machines.parse(s.machine());
        MachineState machine = new MachineState(topology);
        Allocator placing = registry.allocator(situation, machine, s.seed());
        int d = s.decisions().size();
        Allocator[] deciders = new Allocator[d];
        for (int i = 0; i < d; i++) {
            deciders[i] = registry.allocator(s.decisions().get(i), machine, s.seed());
        }
        long[] placements = new long[d];
        long[] refused = new long[d];
        double[] sums = new double[d];
        long[] pending = new long[d];
        Allocator observed = (job, nodes) -> {
            for (int i = 0; i < d; i++) {
                int[] proposal = deciders[i].allocate(job, nodes);
                pending[i] = proposal == null ? -1 : topology.sumPairwiseHops(proposal);
            }
            int[] chosen = placing.allocate(job, nodes);
            if (chosen != null) {
                for (int i = 0; i < d; i++) {
                    if (pending[i] < 0) {
                        refused[i]++;
                    } else {
                        placements[i]++;
                        sums[i] += pending[i];
                    }
                }
            }
            return chosen;
        };
        SequentialRun.run(jobs, machine, observed, registry.scheduler(s.scheduler()));
        List<Entry> out = new ArrayList<>(d);
        for (int i = 0; i < d; i++) {
            out.add(new Entry(situation, s.decisions().get(i), placements[i], refused[i],
                    placements[i] == 0 ? Double.NaN : sums[i] / placements[i]));
        }
        return out;
    }

    /** The entries as a situation x decision matrix of means. */
    public static ResultTable matrix(List<Entry> entries, Settings s) {
        List<String> columns = new ArrayList<>();
        columns.add("situation \\ decision");
        columns.addAll(s.decisions());
        ResultTable t = new ResultTable(columns, 1);
        for (String situation : s.situations()) {
            Object[] row = new Object[columns.size()];
            row[0] = situation;
            for (Entry e : entries) {
                if (e.situation().equals(situation)) {
                    row[1 + s.decisions().indexOf(e.decision())] = e.meanPairwiseHops();
                }
            }
            t.add(row);
        }
        return t;
    }

    /** One row per entry, for CSV. */
    public static ResultTable entries(List<Entry> entries) {
        ResultTable t = new ResultTable(List.of("situation", "decision", "placements", "refused",
                "mean_pairwise_hops_sum"), 6);
        for (Entry e : entries) {
            t.add(e.situation(), e.decision(), e.placements(), e.refused(), e.meanPairwiseHops());
        }
        return t;
    }
}
