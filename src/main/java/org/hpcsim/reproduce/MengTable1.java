package org.hpcsim.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.study.CoolingExperiment;
import org.hpcsim.thermal.ThermalProfile;

/**
 * Meng et al.'s Table 1 (NASA rows): cooling power and job run time per allocator, the trace run in the
 * 40-node room once per allocator, under the paper's constants and under SST's 2014 ones
 * ({@code thermal.profile = sst-2014}), with which the paper's figures were made.
 */
final class MengTable1 implements Reproduction {
    static final String TRACE = "peer-data/sst/sqe-testInputFiles/test_scheduler_0003.sim";
    static final String D_MATRIX = "thermal/sst_DMatrix4_5_2_v2014-06-16.txt";
    /** The paper's names and hpcsim's allocators, in the table's order. */
    private static final Map<String, String> ALLOCATORS = new LinkedHashMap<>();

    static {
        ALLOCATORS.put("MC1x1", "mc1x1");
        ALLOCATORS.put("Genalg", "genalg");
        ALLOCATORS.put("MM", "mm");
        ALLOCATORS.put("Random", "random");
        ALLOCATORS.put("Cooling-Aware", "cooling-aware");
    }

    @Override
    public String name() {
        return "meng-table1";
    }

    @Override
    public String title() {
        return "Meng et al., Table 1 (NASA): cooling power and run time per allocator in the 40-node room";
    }

    @Override
    public List<String> inputs() {
        return List.of(TRACE, D_MATRIX);
    }

    @Override
    public Outcome run(Context context) {
        List<Published> published = Published.of(name());
        List<Outcome.Comparison> comparisons = new ArrayList<>();
        List<Outcome.Ranking> rankings = new ArrayList<>();
        Map<ThermalProfile, List<CoolingExperiment.Entry>> results = new LinkedHashMap<>();
        for (ThermalProfile profile : ThermalProfile.values()) {
            Map<String, String> keys = new LinkedHashMap<>();
            keys.put("trace", context.input(TRACE).toString());
            keys.put("machine", "mesh:4x5x2");
            keys.put("scheduler.policy", "easy");
            keys.put("scheduler.kill-at-estimate", "false");
            keys.put("network.model", "distance");
            keys.put("thermal.d-matrix", context.input(D_MATRIX).toString());
            keys.put("thermal.profile", profile.key());
            results.put(profile, new CoolingExperiment(context.registry(), context.runtime()).run(
                    new CoolingExperiment.Settings(keys, List.copyOf(ALLOCATORS.values()),
                            context.work().resolve(profile.key()), context.threads())));
        }
        Map<String, Double> paperCooling = paper(published, "cooling power");
        Map<String, Double> paperRuntime = paper(published, "runtime");
        for (Map.Entry<ThermalProfile, List<CoolingExperiment.Entry>> r : results.entrySet()) {
            ThermalProfile profile = r.getKey();
            String variant = "profile " + profile.key();
            Map<String, Double> cooling = new LinkedHashMap<>();
            Map<String, Double> runtime = new LinkedHashMap<>();
            List<String> names = List.copyOf(ALLOCATORS.keySet());
            for (int i = 0; i < names.size(); i++) {
                cooling.put(names.get(i), r.getValue().get(i).meanJobCoolingKw());
                runtime.put(names.get(i), r.getValue().get(i).meanRunSeconds());
            }
            String coolingWhy = profile == ThermalProfile.PAPER ? MengFindings.COOLING_PAPER : MengFindings.COOLING_SST;
            cooling.forEach((name, kw) -> comparisons.add(Rankings.compare(Published.at(published, name,
                    "cooling power"), variant, kw, 0.01, coolingWhy)));
            runtime.forEach((name, seconds) -> comparisons.add(Rankings.compare(Published.at(published, name,
                    "runtime"), variant, seconds, 0.01, MengFindings.RUNTIME)));
            rankings.add(Rankings.rank("cooling power, " + variant, Rankings.ascending(paperCooling),
                    Rankings.ascending(cooling), profile == ThermalProfile.PAPER ? MengFindings.COOLING_ORDER_PAPER
                            : "Unexpected: SST's 2014 constants give the paper's order."));
            rankings.add(Rankings.rank("run time, " + variant, Rankings.ascending(paperRuntime),
                    Rankings.ascending(runtime), MengFindings.RUNTIME_ORDER));
        }
        return new Outcome(name(), title(), "`hpcsim experiment cooling` on `test_scheduler_0003.sim` (NASA scaled to"
                + " 40 nodes), `mesh:4x5x2`, `easy`, network model `distance`, D `" + D_MATRIX.substring(8)
                + "`, jobs run to their end; cooling power is the mean over jobs of each job's mean cooling power"
                + " during its run, once under `thermal.profile = paper` and once under `sst-2014`.",
                comparisons, rankings, List.of(MengFindings.SST_CODE));
    }

    private static Map<String, Double> paper(List<Published> published, String column) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (String name : ALLOCATORS.keySet()) {
            values.put(name, Published.at(published, name, column).value());
        }
        return values;
    }
}
