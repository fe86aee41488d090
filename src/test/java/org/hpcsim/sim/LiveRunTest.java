package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.hpcsim.time.SimTime;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the console sees of a live run: its pauses' wall time, the room's state. */
class LiveRunTest {
    @TempDir
    Path dir;

    private static final String TRACE = SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString();

    @Test
    void theTimeSpentPausedIsNotPartOfTheRunsWallTimeNorOfItsEventRate() throws Exception {
        Simulation sim = Simulation.prepare(Runs.scenario("trace", TRACE, "machine", "mesh:16x8",
                "output.dir", dir.resolve("paused").toString()), StandardPolicies.registry());
        long t0 = System.nanoTime();
        LiveRun live = LiveRun.start(sim, TestRuntime::get, SimTime.seconds(3600));
        assertTrue(live.awaitPause());
        Thread.sleep(3000);
        live.resume();
        assertFalse(live.awaitPause());
        Simulation.Result r = live.result();
        double elapsed = (System.nanoTime() - t0) / 1e9;
        assertTrue(live.pausedSeconds() >= 3.0, "paused " + live.pausedSeconds() + " s");
        assertTrue(r.wallSeconds() <= elapsed - 3.0, "wall " + r.wallSeconds() + " s of " + elapsed + " s elapsed");
        assertTrue(r.eventsPerSecond() >= r.kernel().events() / (elapsed - 3.0));
        double summary = SummaryJson.read(dir.resolve("paused/summary.json")).number("wall_clock_s");
        assertTrue(summary <= elapsed - 3.0, "summary.json's wall_clock_s " + summary);
    }

    @Test
    void aPauseAskedForBeforeTheRunUntilTimeShowsTheTimeItReallyPausedAt() throws Exception {
        Simulation sim = Simulation.prepare(Runs.scenario("trace", TRACE, "machine", "mesh:16x8",
                "output.dir", dir.resolve("asked").toString()), StandardPolicies.registry());
        LiveRun live = LiveRun.start(sim, TestRuntime::get, SimTime.seconds(3600));
        assertTrue(live.awaitPause());
        long until = SimTime.seconds(30 * 86400);
        live.runUntil(until);
        live.requestPause();
        assertTrue(live.awaitPause());
        assertTrue(live.clock() < until, "paused before the run until time, at " + live.clock());
        // An event just after where it paused is taken: the clock is not the run until time.
        live.inject("at " + SimTime.format(live.clock() + SimTime.seconds(1)) + "s fail node 3");
        live.quit();
        assertFalse(live.awaitPause());
        live.result();
    }

    @Test
    void aThermalRunsStatusTellsTheRoomsHottestInletPowerAndWhichCracUnitsAreDown() throws Exception {
        Simulation sim = Simulation.prepare(Runs.scenario("trace", TRACE, "machine", "mesh:4x5x2",
                "workload.cores-per-node", "4", "thermal.enabled", "true", "cooling.units", "[\"0-19\",\"20-39\"]",
                "output.dir", dir.resolve("room").toString()), StandardPolicies.registry());
        LiveRun live = LiveRun.start(sim, TestRuntime::get, SimTime.seconds(200000));
        assertTrue(live.awaitPause());
        String before = live.status();
        assertTrue(before.matches(".*; room: hottest inlet \\d+\\.\\d C at node \\d+ \\(redline 30\\.0 C\\), supply"
                + " \\d+\\.\\d C, IT \\d+\\.\\d kW, cooling \\d+\\.\\d kW; CRAC units: 2, none down"), before);
        live.inject("at 300000s crac 1 fail");
        live.runUntil(SimTime.seconds(400000));
        assertTrue(live.awaitPause());
        String after = live.status();
        assertTrue(after.endsWith("; CRAC units: 2, down: 1"), after);
        live.resume();
        assertFalse(live.awaitPause());
        live.result();
    }
}
