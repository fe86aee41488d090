package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.testing.Runs;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Idle shutdown in a run, worked by hand (both executors): nodes sleep after their idle time and wake for the head. */
class IdleShutdownScenarioTest {
    @TempDir
    Path dir;

    /**
     * Job 0: one node for 100 s from 0; job 1: two nodes for 50 s from 1000 (.sim: submit procs run
     * estimate), on simple:2 with the default states (30 W idle, 100 W computing, 9.75 W asleep; off 2 s
     * at 200.996721311 W, on 20 s at 425.1743849 W) and idle-shutdown[60s]:
     * <pre>
     *    0  job 0 starts on node 0; node 1 idle
     *   60  node 1 idle 60 s: switches off, asleep at 62
     *  100  job 0 ends; 160 node 0 switches off, asleep at 162
     * 1000  job 1 needs 2 nodes, none awake and nothing running (no reservation): both switch on
     * 1020  both up: job 1 starts (20 s wait), ends at 1070; 1130 both switch off, asleep at 1132: the end
     * </pre>
     * node 0: 100 s x 100 W + 60 s x 30 W + 401.993442622 (off) + 838 s x 9.75 W + 8503.487698 (on)
     * + 50 s x 100 W + 60 s x 30 W + 401.993442622 = 36077.974583244 J;
     * node 1: 60 s x 30 W + off + 938 s x 9.75 W + on + 5000 + 1800 + off = 27052.974583244 J.
     */
    @Test
    void idleNodesSleepAfterTheirIdleTimeAndWakeForTheHead() throws IOException {
        Path trace = dir.resolve("t.sim");
        Files.writeString(trace, "0 1 100 1000\n1000 2 50 1000\n");
        Path out = dir.resolve("out");
        Runs.run(Runs.scenario("trace", trace.toString(), "machine", "simple:2", "scheduler.policy",
                "idle-shutdown[60s]", "energy.enabled", "true", "output.batsim", "true", "output.dir", out.toString()));
        List<String> jobs = Files.readAllLines(out.resolve("jobs.csv"));
        assertTrue(jobs.get(1).startsWith("0,0,0,0,100,100,"), jobs.get(1));
        assertTrue(jobs.get(2).startsWith("1,1000,20,1020,1070,50,"), jobs.get(2));
        assertEquals(List.of("node,energy_j", "0,36077.975", "1,27052.975"), Files.readAllLines(out.resolve("energy.csv")));
        assertEquals(List.of("time,machine_id,new_pstate", "0,0-1,0", "60,1,-2", "62,1,1", "160,0,-2", "162,0,1",
                "1000,0-1,-1", "1020,0-1,0", "1130,0-1,-2", "1132,0-1,1"),
                Files.readAllLines(out.resolve("batsim_pstate_changes.csv")));
    }

    @Test
    void withoutPowerStatesItIsRefused() {
        InputException e = assertThrows(InputException.class, () -> Runs.scenario("trace", "t.sim",
                "scheduler.policy", "idle-shutdown[60s]"));
        assertEquals("scheduler.policy", e.field());
        assertTrue(e.getMessage().endsWith("'idle-shutdown[60s]' needs node power states: set energy.enabled = true or"
                + " give a platform (--platform)"), e.getMessage());
    }
}
