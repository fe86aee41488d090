package org.hpcsim.reproduce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.plot.Csv;
import org.hpcsim.sim.Simulation;

/**
 * SST's scheduler test 0001: the NASA iPSC/860 trace on a 16x8 mesh, EASY, sorted free list, set job
 * for job against SST 10.1's reference output (rows compared by job id: SST orders jobs ending at the
 * same time differently).
 */
final class SstTest0001 implements Reproduction {
    static final String TRACE = "peer-data/sst/sqe-testInputFiles/test_scheduler_0001.sim";
    static final String REFERENCE = "peer-data/sst/elements-final/refFiles/test_scheduler_0001.out";

    @Override
    public String name() {
        return "sst-0001";
    }

    @Override
    public String title() {
        return "SST's scheduler test 0001: NASA iPSC/860 on mesh:16x8, EASY, sorted free list, against SST 10.1's output";
    }

    @Override
    public List<String> inputs() {
        return List.of(TRACE, REFERENCE);
    }

    @Override
    public Outcome run(Context context) throws IOException {
        Path dir = context.work().resolve("run");
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("trace", context.input(TRACE).toString());
        keys.put("machine", "mesh:16x8");
        keys.put("scheduler.policy", "easy");
        keys.put("allocator.policy", "sorted-free-list");
        keys.put("kernel.threads", "1");
        keys.put("output.progress", "off");
        keys.put("output.dir", dir.toString());
        Scenario scenario = Scenario.from(ConfigLoader.load(null, keys), context.registry());
        Simulation.prepare(scenario, context.registry()).run(context.runtime());

        Map<String, String> sstTimes = new HashMap<>();
        String section = "";
        for (String line : Files.readAllLines(context.input(REFERENCE), StandardCharsets.UTF_8)) {
            if (line.startsWith("# Job\tProcs")) {
                section = "alloc";
            } else if (line.startsWith("# Job \tArrival")) {
                section = "time";
            } else if (section.equals("time") && !line.startsWith("#") && !line.isBlank()) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 8) {
                    sstTimes.put(f[0], f[2] + "," + f[3]);
                }
            }
        }
        long jobs = 0;
        long same = 0;
        long makespan = 0;
        double waits = 0;
        double hopSum = 0;
        long multi = 0;
        try (Csv csv = Csv.open(dir.resolve("jobs.csv"))) {
            int id = csv.column("id");
            int wait = csv.column("wait");
            int start = csv.column("start");
            int end = csv.column("end");
            int procs = csv.column("procs");
            int hops = csv.column("avg_pairwise_hops");
            while (csv.next()) {
                jobs++;
                if ((csv.text(start) + "," + csv.text(end)).equals(sstTimes.get(csv.text(id)))) {
                    same++;
                }
                makespan = Math.max(makespan, Long.parseLong(csv.text(end)));
                waits += Double.parseDouble(csv.text(wait));
                if (Integer.parseInt(csv.text(procs)) > 1) {
                    hopSum += Double.parseDouble(csv.text(hops));
                    multi++;
                }
            }
        }
        List<Published> published = Published.of(name());
        String why = "hpcsim's EASY and sorted free list are SST's, so any difference here is a regression.";
        List<Outcome.Comparison> comparisons = new ArrayList<>();
        comparisons.add(Rankings.compare(Published.at(published, "all jobs", "jobs with SST's start and end"), "", same, 0, why));
        comparisons.add(Rankings.compare(Published.at(published, "all jobs", "makespan"), "", makespan, 0, why));
        comparisons.add(Rankings.compare(Published.at(published, "all jobs", "mean wait"), "", waits / jobs, 1e-4, why));
        comparisons.add(Rankings.compare(Published.at(published, "multi-node jobs", "mean avg pairwise hops"), "",
                hopSum / multi, 1e-4, why));
        return new Outcome(name(), title(), "`hpcsim run` on `test_scheduler_0001.sim` (" + jobs + " jobs), `mesh:16x8`,"
                + " `easy`, `sorted-free-list`; every job's start and end compared with SST's by job id.",
                comparisons, List.of(), List.of());
    }
}
