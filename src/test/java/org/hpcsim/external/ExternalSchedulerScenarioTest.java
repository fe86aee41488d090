package org.hpcsim.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

/**
 * hpcsim driving a scheduler in another process over Batsim's protocol, the client playing pybatsim
 * message for message ({@link PybatsimClient}): the schedule of an external FCFS or EASY equals the
 * built-in one's job for job, failures reach the scheduler as machine (un)availability, and
 * CALL_ME_LATER wakes it at the time asked for.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS) // a hang guard only
class ExternalSchedulerScenarioTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Scenario scenario(String out, String... keyValues) {
        List<String> kv = new ArrayList<>(List.of(keyValues));
        kv.addAll(List.of("output.dir", dir.resolve(out).toString(), "output.timeseries", "false"));
        java.util.Map<String, String> o = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.size(); i += 2) {
            o.put(kv.get(i), kv.get(i + 1));
        }
        return Scenario.from(ConfigLoader.load(null, o), StandardPolicies.registry());
    }

    /**
     * Runs with the client as its scheduler, without decision latency (so that its schedule can equal a
     * built-in one's); the client must see the simulation end.
     */
    private Simulation.Result runExternal(PybatsimClient client, String out, String... keyValues) throws Exception {
        List<String> kv = new ArrayList<>(List.of(keyValues));
        kv.addAll(List.of("scheduler.policy", "external", "scheduler.external.socket", client.endpoint(),
                "scheduler.external.decision-latency", "0s"));
        var done = client.start();
        Simulation.Result r = Simulation.prepare(scenario(out, kv.toArray(String[]::new)), StandardPolicies.registry())
                .run(TestRuntime.get());
        done.get(30, TimeUnit.SECONDS);
        return r;
    }

    private Simulation.Result runBuiltIn(String out, String... keyValues) {
        return Simulation.prepare(scenario(out, keyValues), StandardPolicies.registry()).run(TestRuntime.get());
    }

    private String jobs(String out) {
        return Runs.read(dir.resolve(out).resolve("jobs.csv"));
    }

    @Test
    void anExternalFcfsOnTheLowestFreeIdsGivesBuiltInFcfsSchedule() throws Exception {
        Path nasa = SharedData.file("traces/NASA-iPSC-1993-3.1-cln.swf.gz");
        String[] common = {"trace", nasa.toString(), "machine", "simple:128", "allocator.policy",
                "sorted-free-list[row-major]"};
        runBuiltIn("builtin", concat(common, "scheduler.policy", "fcfs"));
        try (PybatsimClient client = new PybatsimClient(new TestSchedulers.Fcfs())) {
            runExternal(client, "external", common);
        }
        assertEquals(jobs("builtin"), jobs("external"));
        assertEquals(18239 + 1, jobs("external").lines().count());
    }

    @Test
    void anExternalEasyGivesBuiltInEasySchedule() throws Exception {
        Path nasa = SharedData.file("traces/NASA-iPSC-1993-3.1-cln.swf.gz");
        String[] common = {"trace", nasa.toString(), "machine", "simple:128", "allocator.policy",
                "sorted-free-list[row-major]"};
        runBuiltIn("builtin", concat(common, "scheduler.policy", "easy"));
        try (PybatsimClient client = new PybatsimClient(new TestSchedulers.Easy())) {
            runExternal(client, "external", common);
        }
        assertEquals(jobs("builtin"), jobs("external"));
        // Not FCFS in disguise: EASY backfilled jobs FCFS would have held back.
        runBuiltIn("fcfs", concat(common, "scheduler.policy", "fcfs"));
        assertFalse(jobs("fcfs").equals(jobs("external")));
    }

    @Test
    void nodeFailuresAndRepairsReachTheSchedulerAsMachineAvailability() throws Exception {
        Path trace = trace("0 4 10000 20000", "100 4 100 200");
        Path events = Files.writeString(dir.resolve("events.txt"), String.join("\n",
                "at 50s fail node 2", "at 3000s repair node 2", "at 4000s drain nodes 5-6", "at 5000s resume nodes 5-6"));
        List<String> seen = new ArrayList<>();
        TestSchedulers.Fcfs fcfs = new TestSchedulers.Fcfs() {
            @Override
            public void onNotifyEventMachineUnavailable(int[] machines) {
                super.onNotifyEventMachineUnavailable(machines);
                seen.add(bs.time() + " unavailable " + org.hpcsim.batsim.IntervalSet.format(machines));
            }

            @Override
            public void onNotifyEventMachineAvailable(int[] machines) {
                super.onNotifyEventMachineAvailable(machines);
                seen.add(bs.time() + " available " + org.hpcsim.batsim.IntervalSet.format(machines));
            }

            @Override
            public void onJobCompletion(PybatsimClient.Job job) {
                super.onJobCompletion(job);
                seen.add(bs.time() + " " + job.id + " " + job.state);
            }
        };
        try (PybatsimClient client = new PybatsimClient(fcfs)) {
            runExternal(client, "fail", "trace", trace.toString(), "machine", "simple:8", "events-file",
                    events.toString(), "failures.model", "trace", "node.report-latency", "0");
        }
        assertEquals(List.of("50.0 unavailable 2", "50.0 w0!1 COMPLETED_FAILED", "200.0 w0!2 COMPLETED_SUCCESSFULLY",
                "3000.0 available 2", "4000.0 unavailable 5-6", "5000.0 available 5-6"), seen);
        // Job 2 waited for nodes: the failed node 2 was out of service, so it ran on 0-1 and 3-4.
        String jobs = jobs("fail");
        assertTrue(jobs.lines().anyMatch(l -> l.startsWith("2,") && l.contains(",0;1;3;4,")), jobs);
    }

    @Test
    void callMeLaterWakesTheSchedulerAtTheTimeItAskedFor() throws Exception {
        Path trace = trace("0 1 100 200");
        List<Double> calls = new ArrayList<>();
        TestSchedulers.Fcfs fcfs = new TestSchedulers.Fcfs() {
            @Override
            public void onSimulationBegins() {
                bs.wakeMeUpAt(42.5);
                bs.wakeMeUpAt(7200);
            }

            @Override
            public void onRequestedCall() {
                calls.add(bs.time());
            }
        };
        try (PybatsimClient client = new PybatsimClient(fcfs)) {
            runExternal(client, "call", "trace", trace.toString(), "machine", "simple:2");
            JsonNode first = JSON.readTree(client.received.get(0));
            assertEquals(0.0, first.get("now").asDouble());
            assertEquals("SIMULATION_BEGINS", first.get("events").get(0).get("type").asText());
            JsonNode last = JSON.readTree(client.received.get(client.received.size() - 1));
            assertEquals("SIMULATION_ENDS", last.get("events").get(last.get("events").size() - 1).get("type").asText());
            // The run lasts until the last call asked for, after the job's end at 100 s.
            assertEquals(7200.0, last.get("now").asDouble());
        }
        assertEquals(List.of(42.5, 7200.0), calls);
    }

    @Test
    void killRejectAndResourceStateDecisionsAreCarriedOutAndAcknowledged() throws Exception {
        Path trace = trace("0 2 1000 2000", "10 1 100 200", "20 1 100 200");
        List<String> seen = new ArrayList<>();
        PybatsimClient.Scheduler s = new PybatsimClient.Scheduler() {
            @Override
            public void onJobSubmission(PybatsimClient.Job job) {
                switch (job.id) {
                    case "w0!1" -> {
                        bs.executeJob(job, new int[] {0, 1});
                        bs.wakeMeUpAt(250);
                    }
                    case "w0!2" -> bs.rejectJob(job);
                    default -> {
                        bs.executeJob(job, new int[] {2});
                        bs.setResourceState(new int[] {3}, "1");
                    }
                }
            }

            @Override
            public void onRequestedCall() {
                bs.killJobs(List.of(((PybatsimClient) bs).jobs.get("w0!1")));
            }

            @Override
            public void onJobsKilled(List<PybatsimClient.Job> jobs) {
                seen.add(bs.time() + " killed " + jobs.get(0).id);
            }

            @Override
            public void onMachinePStateChanged(int[] machines, String state) {
                seen.add(bs.time() + " pstate " + org.hpcsim.batsim.IntervalSet.format(machines) + "=" + state);
            }

            @Override
            public void onJobCompletion(PybatsimClient.Job job) {
                seen.add(bs.time() + " " + job.id + " " + job.state);
            }
        };
        try (PybatsimClient client = new PybatsimClient(s)) {
            runExternal(client, "decisions", "trace", trace.toString(), "machine", "simple:4",
                    "node.report-latency", "0", "output.batsim", "true");
            String killed = client.received.stream().filter(m -> m.contains("JOB_KILLED")).findFirst().orElseThrow();
            JsonNode progress = JSON.readTree(killed).get("events").get(0).get("data").get("job_progress").get("w0!1");
            assertEquals(0.25, progress.get("progress").asDouble(), 1e-9);
        }
        assertEquals(List.of("20.0 pstate 3=1", "120.0 w0!3 COMPLETED_SUCCESSFULLY", "250.0 killed w0!1"), seen);
        String jobs = jobs("decisions");
        assertTrue(jobs.lines().anyMatch(l -> l.startsWith("1,") && l.contains(",killed,")
                && l.contains("killed by the external scheduler (KILL_JOB)")), jobs);
        String batsim = Runs.read(dir.resolve("decisions").resolve("batsim_jobs.csv"));
        assertTrue(batsim.lines().anyMatch(l -> l.startsWith("1,w0,") && l.contains(",COMPLETED_KILLED,")), batsim);
        assertTrue(jobs.lines().anyMatch(l -> l.startsWith("2,") && l.contains(",rejected,")
                && l.contains("rejected by the external scheduler (REJECT_JOB)")), jobs);
    }

    @Test
    void batsimWorkloadIdsThatAreNotIntegersAreBatsimsIdsInTheProtocolAndTheJobsFile() throws Exception {
        Path workload = Files.writeString(dir.resolve("ids.json"), "{\"nb_res\": 4, \"jobs\": ["
                + "{\"id\": \"a\", \"subtime\": 0, \"res\": 1, \"profile\": \"d\"},"
                + "{\"id\": \"07\", \"subtime\": 0, \"res\": 1, \"profile\": \"d\"},"
                + "{\"id\": 7, \"subtime\": 1, \"res\": 1, \"profile\": \"d\"},"
                + "{\"id\": \"w0!x\", \"subtime\": 2, \"res\": 1, \"profile\": \"d\"},"
                + "{\"id\": \"\uD83D\uDE00\", \"subtime\": 30, \"res\": 1, \"profile\": \"d\"},"
                + "{\"id\": \"\uFF21\", \"subtime\": 30, \"res\": 1, \"profile\": \"d\"}],"
                + " \"profiles\": {\"d\": {\"type\": \"delay\", \"delay\": 10}}}");
        List<String> submitted = new ArrayList<>();
        List<String> completed = new ArrayList<>();
        try (PybatsimClient client = new PybatsimClient(new TestSchedulers.Fcfs())) {
            runExternal(client, "ids", "trace", workload.toString(), "output.batsim", "true");
            for (String m : client.received) {
                for (JsonNode e : JSON.readTree(m).get("events")) {
                    JsonNode data = e.get("data");
                    switch (e.get("type").asText()) {
                        case "JOB_SUBMITTED" -> {
                            assertEquals(data.get("job_id"), data.get("job").get("id"));
                            submitted.add(data.get("job_id").asText());
                        }
                        case "JOB_COMPLETED" -> completed.add(data.get("job_id").asText() + " "
                                + data.get("job_state").asText());
                        default -> {
                        }
                    }
                }
            }
        }
        // Jobs of one instant go by id as a string, as Batsim sorts them (its std::string's bytes: U+FF21
        // before U+1F600, which UTF-16 puts first); the client started each by that id.
        assertEquals(List.of("w0!07", "w0!a", "w0!7", "w0!x", "w0!\uFF21", "w0!\uD83D\uDE00"), submitted);
        assertEquals(List.of("w0!07 COMPLETED_SUCCESSFULLY", "w0!a COMPLETED_SUCCESSFULLY",
                "w0!7 COMPLETED_SUCCESSFULLY", "w0!x COMPLETED_SUCCESSFULLY", "w0!\uFF21 COMPLETED_SUCCESSFULLY",
                "w0!\uD83D\uDE00 COMPLETED_SUCCESSFULLY"), completed);
        List<String> batsim = Runs.read(dir.resolve("ids").resolve("batsim_jobs.csv")).lines().skip(1)
                .map(l -> l.substring(0, l.indexOf(',', l.indexOf(',') + 1))).sorted().toList();
        assertEquals(List.of("07,w0", "7,w0", "a,w0", "x,w0", "\uD83D\uDE00,w0", "\uFF21,w0"), batsim);
        // hpcsim's own files number the jobs of such a workload by their position in it.
        assertEquals(List.of("1", "2", "3", "4", "5", "6"), jobs("ids").lines().skip(1).map(l -> l.substring(0, l.indexOf(',')))
                .sorted().toList());
    }

    private Path trace(String... lines) throws IOException {
        return Files.writeString(dir.resolve("jobs.4col"), String.join("\n", lines) + "\n");
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
