package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.StateDigest;
import org.hpcsim.kernel.sequential.SequentialExecutor;
import org.hpcsim.registry.Registry;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.scheduling.SchedulingContext;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.testing.ExecutorOracle;
import org.hpcsim.testing.SharedData;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Time-parallel windows against the one-thread run: every output file equal, byte for byte, whatever
 * the number of windows and threads, the policy, scripted failures with requeue; and when no two
 * windows' states ever agree (coalescence broken on purpose), still equal, at the cost of the waste.
 */
class TimeWindowsTest {
    @TempDir
    Path dir;

    private Scenario scenario(Registry registry, String name, String... extra) {
        Map<String, String> keys = new java.util.LinkedHashMap<>();
        keys.put("trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString());
        keys.put("machine", "mesh:16x8");
        keys.put("output.dir", dir.resolve(name).toString());
        for (int i = 0; i < extra.length; i += 2) {
            keys.put(extra[i], extra[i + 1]);
        }
        return Scenario.from(ConfigLoader.load(null, keys), registry);
    }

    /** Runs {@code name} sequentially and in windows, compares, and returns the windowed run's summary. */
    private SummaryJson compare(Registry registry, String name, int windows, int threads, String... extra) {
        Simulation.prepare(scenario(registry, name + "-seq", extra), registry).run(new SequentialExecutor());
        Simulation sim = Simulation.prepare(scenario(registry, name, extra), registry);
        assertNull(sim.windowsUnfit());
        sim.runInWindows(windows, threads);
        ExecutorOracle.assertSameOutputs(dir.resolve(name), dir.resolve(name + "-seq"));
        return SummaryJson.read(dir.resolve(name).resolve("summary.json"));
    }

    @Test
    void windowsWriteTheOneThreadRunsFilesForEveryWindowAndThreadCountAndPolicy() {
        Registry r = StandardPolicies.registry();
        int[][] shapes = {{2, 1}, {2, 2}, {3, 2}, {8, 2}, {16, 4}};
        for (String policy : List.of("easy", "fcfs", "conservative")) {
            for (int[] shape : shapes) {
                SummaryJson s = compare(r, policy + "-" + shape[0] + "x" + shape[1], shape[0], shape[1],
                        "scheduler.policy", policy, "output.batsim", "true");
                assertEquals("windows", s.text("executor"));
                assertTrue(s.number("events_simulated") >= s.number("events"));
            }
        }
    }

    /** Every job at t = 0 (a flood): one window, whose run goes on long after the last arrival. */
    @Test
    void aTraceWhoseJobsAllArriveAtOnceGetsTheOneThreadRunsFiles() throws IOException {
        Path flood = dir.resolve("flood.swf");
        try (var w = Files.newBufferedWriter(flood)) {
            org.hpcsim.workload.SyntheticWorkload.write(
                    new org.hpcsim.workload.SyntheticWorkload.Spec(3000, 128, 128, 0.9, 21, true), w);
        }
        SummaryJson s = compare(StandardPolicies.registry(), "flood", 4, 2, "trace", flood.toString());
        assertEquals(1.0, s.number("windows"));
    }

    @Test
    void windowsWriteTheOneThreadRunsFilesWithScriptedFailuresDrainsAndRequeue() throws IOException {
        Path events = dir.resolve("failures.events");
        Files.writeString(events, String.join("\n", "at 3600s fail node 17", "at 2h repair node 17",
                "at 1d fail nodes 40-41", "at 1.5d repair node 40", "at 2d drain nodes 0-31", "at 3d resume nodes 0-31",
                "at 4d fail node 5", "at 9d fail nodes 60-70", "at 9.5d repair nodes 60-70", "") );
        for (String fate : List.of("kill", "requeue", "requeue-with-checkpoint")) {
            compare(StandardPolicies.registry(), fate, 4, 2, "events-file", events.toString(),
                    "failures.on-job-failure", fate, "failures.checkpoint-interval", "60s");
        }
    }

    /**
     * A policy that draws from a random stream at every arrival (without using the draws) and puts the
     * stream's position in its fingerprint: states that differ only there never agree, since a window
     * that starts later has drawn less. Each window then runs to the end, window 0 is the whole run,
     * and the outputs are still the one-thread run's.
     */
    @Test
    void windowsThatNeverCoalesceStillWriteTheOneThreadRunsFiles() {
        Registry r = StandardPolicies.create();
        r.schedulers().register("counting-fcfs", "FCFS that draws at each arrival", List.of(),
                (args, registry) -> new CountingPolicy(registry.scheduler("fcfs")));
        // On four times the machine the queue often empties, so plain FCFS windows coalesce within days.
        SummaryJson s = compare(r, "never", 4, 2, "scheduler.policy", "counting-fcfs", "machine", "mesh:32x16");
        assertTrue(s.number("events_simulated") > 2 * s.number("events"),
                "every window ran to the end: " + s.number("events_simulated") + " events for " + s.number("events"));
        // Windows that give up once 200 of their records wait unplayed: the same files, less waste.
        Simulation.prepare(scenario(r, "gave-up-seq", "scheduler.policy", "counting-fcfs", "machine", "mesh:32x16"), r)
                .run(new SequentialExecutor());
        Simulation.prepare(scenario(r, "gave-up", "scheduler.policy", "counting-fcfs", "machine", "mesh:32x16"), r)
                .runInWindows(4, 2, 200);
        ExecutorOracle.assertSameOutputs(dir.resolve("gave-up"), dir.resolve("gave-up-seq"));
        SummaryJson gaveUp = SummaryJson.read(dir.resolve("gave-up").resolve("summary.json"));
        assertTrue(gaveUp.number("events_simulated") < s.number("events_simulated"),
                gaveUp.number("events_simulated") + " events simulated against " + s.number("events_simulated"));
        SummaryJson coalescing = compare(StandardPolicies.registry(), "coalescing", 4, 2, "scheduler.policy", "fcfs",
                "machine", "mesh:32x16");
        assertTrue(coalescing.number("events_simulated") < 1.5 * coalescing.number("events"),
                "plain FCFS windows coalesce: " + coalescing.number("events_simulated") + " events for "
                        + coalescing.number("events"));
    }

    /** A policy's decisions, with its random stream's position in its fingerprint. */
    private static final class CountingPolicy implements SchedulingPolicy {
        private final SchedulingPolicy inner;
        private final java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        private long drawn;

        CountingPolicy(SchedulingPolicy inner) {
            this.inner = inner;
        }

        @Override
        public void enqueue(Job job) {
            random.nextLong();
            drawn++;
            inner.enqueue(job);
        }

        @Override
        public void schedule(SchedulingContext context) {
            inner.schedule(context);
        }

        @Override
        public int queueLength() {
            return inner.queueLength();
        }

        @Override
        public List<Job> queued() {
            return inner.queued();
        }

        @Override
        public void writeState(StateDigest out) {
            inner.writeState(out);
            out.add(drawn);
        }
    }

    /**
     * An interrupt stops a windowed run as it stops a one-thread run: where the run is, with every job
     * of the trace in jobs.csv once (the queued and running ones unfinished, the rest not submitted).
     */
    @Test
    void anInterruptedWindowedRunRecordsEveryJobOnceAndSaysItWasInterrupted() throws Exception {
        Path trace = dir.resolve("big.swf");
        try (var w = Files.newBufferedWriter(trace)) {
            org.hpcsim.workload.SyntheticWorkload.write(org.hpcsim.workload.SyntheticWorkload.Spec.of(150_000, 128, 0.9, 5), w);
        }
        Registry r = StandardPolicies.registry();
        Simulation sim = Simulation.prepare(scenario(r, "stopped", "trace", trace.toString()), r);
        Thread run = new Thread(() -> sim.runInWindows(4, 2));
        run.start();
        while (sim.runProgress().jobsDone() < 2000) {
            Thread.sleep(5);
        }
        assertTrue(sim.interrupt(), "the windows were running");
        run.join();
        SummaryJson s = SummaryJson.read(dir.resolve("stopped").resolve("summary.json"));
        assertEquals("interrupt", s.text("stopped_by"));
        List<String> lines = Files.readAllLines(dir.resolve("stopped").resolve("jobs.csv"));
        assertEquals(150_001, lines.size(), "a row per trace job");
        assertEquals(150_000, lines.stream().skip(1).map(l -> l.split(",")[0]).distinct().count());
        assertTrue(s.number("jobs_not_submitted") > 0, "stopped before the trace's end");
    }

    @Test
    void aRunThatCannotUseWindowsSaysWhy() {
        Simulation sim = Simulation.prepare(scenario(StandardPolicies.registry(), "room", "thermal.enabled", "true"),
                StandardPolicies.registry());
        assertEquals("a modelled room", sim.windowsUnfit());
        Simulation random = Simulation.prepare(scenario(StandardPolicies.registry(), "random",
                "allocator.policy", "random"), StandardPolicies.registry());
        assertTrue(random.windowsUnfit().contains("cannot fingerprint"), random.windowsUnfit());
    }
}
