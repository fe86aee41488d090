package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.hpcsim.batsim.BatsimJobsCsv;
import org.hpcsim.batsim.IntervalSet;
import org.hpcsim.time.SimTime;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.SwfReader;
import org.hpcsim.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * batsim_jobs.csv against Batsim 4's documentation of its jobs file, {@code docs/output-jobs.rst} in
 * oar-team/batsim, which evalys's {@code JobSet.from_csv} reads; and Batsim workloads against the
 * equivalent SWF trace.
 */
class BatsimOutputScenarioTest {
    /** The columns docs/output-jobs.rst documents, in its order. */
    private static final List<String> DOCUMENTED = List.of("job_id", "workload_name", "profile", "submission_time",
            "requested_number_of_resources", "requested_time", "success", "final_state", "starting_time",
            "execution_time", "finish_time", "waiting_time", "turnaround_time", "stretch", "consumed_energy",
            "allocated_resources", "metadata");
    /**
     * The order Batsim 4's writer (src/export.cpp, JobsTracer) puts them in, which real files have:
     * allocated_resources before consumed_energy. evalys reads columns by name.
     */
    private static final List<String> WRITTEN = List.of("job_id", "workload_name", "profile", "submission_time",
            "requested_number_of_resources", "requested_time", "success", "final_state", "starting_time",
            "execution_time", "finish_time", "waiting_time", "turnaround_time", "stretch", "allocated_resources",
            "consumed_energy", "metadata");
    /** The final states the document lists. */
    private static final Set<String> STATES = Set.of("COMPLETED_SUCCESSFULLY", "COMPLETED_FAILED",
            "COMPLETED_WALLTIME_REACHED", "COMPLETED_KILLED", "REJECTED");
    /** Times are seconds; Batsim writes them as C's %f does, with six decimals. */
    private static final Pattern SECONDS = Pattern.compile("-?\\d+\\.\\d{6}");
    /** An interval set (docs/interval-set.rst): "a" or "a-b", separated by single spaces. */
    private static final Pattern INTERVAL_SET = Pattern.compile("\\d+(-\\d+)?( \\d+(-\\d+)?)*");
    private static final Path EXAMPLE = SharedData.repoRoot().resolve("traces/batsim-example.json");

    @TempDir
    Path dir;

    private Simulation.Result run(String name, String trace, String... extra) {
        List<String> keys = new ArrayList<>(List.of("trace", trace, "output.batsim", "true",
                "output.dir", dir.resolve(name).toString()));
        keys.addAll(List.of(extra));
        return Runs.run(Runs.scenario(keys.toArray(String[]::new)));
    }

    /** Rows of a CSV file without quoted commas, as column -> value, in file order. */
    private static List<Map<String, String>> rows(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> header = List.of(lines.get(0).split(","));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertEquals(header.size(), f.length, file.getFileName() + ": " + line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < f.length; c++) {
                row.put(header.get(c), f[c]);
            }
            rows.add(row);
        }
        return rows;
    }

    private static long micros(String seconds) {
        return SimTime.parseSeconds(seconds);
    }

    /**
     * Checks a run's batsim_jobs.csv against the documented columns and value formats, and against the
     * run's jobs.csv (the same jobs, in the same order, with the same times and nodes); returns each
     * job's final state by job id.
     */
    private static Map<String, String> checkDocumented(Path run) throws IOException {
        Path file = run.resolve(BatsimJobsCsv.FILE);
        List<String> header = List.of(Files.readAllLines(file).get(0).split(","));
        assertEquals(WRITTEN, header);
        assertEquals(Set.copyOf(DOCUMENTED), Set.copyOf(header), "exactly the documented columns");
        List<Map<String, String>> rows = rows(file);
        List<Map<String, String>> jobs = rows(run.resolve("jobs.csv"));
        assertEquals(jobs.size(), rows.size(), "one row per job");
        Map<String, String> states = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Map<String, String> r = rows.get(i);
            Map<String, String> hpcsim = jobs.get(i);
            String where = "row " + (i + 1) + " " + r;
            assertEquals(hpcsim.get("id"), r.get("job_id"), where);
            assertTrue(r.get("job_id").matches("-?\\d+"), where);
            assertEquals("w0", r.get("workload_name"), where);
            assertTrue(SECONDS.matcher(r.get("submission_time")).matches(), where);
            assertTrue(SECONDS.matcher(r.get("requested_time")).matches(), where);
            assertEquals(hpcsim.get("procs"), r.get("requested_number_of_resources"), where);
            String state = r.get("final_state");
            assertTrue(STATES.contains(state), where);
            assertEquals(state.equals("COMPLETED_SUCCESSFULLY") ? "1" : "0", r.get("success"),
                    "success: completed before its walltime and returned 0; " + where);
            assertEquals("\"\"", r.get("metadata"), "the empty string, quoted as Batsim writes it; " + where);
            states.put(r.get("job_id"), state);
            List<String> execution = List.of("starting_time", "execution_time", "finish_time", "waiting_time",
                    "turnaround_time", "stretch", "allocated_resources", "consumed_energy");
            if (state.equals("REJECTED")) {
                for (String c : execution) {
                    assertEquals("", r.get(c), "a rejected job has no " + c + "; " + where);
                }
                continue;
            }
            for (String c : List.of("starting_time", "execution_time", "finish_time", "waiting_time", "turnaround_time",
                    "consumed_energy")) {
                assertTrue(SECONDS.matcher(r.get(c)).matches(), c + ": " + where);
            }
            long submit = micros(r.get("submission_time"));
            long start = micros(r.get("starting_time"));
            long execution1 = micros(r.get("execution_time"));
            long finish = micros(r.get("finish_time"));
            assertEquals(finish, start + execution1, "finish = start + execution; " + where);
            assertEquals(start - submit, micros(r.get("waiting_time")), "waiting = start - submission; " + where);
            assertEquals(finish - submit, micros(r.get("turnaround_time")), "turnaround = finish - submission; " + where);
            assertEquals(execution1 == 0 ? "" : BigDecimal.valueOf(finish - submit)
                            .divide(BigDecimal.valueOf(execution1), 6, RoundingMode.HALF_EVEN).toPlainString(),
                    r.get("stretch"), "stretch = turnaround / execution; " + where);
            assertEquals(micros(hpcsim.get("start")), start, where);
            assertEquals(micros(hpcsim.get("end")), finish, where);
            String alloc = r.get("allocated_resources");
            assertTrue(INTERVAL_SET.matcher(alloc).matches(), where);
            int[] nodes = Arrays.stream(hpcsim.get("nodes").split(";")).mapToInt(Integer::parseInt).toArray();
            assertEquals(IntervalSet.format(nodes), alloc, "the job's nodes, canonical; " + where);
        }
        return states;
    }

    @Test
    void theJobsFileHasTheDocumentedColumnsValueFormatsStatesAndTimeIdentities() throws IOException {
        Path events = dir.resolve("fail.events");
        Files.writeString(events, "at 50s fail node 0\n");
        run("example", EXAMPLE.toString(), "events-file", events.toString());
        Map<String, String> states = checkDocumented(dir.resolve("example"));
        assertEquals(new TreeMap<>(Map.of("1", "COMPLETED_FAILED", "2", "COMPLETED_SUCCESSFULLY",
                "3", "COMPLETED_WALLTIME_REACHED", "4", "COMPLETED_SUCCESSFULLY", "5", "REJECTED",
                "6", "COMPLETED_SUCCESSFULLY")), new TreeMap<>(states));
        Map<String, String> profiles = new HashMap<>();
        for (Map<String, String> r : rows(dir.resolve("example").resolve(BatsimJobsCsv.FILE))) {
            profiles.put(r.get("job_id"), r.get("profile"));
            assertEquals(r.get("final_state").equals("REJECTED") ? "" : "-1.000000", r.get("consumed_energy"),
                    "without a room, energy is off: -1 as Batsim writes it");
        }
        assertEquals(Map.of("1", "delay90", "2", "delay30", "3", "delay30", "4", "delay45.5", "5", "compute",
                "6", "delay30"), profiles, "the workload's profile names");
    }

    @Test
    void withoutTheKeyThereIsNoBatsimJobsFile() {
        run("off", EXAMPLE.toString(), "output.batsim", "false");
        assertFalse(Files.exists(dir.resolve("off").resolve(BatsimJobsCsv.FILE)));
        assertTrue(Files.exists(dir.resolve("off").resolve("jobs.csv")));
    }

    @Test
    void consumedEnergyIsTheDrawOfTheJobsNodesOverItsExecution() throws IOException {
        run("energy", EXAMPLE.toString(), "thermal.enabled", "true", "thermal.layout", "1x1x4",
                "thermal.node-power-csv", "true");
        Path run = dir.resolve("energy");
        checkDocumented(run);
        // node-power.csv: every node's draw changes (time, node, watts); a node is idle (10 servers of
        // 100 W by default) before its first.
        double idle = 10 * 100;
        Map<Integer, TreeMap<Long, Double>> draws = new HashMap<>();
        List<String> power = Files.readAllLines(run.resolve("node-power.csv"));
        for (String line : power.subList(1, power.size())) {
            String[] f = line.split(",");
            draws.computeIfAbsent(Integer.parseInt(f[1]), n -> new TreeMap<>(Map.of(Long.MIN_VALUE, idle)))
                    .put(micros(f[0]), Double.parseDouble(f[2]));
        }
        int executed = 0;
        for (Map<String, String> r : rows(run.resolve(BatsimJobsCsv.FILE))) {
            if (r.get("allocated_resources").isEmpty()) {
                continue;
            }
            long start = micros(r.get("starting_time"));
            long finish = micros(r.get("finish_time"));
            double joules = 0;
            for (int node : IntervalSet.parse(r.get("allocated_resources"))) {
                TreeMap<Long, Double> d = draws.get(node);
                for (long t = start; t < finish; ) {
                    Long next = d.higherKey(t);
                    long until = next == null ? finish : Math.min(next, finish);
                    joules += d.floorEntry(t).getValue() * SimTime.toSeconds(until - t);
                    t = until;
                }
            }
            assertEquals(joules, Double.parseDouble(r.get("consumed_energy")), 1e-6 * joules, r.toString());
            assertTrue(joules > 0, r.toString());
            executed++;
        }
        assertEquals(5, executed);
    }

    /**
     * The first jobs of the NASA iPSC trace, as SWF and converted to a Batsim workload by hand (one
     * delay profile per run time, the requested time as walltime or -1, the processors as res), run
     * with machine = auto: the same machine (MaxProcs and nb_res), the same schedule, and the same
     * Batsim jobs file but for the profile names that only the workload has.
     */
    @Test
    void aBatsimWorkloadRunsTheSameScheduleAsTheEquivalentSwfTrace() throws IOException {
        Path nasa = SharedData.file("traces/NASA-iPSC-1993-3.1-cln.swf.gz");
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(nasa)),
                StandardCharsets.ISO_8859_1))) {
            int data = 0;
            String line;
            while (data < 400 && (line = in.readLine()) != null) {
                lines.add(line);
                data += line.startsWith(";") || line.isBlank() ? 0 : 1;
            }
        }
        Path all = dir.resolve("first.swf");
        Files.write(all, lines, StandardCharsets.ISO_8859_1);
        List<String> usableLines = new ArrayList<>(lines.stream().filter(l -> l.startsWith(";")).toList());
        StringBuilder json = new StringBuilder("{\"nb_res\": 128, \"jobs\": [\n");
        Map<Long, String> profiles = new TreeMap<>();
        try (SwfReader r = new SwfReader(all, WorkloadOptions.DEFAULTS)) {
            assertEquals(128, r.header().maxProcs().getAsInt());
            String comma = "";
            Job j;
            while ((j = r.next()) != null) {
                if (!j.usable() || j.runTime() == 0) {
                    continue; // Batsim refuses a delay of 0: jobs that ran 0 s are left out of both
                }
                usableLines.add(lines.get((int) j.line() - 1));
                String profile = "run" + SimTime.format(j.runTime());
                profiles.put(j.runTime(), profile);
                long requested = j.swf().requestedTime();
                json.append(comma).append("{\"id\": ").append(j.id()).append(", \"subtime\": ").append(SimTime.format(j.submit()))
                        .append(", \"walltime\": ").append(requested > 0 ? SimTime.format(requested) : "-1")
                        .append(", \"res\": ").append(j.procs()).append(", \"profile\": \"").append(profile)
                        .append("\", \"user\": ").append(j.swf().userId()).append('}');
                comma = ",\n";
            }
        }
        json.append("\n], \"profiles\": {");
        String sep = "";
        for (Map.Entry<Long, String> p : profiles.entrySet()) {
            json.append(sep).append('"').append(p.getValue()).append("\": {\"type\": \"delay\", \"delay\": ")
                    .append(SimTime.format(p.getKey())).append('}');
            sep = ", ";
        }
        json.append("}}\n");
        Path swf = dir.resolve("nasa.swf");
        Files.write(swf, usableLines, StandardCharsets.ISO_8859_1);
        Path workload = dir.resolve("nasa.json");
        Files.writeString(workload, json);
        assertTrue(usableLines.size() > 350, "most of the first 400 jobs are usable: " + usableLines.size());

        run("swf", swf.toString());
        run("batsim", workload.toString());
        Path fromSwf = dir.resolve("swf");
        Path fromBatsim = dir.resolve("batsim");
        assertEquals(Files.readString(fromSwf.resolve("jobs.csv")), Files.readString(fromBatsim.resolve("jobs.csv")),
                "the same schedule, job for job");
        checkDocumented(fromBatsim);
        List<Map<String, String>> a = rows(fromSwf.resolve(BatsimJobsCsv.FILE));
        List<Map<String, String>> b = rows(fromBatsim.resolve(BatsimJobsCsv.FILE));
        boolean gap = false;
        for (int i = 0; i < a.size(); i++) {
            assertEquals("", a.get(i).get("profile"), "an SWF trace names no profile");
            if (b.get(i).get("final_state").equals("COMPLETED_SUCCESSFULLY")) {
                assertEquals(profiles.get(micros(b.get(i).get("execution_time"))), b.get(i).get("profile"),
                        "a job that completed ran its profile's delay");
            }
            a.get(i).remove("profile");
            b.get(i).remove("profile");
            gap |= a.get(i).get("allocated_resources").contains(" ");
        }
        assertEquals(a, b);
        assertTrue(gap, "some allocation is not one interval (an interval set such as '0-3 8')");
    }
}
