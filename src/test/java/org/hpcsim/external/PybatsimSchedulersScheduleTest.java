package org.hpcsim.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import org.hpcsim.batsim.BatsimJobsCsv;
import org.hpcsim.batsim.IntervalSet;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.sim.Simulation;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * pybatsim's bundled schedulers, replayed ({@link PybatsimSchedulers}), drive hpcsim over the
 * protocol to the end of a trace, and hpcsim's schedule (its {@code batsim_jobs.csv}) is the one
 * Batsim's rules give with the same scheduler ({@link BatsimOracle}), job for job: start, finish
 * and machines.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS) // a hang guard only
class PybatsimSchedulersScheduleTest {
    /** NASA iPSC/860: 128 nodes, a job at t = 0, zero-length jobs, no requested times (walltime -1). */
    private static final String NASA = "traces/NASA-iPSC-1993-3.1-cln.swf.gz";

    @TempDir
    Path dir;

    private static Supplier<PybatsimClient.Scheduler> scheduler(String name) {
        return switch (name) {
            case "schedFcfs" -> PybatsimSchedulers.SchedFcfs::new;
            case "schedEasySjfBackfill" -> PybatsimSchedulers.SchedEasySjfBackfill::new;
            case "easyBackfill" -> PybatsimSchedulers.EasyBackfill::new;
            default -> throw new IllegalArgumentException(name);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"schedFcfs", "schedEasySjfBackfill", "easyBackfill"})
    void onNasaHpcsimGivesBatsimsScheduleJobForJob(String name) throws Exception {
        List<BatsimOracle.WorkloadJob> jobs = readSwf(SharedData.file(NASA));
        assertEquals(18_239, jobs.size());
        Path trace = dir.resolve("nasa.swf");
        try (BufferedReader in = gunzip(SharedData.file(NASA))) {
            Files.write(trace, in.lines().toList());
        }
        assertSameSchedule(name, trace, jobs, 128);
    }

    @Test
    void jobsWithWalltimesAreBackfilledAndKilledAtThemAsBatsimDoes() throws Exception {
        // 4 nodes; walltimes let the backfilling schedulers reserve; job 5 outruns its walltime.
        String swf = """
                1 0 -1 100 2 -1 -1 2 150 -1 1 -1 -1 -1 -1 -1 -1 -1
                2 0 -1 50 4 -1 -1 4 60 -1 1 -1 -1 -1 -1 -1 -1 -1
                3 1 -1 30 1 -1 -1 1 40 -1 1 -1 -1 -1 -1 -1 -1 -1
                4 1 -1 200 1 -1 -1 1 300 -1 1 -1 -1 -1 -1 -1 -1 -1
                5 2 -1 90 2 -1 -1 2 20 -1 1 -1 -1 -1 -1 -1 -1 -1
                6 2 -1 10 1 -1 -1 1 10 -1 1 -1 -1 -1 -1 -1 -1 -1
                7 100 -1 0 3 -1 -1 3 5 -1 1 -1 -1 -1 -1 -1 -1 -1
                """;
        Path trace = Files.writeString(dir.resolve("w.swf"), swf);
        List<BatsimOracle.WorkloadJob> jobs = readSwf(trace);
        for (String name : List.of("schedFcfs", "schedEasySjfBackfill", "easyBackfill")) {
            assertSameSchedule(name, trace, jobs, 4);
        }
    }

    private void assertSameSchedule(String name, Path trace, List<BatsimOracle.WorkloadJob> jobs, int nodes)
            throws Exception {
        Map<String, BatsimOracle.Ran> expected = new BatsimOracle(nodes, 1).run(jobs, scheduler(name).get());
        assertEquals(jobs.size(), expected.size(), name + ": Batsim's rules start every job");
        Path out = dir.resolve("out-" + name);
        try (PybatsimClient client = new PybatsimClient(scheduler(name).get())) {
            var done = client.start();
            Map<String, String> o = new LinkedHashMap<>();
            o.put("trace", trace.toString());
            o.put("machine", "simple:" + nodes);
            o.put("scheduler.policy", "external");
            o.put("scheduler.external.socket", client.endpoint());
            o.put("output.dir", out.toString());
            o.put("output.batsim", "true");
            o.put("output.timeseries", "false");
            Simulation.prepare(Scenario.from(ConfigLoader.load(null, o), StandardPolicies.registry()),
                    StandardPolicies.registry()).run(TestRuntime.get());
            done.get(60, TimeUnit.SECONDS);
        }
        List<String> rows = Runs.read(out.resolve("batsim_jobs.csv")).lines().skip(1).toList();
        assertEquals(jobs.size(), rows.size(), name);
        int id = BatsimJobsCsv.COLUMNS.indexOf("job_id");
        int start = BatsimJobsCsv.COLUMNS.indexOf("starting_time");
        int finish = BatsimJobsCsv.COLUMNS.indexOf("finish_time");
        int alloc = BatsimJobsCsv.COLUMNS.indexOf("allocated_resources");
        int state = BatsimJobsCsv.COLUMNS.indexOf("final_state");
        List<String> differences = new ArrayList<>();
        for (String row : rows) {
            String[] f = row.split(",", -1);
            BatsimOracle.Ran want = expected.get("w0!" + f[id]);
            String got = f[start] + " " + f[finish] + " " + f[alloc] + " " + f[state];
            String wanted = String.format("%.6f %.6f %s %s", want.start() / 1e6, want.finish() / 1e6,
                    IntervalSet.format(want.alloc()), want.state());
            if (!got.equals(wanted)) {
                differences.add("job " + f[id] + ": hpcsim " + got + ", Batsim " + wanted);
            }
        }
        assertTrue(differences.isEmpty(), name + ": " + differences.size() + " of " + rows.size()
                + " jobs differ, first: " + differences.subList(0, Math.min(5, differences.size())));
    }

    /** The SWF fields hpcsim reads (its SwfReader's rules): id, submit, run time, processors, requested time. */
    private static List<BatsimOracle.WorkloadJob> readSwf(Path file) throws IOException {
        List<BatsimOracle.WorkloadJob> jobs = new ArrayList<>();
        try (BufferedReader in = file.toString().endsWith(".gz") ? gunzip(file) : Files.newBufferedReader(file)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith(";")) {
                    continue;
                }
                String[] f = t.split("\\s+");
                long requestedProcs = Long.parseLong(f[7]);
                long procs = requestedProcs > 0 ? requestedProcs : Long.parseLong(f[4]);
                long requestedTime = Long.parseLong(f[8]);
                jobs.add(new BatsimOracle.WorkloadJob(Long.parseLong(f[0]), Long.parseLong(f[1]) * 1_000_000,
                        Long.parseLong(f[3]) * 1_000_000, requestedTime > 0 ? requestedTime * 1_000_000 : -1,
                        (int) procs));
            }
        }
        return jobs;
    }

    private static BufferedReader gunzip(Path file) throws IOException {
        return new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(file)),
                StandardCharsets.UTF_8));
    }
}
