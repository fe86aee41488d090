package org.hpcsim.study;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.locality.Locality;
import org.hpcsim.locality.LocalityMeter;
import org.hpcsim.registry.Registry;
import org.hpcsim.topology.Curve;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.Job;

/**
 * Leung et al.'s Cplant simulation (section 3): an 8x8x5 mesh, the Cplant queue (fewest requested
 * processors first, then shortest requested time; strict order, polled periodically), one run per
 * (strategy, curve, work multiple). Reports the average span (ring span on the strategy's curve)
 * and the average bounding-cube ratio over every job that ran, with the linear span, stretch-span,
 * bounding-box ratio, pairwise hops and components alongside.
 */
public final class CplantExperiment {

    /**
     * @param machine       machine spec
     * @param scheduler     scheduler spec
     * @param pollMicros    scheduler polling period (0: at every event)
     * @param strategies    1D allocator names taking a curve (e.g. first-fit)
     * @param curves        curve specs
     * @param workMultiples run-time factors
     * @param seed          seed for random allocators
     * @param threads       runs in parallel
     */
    public record Settings(String machine, String scheduler, long pollMicros, List<String> strategies,
                           List<String> curves, List<Double> workMultiples, long seed, int threads) {
    }

    /** Means over the jobs of one run. */
    public record Entry(String strategy, String curve, double workMultiple, long jobs, double span, double linearSpan,
                        double stretchSpan, double boxRatio, double cubeRatio, double avgPairwiseHops,
                        double components) {
    }

    private final Registry registry;

    public CplantExperiment(Registry registry) {
        this.registry = registry;
    }

    /** Entries ordered by strategy, curve, then work multiple. */
    public List<Entry> run(List<Job> jobs, Settings s) {
        registry.scheduler(s.scheduler());
        for (String strategy : s.strategies()) {
            if (registry.allocatorCurve(strategy) == null) {
                throw new IllegalArgumentException("strategy '" + strategy + "' takes no curve; the Cplant experiment"
                        + " compares 1D strategies (sorted-free-list, first-fit, best-fit, sum-of-squares)");
            }
            if (strategy.contains("[")) {
                throw new IllegalArgumentException("give strategies without arguments ('" + strategy
                        + "'); the curves come from --curves");
            }
        }
        for (String curve : s.curves()) {
            registry.curve(curve);
        }
        Machines.parse(s.machine());
        List<Callable<Entry>> runs = new ArrayList<>();
        for (String strategy : s.strategies()) {
            for (String curve : s.curves()) {
                for (double wm : s.workMultiples()) {
                    runs.add(() -> runOne(jobs, s, strategy, curve, wm));
                }
            }
        }
        return ParallelRuns.run(runs, s.threads());
    }

    private Entry runOne(List<Job> jobs, Settings s, String strategy, String curve, double wm) {
        Topology topology = Machines.parse(s.machine());
        MachineState machine = new MachineState(topology);
        Allocator allocator = registry.allocator(strategy + "[" + curve + "]", machine, s.seed());
        LocalityMeter meter = new LocalityMeter(topology, Curve.ranks(registry.curve(curve).order(topology)));
        double[] sum = new double[7];
        long[] count = new long[1];
        SequentialRun.run(Workloads.workMultiple(jobs, wm), machine, allocator, registry.scheduler(s.scheduler()),
                s.pollMicros(), r -> {
                    Locality l = meter.measure(r.nodes());
                    count[0]++;
                    sum[0] += l.ringSpan();
                    sum[1] += l.linearSpan();
                    sum[2] += l.stretchSpan();
                    sum[3] += l.hasGeometry() ? l.boxRatio() : Double.NaN;
                    sum[4] += l.hasGeometry() ? l.cubeRatio() : Double.NaN;
                    sum[5] += l.hasGeometry() ? l.avgPairwiseHops() : Double.NaN;
                    sum[6] += l.hasGeometry() ? l.components() : Double.NaN;
                });
        long n = count[0];
        double[] mean = new double[sum.length];
        for (int i = 0; i < sum.length; i++) {
            mean[i] = n == 0 ? Double.NaN : sum[i] / n;
        }
        return new Entry(strategy, curve, wm, n, mean[0], mean[1], mean[2], mean[3], mean[4], mean[5], mean[6]);
    }

    public static ResultTable table(List<Entry> entries) {
        ResultTable t = new ResultTable(List.of("strategy", "curve", "work_multiple", "jobs", "span", "linear_span",
                "stretch_span", "bbox_ratio", "bcube_ratio", "avg_pairwise_hops", "components"), 4);
        for (Entry e : entries) {
            t.add(e.strategy(), e.curve(), e.workMultiple(), e.jobs(), e.span(), e.linearSpan(), e.stretchSpan(),
                    e.boxRatio(), e.cubeRatio(), e.avgPairwiseHops(), e.components());
        }
        return t;
    }
}
