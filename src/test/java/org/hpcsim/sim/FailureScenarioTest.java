package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hpcsim.time.SimTime;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.testing.CsvRows;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Node failures, repairs, drains, link failures and job fates in whole runs, checked from the
 * outputs: conservation of jobs, the fate of the job a failure hits, and that no job is ever placed
 * on a failed or drained node.
 */
class FailureScenarioTest {
    /** The bundled 2,000-job trace on mesh:16x8: job 8 runs on all 128 nodes from 3011 s, job 9 waits. */
    private static final String EVENTS = String.join("\n",
            "# a failure under a running job, its repair, a failure without repair, a drain",
            "at 3600s fail node 17",
            "at 2h repair node 17",
            "at 1d fail nodes 40-41",
            "at 1.5d repair node 40",
            "at 2d drain nodes 0-31",
            "at 3d resume nodes 0-31",
            "at 4d fail node 5");

    @TempDir
    Path dir;

    private Path events(String name, String text) throws IOException {
        Path file = dir.resolve(name + ".events");
        Files.writeString(file, text + "\n");
        return file;
    }

    private Simulation.Result run(String name, String... extra) {
        return Runs.run(scenario(name, extra));
    }

    /** The bundled trace on mesh:16x8 under EASY, outputs in {@code name}, with {@code extra} keys. */
    private org.hpcsim.config.Scenario scenario(String name, String... extra) {
        List<String> keys = new ArrayList<>(List.of("trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf")
                .toString(), "machine", "mesh:16x8", "scheduler.policy", "easy", "output.dir", dir.resolve(name).toString()));
        keys.addAll(List.of(extra));
        return Runs.scenario(keys.toArray(String[]::new));
    }


    /** The same run, live, pausing before 3600 s. */
    private LiveRun liveAt3600(String name, String... extra) {
        Simulation sim = Simulation.prepare(scenario(name, extra), StandardPolicies.registry());
        return LiveRun.start(sim, TestRuntime::get, SimTime.seconds(3600));
    }

    private static Map<String, String> job(List<Map<String, String>> jobs, String id) {
        return jobs.stream().filter(r -> r.get("id").equals(id)).findFirst().orElseThrow();
    }

    private static double d(Map<String, String> row, String column) {
        return Double.parseDouble(row.get(column));
    }

    private static int[] nodes(Map<String, String> row) {
        String s = row.get("nodes");
        return s.isEmpty() ? new int[0] : java.util.Arrays.stream(s.split(";")).mapToInt(Integer::parseInt).toArray();
    }

    /** Every job once; the statuses add up to the jobs in. */
    private static void assertConservation(Simulation.Result r, List<Map<String, String>> jobs, int in) {
        Set<String> ids = new HashSet<>();
        for (Map<String, String> row : jobs) {
            assertTrue(ids.add(row.get("id")), "job " + row.get("id") + " recorded twice");
        }
        assertEquals(in, jobs.size());
        var m = r.metrics();
        int sum = 0;
        for (var status : org.hpcsim.workload.JobStatus.values()) {
            int count = m.count(status);
            assertEquals(count, jobs.stream().filter(row -> row.get("status").equals(status.label())).count());
            sum += count;
        }
        assertEquals(in, sum, "jobs in = completed + killed + failed + rejected + unfinished");
    }

    @Test
    void everyJobEndsExactlyOnceUnderEveryFate() throws IOException {
        Path file = events("all", EVENTS);
        for (String fate : List.of("kill", "requeue", "requeue-with-checkpoint")) {
            Simulation.Result r = run(fate, "events-file", file.toString(), "failures.on-job-failure", fate,
                    "failures.checkpoint-interval", "60s");
            List<Map<String, String>> jobs = CsvRows.read(dir.resolve(fate).resolve("jobs.csv"));
            assertConservation(r, jobs, 2000);
            assertEquals(0, r.metrics().count(org.hpcsim.workload.JobStatus.UNFINISHED));
            List<Map<String, String>> attempts = CsvRows.read(dir.resolve(fate).resolve("attempts.csv"));
            long extra = jobs.stream().mapToLong(j -> Long.parseLong(j.get("attempts")) - 1).filter(a -> a > 0).sum();
            long requeued = attempts.stream().filter(a -> !a.get("outcome").equals("failed")).count();
            assertEquals(requeued, extra, fate + ": every requeued attempt is one more attempt of its job");
        }
    }

    @Test
    void killFailsTheJobAtTheFailureAndFreesItsOtherNodes() throws IOException {
        run("kill", "events-file", events("one", "at 3600s fail node 17").toString());
        List<Map<String, String>> jobs = CsvRows.read(dir.resolve("kill").resolve("jobs.csv"));
        Map<String, String> hit = job(jobs, "8");
        assertEquals("failed", hit.get("status"));
        assertEquals(3600.0, d(hit, "end"));
        assertEquals("node 17 failed", hit.get("reason"));
        Map<String, String> next = job(jobs, "9");
        assertEquals(3600.0, d(next, "start"), "the job's other nodes are free at once");
        for (int node : nodes(next)) {
            assertTrue(node != 17);
        }
        String events = Runs.read(dir.resolve("kill").resolve("events.csv"));
        assertTrue(events.contains("3600,fail,node 17,node down; job 8 failed,scenario"), events);
    }

    @Test
    void requeueRerunsTheJobLaterFromScratchAndItCompletes() throws IOException {
        run("requeue", "events-file", events("one", "at 3600s fail node 17\nat 2h repair node 17").toString(),
                "failures.on-job-failure", "requeue");
        Map<String, String> hit = job(CsvRows.read(dir.resolve("requeue").resolve("jobs.csv")), "8");
        assertEquals("completed", hit.get("status"));
        assertEquals("2", hit.get("attempts"));
        assertEquals(3011.0, d(hit, "first_start"));
        assertTrue(d(hit, "start") > 3600);
        assertEquals(2468.0, d(hit, "end") - d(hit, "start"), "from scratch: the whole run time again");
        assertEquals(3011.0 - 2895, d(hit, "wait"), "wait counts to the first start");
        Map<String, String> attempt = CsvRows.read(dir.resolve("requeue").resolve("attempts.csv")).get(0);
        assertEquals("8", attempt.get("id"));
        assertEquals("requeued", attempt.get("outcome"));
        assertEquals(128 * 589 / 3600.0, d(attempt, "lost_node_hours"), 1e-6);
    }

    @Test
    void aRequeuedJobThatNeverRunsAgainKeepsItsFirstAttemptsWaitAndFirstStart() throws IOException {
        // Node 17 stays down: job 8 (all 128 nodes) can never run again.
        run("norepair", "events-file", events("down", "at 3600s fail node 17").toString(),
                "failures.on-job-failure", "requeue");
        Map<String, String> hit = job(CsvRows.read(dir.resolve("norepair").resolve("jobs.csv")), "8");
        assertEquals("failed", hit.get("status"));
        assertEquals("1", hit.get("attempts"));
        assertEquals(3011.0, d(hit, "first_start"));
        assertEquals(3011.0 - 2895, d(hit, "wait"), "wait counts to the first start");
        assertEquals("", hit.get("start"), "its last attempt never started");
    }

    @Test
    void aRequeuedJobEndsFailedWhenItsLastAllowedAttemptFails() throws IOException {
        // Job 8's second attempt runs from 9431 s to 11899 s when nothing fails it.
        String script = "at 3600s fail node 17\nat 2h repair node 17\nat 10000s fail node 17\nat 3h repair node 17";
        run("limit", "events-file", events("twice", script).toString(), "failures.on-job-failure", "requeue",
                "failures.max-attempts", "2");
        Map<String, String> hit = job(CsvRows.read(dir.resolve("limit").resolve("jobs.csv")), "8");
        assertEquals("failed", hit.get("status"));
        assertEquals("2", hit.get("attempts"));
        assertEquals(9431.0, d(hit, "start"));
        assertEquals(10000.0, d(hit, "end"));
        assertEquals("node 17 failed on attempt 2 of at most 2 (failures.max-attempts)", hit.get("reason"));
        List<Map<String, String>> attempts = CsvRows.read(dir.resolve("limit").resolve("attempts.csv"));
        assertEquals(List.of("requeued", "failed"), attempts.stream().filter(a -> a.get("id").equals("8"))
                .map(a -> a.get("outcome")).toList());
        String events = Runs.read(dir.resolve("limit").resolve("events.csv"));
        assertTrue(events.contains("3600,fail,node 17,node down; job 8 requeued,scenario"), events);
        assertTrue(events.contains("10000,fail,node 17,\"node down; job 8 failed (its attempt 2, failures.max-attempts)\""
                + ",scenario"), events);

        run("more", "events-file", events("twice", script).toString(), "failures.on-job-failure", "requeue",
                "failures.max-attempts", "3");
        Map<String, String> again = job(CsvRows.read(dir.resolve("more").resolve("jobs.csv")), "8");
        assertEquals("completed", again.get("status"));
        assertEquals("3", again.get("attempts"));
    }

    @Test
    void untilStopsTheRunAsAConsoleQuitAtThatTimeDoes() throws Exception {
        Simulation.Result r = run("until", "until", "3600s");
        LiveRun live = liveAt3600("quit");
        assertTrue(live.awaitPause());
        live.quit();
        assertFalse(live.awaitPause());
        live.result();
        for (String out : List.of("jobs.csv", "timeseries.csv")) {
            assertEquals(Runs.read(dir.resolve("quit").resolve(out)), Runs.read(dir.resolve("until").resolve(out)), out);
        }
        assertEquals(2, r.metrics().count(org.hpcsim.workload.JobStatus.UNFINISHED), "job 8 running, job 9 queued");
        assertEquals(3600.0, d(job(CsvRows.read(dir.resolve("until").resolve("jobs.csv")), "8"), "end"));
        String summary = Runs.read(dir.resolve("until").resolve("summary.json"));
        assertTrue(summary.contains("\"stopped_early\": true") && summary.contains("\"stopped_by\": \"until\""), summary);

        run("late", "until", "1000d");
        assertEquals(Runs.read(dir.resolve("late").resolve("jobs.csv")), Runs.read(run("full").outputDir()
                .resolve("jobs.csv")), "an end time after the last event changes nothing");
        assertTrue(Runs.read(dir.resolve("late").resolve("summary.json")).contains("\"stopped_early\": false"));
    }

    @Test
    void aRunStoppedBeforeItsFirstArrivalRecordsEveryJobAsNotSubmitted() throws IOException {
        Path trace = dir.resolve("late.swf");
        Files.writeString(trace, "1 1000 -1 100 1 -1 -1 1 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 2000 -1 100 1 -1 -1 1 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        Simulation.Result r = run("early", "trace", trace.toString(), "machine", "simple:4", "until", "10s");
        List<Map<String, String>> jobs = CsvRows.read(dir.resolve("early").resolve("jobs.csv"));
        assertEquals(List.of("not-submitted", "not-submitted"), jobs.stream().map(j -> j.get("status")).toList());
        assertEquals(2, r.metrics().total());
        assertTrue(Runs.read(dir.resolve("early").resolve("summary.json")).contains("\"jobs_total\": 2"));
    }

    @Test
    void aRunStoppedAtZeroBeforeItsFirstInstantRecordsEveryJobOfTheTraceAsNotSubmitted() {
        // until 0 stops before the instant at 0: the trace feeder was never called, yet hands its jobs over.
        Simulation.Result r = run("zero", "until", "0s");
        List<Map<String, String>> jobs = CsvRows.read(dir.resolve("zero").resolve("jobs.csv"));
        assertEquals(2000, jobs.size());
        assertTrue(jobs.stream().allMatch(j -> j.get("status").equals("not-submitted")), jobs.get(0).toString());
        assertEquals(2000, r.metrics().count(org.hpcsim.workload.JobStatus.NOT_SUBMITTED));
        assertTrue(Runs.read(dir.resolve("zero").resolve("summary.json")).contains("\"stopped_by\": \"until\""));
    }

    @Test
    void untilAtAnArrivalsTimeNeverRunsThatInstantAndStillRecordsEveryJob() {
        // Job 6 arrives at 2111 s: the run stops before that instant, whose messages are never delivered,
        // and the wind-down's records follow in its later rounds (on two partitions, under Pekko, too).
        Simulation.Result r = run("exact", "until", "2111s", "kernel.threads", "2");
        List<Map<String, String>> jobs = CsvRows.read(dir.resolve("exact").resolve("jobs.csv"));
        assertEquals(2000, jobs.size());
        assertEquals("not-submitted", job(jobs, "6").get("status"));
        assertEquals("completed", job(jobs, "5").get("status"));
        assertEquals(2000, r.metrics().total());
    }

    @Test
    void aRunWhoseQueuedJobsCanNeverStartEndsAtTheStallLimitAndFailsThem() throws IOException {
        // With nodes up 10 h and down 4 h on average, 128 nodes are almost never up at once.
        Simulation.Result r = run("stall", "failures.model", "exponential[10h,4h]", "failures.on-job-failure", "requeue",
                "failures.stall-limit", "5d");
        List<Map<String, String>> jobs = CsvRows.read(dir.resolve("stall").resolve("jobs.csv"));
        assertConservation(r, jobs, 2000);
        String text = Runs.read(dir.resolve("stall").resolve("jobs.csv"));
        assertTrue(text.contains("never started: no job started in the 5 d before the run ended, nothing running"
                + " (failures.stall-limit); needs 128 nodes"), text);
        double lastEvent = 0;
        for (Map<String, String> j : jobs) {
            if (!j.get("end").isEmpty()) {
                lastEvent = Math.max(lastEvent, d(j, "end"));
            }
            assertTrue(Integer.parseInt(j.get("attempts")) <= 10, "job " + j.get("id") + " within the attempt limit");
        }
        for (Map<String, String> a : CsvRows.read(dir.resolve("stall").resolve("attempts.csv"))) {
            lastEvent = Math.max(lastEvent, d(a, "end"));
        }
        assertEquals(lastEvent + 5 * 86400, r.kernel().endTime() / 1e6, 1e-6,
                "the run ends 5 days after the last attempt ended, nothing having started since");
    }

    @Test
    void aCheckpointedJobResumesWithTheWorkAfterItsLastCheckpoint() throws IOException {
        Simulation.Result r = run("ckpt", "events-file", events("one", "at 3600s fail node 17\nat 2h repair node 17")
                .toString(),
                "failures.on-job-failure", "requeue-with-checkpoint", "failures.checkpoint-interval", "100s");
        Map<String, String> hit = job(CsvRows.read(dir.resolve("ckpt").resolve("jobs.csv")), "8");
        assertEquals("completed", hit.get("status"));
        assertEquals(2468.0 - 500, d(hit, "end") - d(hit, "start"), "589 s done, 500 s checkpointed");
        Map<String, String> attempt = CsvRows.read(dir.resolve("ckpt").resolve("attempts.csv")).get(0);
        assertEquals("resumed-from-checkpoint", attempt.get("outcome"));
        assertEquals(500.0, d(attempt, "saved_work"));
        assertEquals(128 * 89 / 3600.0, r.metrics().lostNodeHours(), 1e-6);
    }

    @Test
    void noJobIsEverPlacedOnAFailedOrDrainedNodeAndARepairedNodeIsUsedAgain() throws IOException {
        Path file = events("all", EVENTS);
        run("placement", "events-file", file.toString(), "failures.on-job-failure", "requeue");
        List<Map<String, String>> starts = new ArrayList<>();
        starts.addAll(CsvRows.read(dir.resolve("placement").resolve("jobs.csv")));
        starts.addAll(CsvRows.read(dir.resolve("placement").resolve("attempts.csv")));
        // node -> intervals [from, to) in which no job may start on it
        Map<Integer, List<double[]>> barred = new HashMap<>();
        barred.computeIfAbsent(17, k -> new ArrayList<>()).add(new double[] {3600, 7200});
        barred.computeIfAbsent(40, k -> new ArrayList<>()).add(new double[] {86400, 129600});
        barred.computeIfAbsent(41, k -> new ArrayList<>()).add(new double[] {86400, Double.MAX_VALUE});
        barred.computeIfAbsent(5, k -> new ArrayList<>()).add(new double[] {4 * 86400, Double.MAX_VALUE});
        for (int n = 0; n < 32; n++) {
            barred.computeIfAbsent(n, k -> new ArrayList<>()).add(new double[] {2 * 86400, 3 * 86400});
        }
        boolean seventeenAgain = false;
        int placed = 0;
        for (Map<String, String> row : starts) {
            if (row.get("start").isEmpty()) {
                continue;
            }
            double start = d(row, "start");
            for (int node : nodes(row)) {
                placed++;
                for (double[] span : barred.getOrDefault(node, List.of())) {
                    assertFalse(start >= span[0] && start < span[1], "job " + row.get("id") + " placed on node " + node
                            + " at " + start + " while it was out of service");
                }
                seventeenAgain |= node == 17 && start >= 7200 && start < 86400;
            }
        }
        assertTrue(placed > 10_000);
        assertTrue(seventeenAgain, "node 17 takes jobs again after its repair");
        String events = Runs.read(dir.resolve("placement").resolve("events.csv"));
        assertTrue(events.contains("172800,drain,nodes 0-31,"), events);
        assertTrue(events.contains("259200,resume,nodes 0-31,32 nodes back in service,scenario"), events);
    }

    @Test
    void nasaWithExponentialFailuresIsIdenticalAcrossThreadsAndRuns() {
        Path nasa = SharedData.file("traces/NASA-iPSC-1993-3.1-cln.swf.gz");
        String[] keys = {"failures.model", "exponential[500h,4h]", "failures.on-job-failure", "requeue"};
        List<String> one = new ArrayList<>(List.of("trace", nasa.toString(), "kernel.threads", "1"));
        one.addAll(List.of(keys));
        Simulation.Result a = run("nasa-1", one.toArray(String[]::new));
        List<String> two = new ArrayList<>(List.of("trace", nasa.toString(), "kernel.threads", "2"));
        two.addAll(List.of(keys));
        run("nasa-2", two.toArray(String[]::new));
        run("nasa-1b", one.toArray(String[]::new));
        for (String file : List.of("jobs.csv", "events.csv", "attempts.csv")) {
            String first = Runs.read(dir.resolve("nasa-1").resolve(file));
            assertEquals(first, Runs.read(dir.resolve("nasa-2").resolve(file)), file + " at 1 and 2 threads");
            assertEquals(first, Runs.read(dir.resolve("nasa-1b").resolve(file)), file + " in two runs");
        }
        assertConservation(a, CsvRows.read(dir.resolve("nasa-1").resolve("jobs.csv")), 18239);
        assertTrue(a.failures().nodeFailures() > 100, "failures drawn: " + a.failures().nodeFailures());
        assertTrue(a.metrics().lostNodeHours() > 0);
        String summary = Runs.read(dir.resolve("nasa-1").resolve("summary.json"));
        assertTrue(summary.contains("\"utilization\"") && summary.contains("\"lost_node_hours\""), summary);
        assertTrue(summary.contains("\"model\": \"exponential[500h,4h]\""), summary);
    }

    @Test
    void aLinkFailureReroutesRunningJobsAndAPartitionFailsJobsThatCannotBeRouted() throws IOException {
        Path file = events("links", String.join("\n", "at 3600s fail link 20-21", "at 7200s repair link 20-21"));
        Simulation.Result r = run("links", "events-file", file.toString(), "network.model", "links");
        assertConservation(r, CsvRows.read(dir.resolve("links").resolve("jobs.csv")), 2000);
        String events = Runs.read(dir.resolve("links").resolve("events.csv"));
        assertTrue(events.contains("3600,fail,link 20-21,\"link down (4,1)-(5,1); 1 running job rerouted\",scenario"),
                events);
        assertTrue(events.contains("7200,repair,link 20-21,link up; "), events);
        assertEquals(1, r.failures().linkFailures());

        // Node 0 of a 16x8 mesh has two links: without them it is cut off.
        Path cut = events("cut", String.join("\n", "at 3600s fail link 0-1", "at 3600s fail link 0-16"));
        Simulation.Result c = run("cut", "events-file", cut.toString(), "network.model", "distance");
        List<Map<String, String>> jobs = CsvRows.read(dir.resolve("cut").resolve("jobs.csv"));
        assertConservation(c, jobs, 2000);
        Map<String, String> hit = job(jobs, "8");
        assertEquals("failed", hit.get("status"), "job 8 held node 0 and lost its routes");
        assertEquals(3600.0, d(hit, "end"));
        assertTrue(jobs.stream().anyMatch(j -> j.get("status").equals("failed") && d(j, "start") > 3600),
                "later jobs placed across the cut fail at their start");
    }

    @Test
    void badEventsAreInputErrorsNamingTheFileAndLine() throws IOException {
        Path file = events("bad", "at 1h fail node 3\n# comment\nat 2h fail node 128");
        InputException e = assertThrows(InputException.class, () -> run("bad", "events-file", file.toString()));
        assertTrue(e.getMessage().startsWith(file + ":3: event: no node 128"), e.getMessage());
        Path link = events("badlink", "at 1h fail link 3-5");
        e = assertThrows(InputException.class, () -> run("badlink", "events-file", link.toString(),
                "network.model", "links"));
        assertTrue(e.getMessage().contains(":1: event: nodes 3 and 5 are not neighbours"), e.getMessage());
        e = assertThrows(InputException.class, () -> run("nonet", "events-file", events("l", "at 1h fail link 3-4")
                .toString()));
        assertTrue(e.getMessage().contains("need a network model"), e.getMessage());
        e = assertThrows(InputException.class, () -> run("none", "events-file", events("n", "at 1h fail node 3")
                .toString(), "failures.model", "none"));
        assertTrue(e.getMessage().contains("failures.model is none"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("bad").resolve("jobs.csv")), "no partial outputs");
    }

    @Test
    void aScriptedConsoleSessionGivesTheOutputsOfTheEquivalentScenarioFile() throws Exception {
        Path file = events("file", "at 3600s fail node 17\nat 1d drain nodes 0-7");
        run("from-file", "events-file", file.toString(), "failures.on-job-failure", "requeue");
        LiveRun live = liveAt3600("live", "failures.on-job-failure", "requeue");
        assertTrue(live.awaitPause());
        assertEquals(SimTime.seconds(3600), live.clock());
        assertTrue(live.status().contains("1 queued, 1 running"), live.status());
        assertThrows(IllegalArgumentException.class, () -> live.inject("at 3599s fail node 17"));
        assertThrows(IllegalArgumentException.class, () -> live.inject("at 3600s fail node 999"));
        live.inject("at 3600s fail node 17");
        live.runUntil(SimTime.seconds(86400));
        assertTrue(live.awaitPause());
        live.inject("at 1d drain nodes 0-7");
        live.resume();
        assertFalse(live.awaitPause());
        live.result();
        for (String out : List.of("jobs.csv", "events.csv", "attempts.csv")) {
            assertEquals(Runs.read(dir.resolve("from-file").resolve(out)), Runs.read(dir.resolve("live").resolve(out)),
                    out);
        }
    }

    @Test
    void aRequeuedJobStillQueuedWhenTheConsoleQuitsKeepsItsFirstAttempt() throws Exception {
        LiveRun live = liveAt3600("requeued", "failures.on-job-failure", "requeue");
        assertTrue(live.awaitPause());
        live.inject("at 3600s fail node 17");
        live.runUntil(SimTime.seconds(5000));
        assertTrue(live.awaitPause());
        live.quit();
        assertFalse(live.awaitPause());
        live.result();
        Map<String, String> hit = job(CsvRows.read(dir.resolve("requeued").resolve("jobs.csv")), "8");
        assertEquals("unfinished", hit.get("status"));
        assertEquals("1", hit.get("attempts"));
        assertEquals(3011.0, d(hit, "first_start"));
        assertEquals(116.0, d(hit, "wait"));
    }

    @Test
    void quittingFromTheConsoleEndsQueuedAndRunningJobsUnfinishedAndWritesTheOutputs() throws Exception {
        LiveRun live = liveAt3600("quit");
        assertTrue(live.awaitPause());
        live.quit();
        assertFalse(live.awaitPause());
        Simulation.Result r = live.result();
        List<Map<String, String>> jobs = CsvRows.read(dir.resolve("quit").resolve("jobs.csv"));
        assertEquals(2, r.metrics().count(org.hpcsim.workload.JobStatus.UNFINISHED), "job 8 running, job 9 queued");
        assertEquals("unfinished", job(jobs, "8").get("status"));
        assertEquals(3600.0, d(job(jobs, "8"), "end"));
        assertConservation(r, jobs, jobs.size());
        assertTrue(Runs.read(dir.resolve("quit").resolve("summary.json")).contains("\"stopped_early\": true"));
    }
}
