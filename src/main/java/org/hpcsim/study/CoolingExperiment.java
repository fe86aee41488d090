package org.hpcsim.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.locality.LocalitySummary;
import org.hpcsim.registry.Registry;
import org.hpcsim.report.RunMetrics;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.sim.Simulation;

/**
 * Meng et al.'s Table 1: the same trace run through the full simulation (actors, thermal model,
 * CRAC) once per allocator, comparing cooling power and run time. Each run is a complete
 * {@code hpcsim run} whose outputs land in {@code runs/ALLOCATOR/}; runs go in parallel, each on one
 * kernel thread, so results never depend on the parallelism.
 */
public final class CoolingExperiment {

    /**
     * @param keys       configuration keys every run shares (trace, machine, scheduler, network, thermal...)
     * @param allocators allocator specs, one run each
     * @param out        experiment directory; run outputs go to {@code out/runs/NAME}
     * @param threads    runs in parallel
     */
    public record Settings(Map<String, String> keys, List<String> allocators, Path out, int threads) {
    }

    /**
     * One allocator's run.
     *
     * @param meanJobCoolingKw mean over jobs of each job's mean cooling power during its run (the paper's per-job average)
     * @param meanCoolingKw    time-weighted mean cooling power over the run
     * @param meanRunSeconds   mean job run time (start to end)
     */
    public record Entry(String allocator, long jobs, double meanJobCoolingKw, double meanCoolingKw, double meanItKw,
                        double meanRunSeconds, double meanWaitSeconds, double avgPairwiseHops, double peakInlet,
                        double coolingEnergyKwh, double itEnergyKwh, Path runDir) {
    }

    private final Registry registry;
    private final Supplier<ActorRuntime> runtime;

    public CoolingExperiment(Registry registry, Supplier<ActorRuntime> runtime) {
        this.registry = registry;
        this.runtime = runtime;
    }

    /** Checks every run's configuration before any runs, then runs them; entries in allocator order. */
    public List<Entry> run(Settings s) {
        List<Simulation> prepared = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        for (String allocator : s.allocators()) {
            Path dir = s.out().resolve("runs").resolve(allocator.replaceAll("[^A-Za-z0-9._-]", "_"));
            Map<String, String> keys = new LinkedHashMap<>(s.keys());
            keys.put("allocator.policy", allocator);
            keys.put("thermal.enabled", "true");
            keys.put("kernel.threads", "1");
            keys.put("output.progress", "off");
            keys.put("output.dir", dir.toString());
            Scenario scenario = Scenario.from(ConfigLoader.load(null, keys), registry);
            prepared.add(Simulation.prepare(scenario, registry));
            dirs.add(dir);
        }
        List<Callable<Entry>> runs = new ArrayList<>();
        for (int i = 0; i < prepared.size(); i++) {
            Simulation sim = prepared.get(i);
            String allocator = s.allocators().get(i);
            Path dir = dirs.get(i);
            runs.add(() -> entry(allocator, sim.run(runtime), dir));
        }
        return ParallelRuns.run(runs, s.threads());
    }

    private static Entry entry(String allocator, Simulation.Result r, Path dir) {
        RunMetrics m = r.metrics();
        ThermalLog.Summary t = r.thermal();
        LocalitySummary l = m.locality();
        double hops = l.defined(LocalitySummary.Metric.AVG_PAIRWISE_HOPS)
                ? l.mean(LocalitySummary.Metric.AVG_PAIRWISE_HOPS) : Double.NaN;
        return new Entry(allocator, m.ran(), t.meanJobCoolingPower() / 1000, t.meanCoolingPower() / 1000,
                t.meanItPower() / 1000, m.meanRunSeconds(), m.meanWaitSeconds(), hops, t.peakInlet(),
                t.coolingEnergyKwh(), t.itEnergyKwh(), dir);
    }

    public static ResultTable table(List<Entry> entries) {
        ResultTable t = new ResultTable(List.of("allocator", "jobs", "job_cooling_power_kw", "cooling_power_kw",
                "it_power_kw", "mean_run_time_s", "mean_wait_s", "avg_pairwise_hops", "peak_inlet_c",
                "cooling_energy_kwh", "it_energy_kwh"), 3);
        for (Entry e : entries) {
            t.add(e.allocator(), e.jobs(), e.meanJobCoolingKw(), e.meanCoolingKw(), e.meanItKw(), e.meanRunSeconds(),
                    e.meanWaitSeconds(), e.avgPairwiseHops(), e.peakInlet(), e.coolingEnergyKwh(), e.itEnergyKwh());
        }
        return t;
    }
}
