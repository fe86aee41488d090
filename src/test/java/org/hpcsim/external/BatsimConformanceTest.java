package org.hpcsim.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.hpcsim.batsim.BatsimJobsCsv;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.sim.Simulation;
import org.hpcsim.testing.Runs;
import org.hpcsim.workload.InputException;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * hpcsim's messages compared field by field with those Batsim 4.2 sends for the same workload and
 * scheduler, recorded under {@code src/test/resources/org/hpcsim/external/conformance} (its README
 * names the Batsim source lines each one follows).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard only
class BatsimConformanceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fcfs-small", "walltime-kill"})
    void hpcsimSendsTheMessagesBatsimSends(String name) throws Exception {
        Path workload = dir.resolve(name + ".json");
        try (InputStream in = resource(name + ".workload.json")) {
            Files.copy(in, workload);
        }
        JsonNode expected;
        try (InputStream in = resource(name + ".expected.json")) {
            expected = JSON.readTree(in);
        }
        List<String> received;
        try (PybatsimClient client = new PybatsimClient(new TestSchedulers.Fcfs())) {
            var done = client.start();
            Map<String, String> o = new LinkedHashMap<>();
            o.put("trace", workload.toString());
            o.put("scheduler.policy", "external");
            o.put("scheduler.external.socket", client.endpoint());
            o.put("scheduler.external.decision-latency", "0s");
            o.put("output.dir", dir.resolve("out").toString());
            o.put("output.timeseries", "false");
            Simulation.prepare(Scenario.from(ConfigLoader.load(null, o), StandardPolicies.registry()),
                    StandardPolicies.registry()).run(TestRuntime.get());
            done.get(30, TimeUnit.SECONDS);
            received = List.copyOf(client.received);
        }
        for (int i = 0; i < Math.min(expected.size(), received.size()); i++) {
            JsonNode got = JSON.readTree(received.get(i));
            JsonNode begins = got.path("events").path(0).path("data").path("workloads");
            if (begins.has("w0")) {
                ((ObjectNode) begins).put("w0", "WORKLOAD");
            }
            assertEquals(expected.get(i), got, "message " + (i + 1));
        }
        assertEquals(expected.size(), received.size(), "messages: " + received);
    }

    /** Runs a trace with the client as its scheduler; {@code keyValues}: more settings. */
    private List<String> run(PybatsimClient.Scheduler scheduler, Path trace, String... keyValues) throws Exception {
        try (PybatsimClient client = new PybatsimClient(scheduler)) {
            var done = client.start();
            Map<String, String> o = new LinkedHashMap<>();
            o.put("trace", trace.toString());
            o.put("scheduler.policy", "external");
            o.put("scheduler.external.socket", client.endpoint());
            o.put("output.dir", dir.resolve("out").toString());
            o.put("output.timeseries", "false");
            for (int i = 0; i < keyValues.length; i += 2) {
                o.put(keyValues[i], keyValues[i + 1]);
            }
            Simulation.prepare(Scenario.from(ConfigLoader.load(null, o), StandardPolicies.registry()),
                    StandardPolicies.registry()).run(TestRuntime.get());
            done.get(30, TimeUnit.SECONDS);
            return List.copyOf(client.received);
        }
    }

    /** The data of every event of a type, in the order sent. */
    private static List<JsonNode> events(List<String> messages, String type) throws IOException {
        List<JsonNode> found = new ArrayList<>();
        for (String m : messages) {
            for (JsonNode e : JSON.readTree(m).get("events")) {
                if (e.get("type").asText().equals(type)) {
                    found.add(e.get("data"));
                }
            }
        }
        return found;
    }

    @Test
    void aJobWithoutRequestedTimeIsSentWalltimeMinusOneNeverItsEstimateOrZero() throws Exception {
        // SWF: job 1 runs 0 s and requests no time (its estimate by missing-estimate is 0), job 2 requests 100 s.
        Path swf = Files.writeString(dir.resolve("t.swf"), "1 0 -1 0 1 -1 -1 1 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 5 -1 50 1 -1 -1 1 100 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        List<String> messages = run(new TestSchedulers.Fcfs(), swf, "machine", "simple:2", "output.batsim", "true");
        List<JsonNode> submitted = events(messages, "JOB_SUBMITTED");
        assertEquals(-1, submitted.get(0).get("job").get("walltime").asDouble());
        assertEquals(100.0, submitted.get(1).get("job").get("walltime").asDouble());
        String batsim = Runs.read(dir.resolve("out").resolve("batsim_jobs.csv"));
        String[] row1 = batsim.lines().filter(l -> l.startsWith("1,")).findFirst().orElseThrow().split(",");
        String[] row2 = batsim.lines().filter(l -> l.startsWith("2,")).findFirst().orElseThrow().split(",");
        int requested = BatsimJobsCsv.COLUMNS.indexOf("requested_time");
        assertEquals("-1.000000", row1[requested]);
        assertEquals("100.000000", row2[requested]);
    }

    @Test
    void jobsEndingAtOneInstantAreReportedInTheOrderTheyStarted() throws Exception {
        Path trace = Files.writeString(dir.resolve("two.4col"), "0 1 100 200\n0 1 100 200\n");
        // Starts the later-submitted job first: start order differs from submission and id order.
        PybatsimClient.Scheduler reversed = new PybatsimClient.Scheduler() {
            private final List<PybatsimClient.Job> queue = new ArrayList<>();

            @Override
            public void onJobSubmission(PybatsimClient.Job job) {
                queue.add(0, job);
            }

            @Override
            public void onNoMoreEvents() {
                for (int i = 0; i < queue.size(); i++) {
                    bs.executeJob(queue.get(i), new int[] {i});
                }
                queue.clear();
            }
        };
        List<String> messages = run(reversed, trace, "machine", "simple:2", "scheduler.external.decision-latency",
                "0s");
        List<String> completed = new ArrayList<>();
        events(messages, "JOB_COMPLETED").forEach(d -> completed.add(d.get("job_id").asText()));
        assertEquals(List.of("w0!2", "w0!1"), completed);
    }

    @Test
    void byDefaultAJobSubmittedAtZeroReachesTheSchedulerAfterZeroAsPybatsimsAllocationsRequire() throws Exception {
        Path trace = Files.writeString(dir.resolve("one.4col"), "0 1 100 200\n");
        List<Double> starts = new ArrayList<>();
        TestSchedulers.Fcfs fcfs = new TestSchedulers.Fcfs() {
            @Override
            void start(PybatsimClient.Job job) {
                // pybatsim's batsim/sched/alloc.py: Allocation.__init__ asserts start_time > 0.
                assertTrue(bs.time() > 0, "Invalid start time for the allocation was given: " + bs.time());
                starts.add(bs.time());
                super.start(job);
            }
        };
        List<String> messages = run(fcfs, trace, "machine", "simple:1");
        assertEquals(List.of(0.000001), starts);
        JsonNode first = JSON.readTree(messages.get(0));
        assertEquals(0.0, first.get("now").asDouble(), "SIMULATION_BEGINS comes at 0, as Batsim sends it");
        JsonNode last = JSON.readTree(messages.get(messages.size() - 1));
        assertEquals(100.000002, last.get("now").asDouble(), "the job's end reached the scheduler 1 µs later");
    }

    @Test
    void aResourceStateThatIsNotAPowerStateNumberStopsTheRunNamingIt() throws Exception {
        Path trace = Files.writeString(dir.resolve("one.4col"), "0 1 100 200\n");
        PybatsimClient.Scheduler off = new PybatsimClient.Scheduler() {
            @Override
            public void onJobSubmission(PybatsimClient.Job job) {
                bs.setResourceState(new int[] {0}, "off");
            }
        };
        InputException e = assertThrows(InputException.class, () -> run(off, trace, "machine", "simple:1"));
        assertTrue(e.getMessage().contains("invalid decision from the external scheduler: SET_RESOURCE_STATE: state"
                + " 'off' is not a power state number"), e.getMessage());
    }

    private static InputStream resource(String file) throws IOException {
        InputStream in = BatsimConformanceTest.class.getResourceAsStream("conformance/" + file);
        if (in == null) {
            throw new IOException("no test resource conformance/" + file);
        }
        return in;
    }
}
