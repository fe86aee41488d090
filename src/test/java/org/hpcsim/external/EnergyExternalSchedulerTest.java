package org.hpcsim.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.sim.Simulation;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An external scheduler switching nodes off and on over Batsim's protocol: pybatsim's fcfsSchedSleep
 * ({@link FcfsSchedSleep}) on the hosts of Batsim's energy_platform_homogeneous.xml, each machine-state
 * change and the energy worked out by hand with Batsim's energy model.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard only
class EnergyExternalSchedulerTest {
    private static final Path PLATFORM = SharedData.repoRoot().resolve(
            "src/test/resources/org/hpcsim/energy/four-planets.xml");
    private static final Path WORKLOAD = SharedData.repoRoot().resolve(
            "src/test/resources/org/hpcsim/energy/sleep-workload.json");

    @TempDir
    Path dir;

    /** Runs the workload on the platform with the client as its scheduler, as Batsim with zero latency. */
    private Simulation.Result run(PybatsimClient client, String... more) throws Exception {
        Map<String, String> keys = new LinkedHashMap<>(Map.of("trace", WORKLOAD.toString(), "platform",
                PLATFORM.toString(), "scheduler.policy", "external", "scheduler.external.socket", client.endpoint(),
                "scheduler.external.decision-latency", "0s", "output.batsim", "true", "output.dir",
                dir.resolve("out").toString(), "energy.job-load", "0"));
        for (int i = 0; i < more.length; i += 2) {
            keys.put(more[i], more[i + 1]);
        }
        var done = client.start();
        Simulation.Result r = Simulation.prepare(Scenario.from(ConfigLoader.load(null, keys),
                StandardPolicies.registry()), StandardPolicies.registry()).run(TestRuntime.get());
        done.get(30, TimeUnit.SECONDS);
        return r;
    }

    private List<String> lines(String file) throws IOException {
        return Files.readAllLines(dir.resolve("out").resolve(file));
    }

    /**
     * The schedule, with fcfsSchedSleep's decisions (nodes 0-3; switching off takes 1 flop at 0.5 flop/s,
     * 2 s; switching on 1 flop at 0.05 flop/s, 20 s):
     * <pre>
     *   0  job 1 (2 nodes, 100 s) starts on 0-1; nothing waits: idle 2 and 3 switch off (sleep at 2)
     *  10  job 2 (4 nodes) cannot start because of job 1: nothing to switch off
     * 100  job 1 ends; job 2 could run on 4 non-computing nodes: 2 and 3 switch on (idle at 120)
     * 120  job 2 starts on 0-3, ends at 170; nothing waits: 0-3 switch off (sleep at 172)
     * 300  job 3 (1 node, 20 s): node 0 switches on (idle at 320), job 3 runs 320-340
     * 340  nothing waits: node 0 switches off, asleep at 342, when the run ends
     * </pre>
     * Batsim's energy model (SimGrid host energy: idle + (max - idle) x load in the current pstate;
     * Batsim's delay profiles load no core, so jobs draw the idle 30 W, energy.job-load = 0): a switch
     * off is 2 s at 200.996721311 W = 401.993442622 J, a switch on 20 s at 425.1743849 W =
     * 8503.487698 J, sleep 9.75 W.
     * <pre>
     * node 0: 100 s job + 20 s idle + 50 s job at 30 W (5100) + off + 128 s asleep (1248) + on
     *         + 20 s job at 30 W (600) + off                                  = 16255.474583244 J
     * node 1: 170 s at 30 W (5100) + off + 170 s asleep (1657.5)              =  7159.493442622 J
     * node 2: off + 98 s asleep (955.5) + on + 50 s job at 30 W (1500) + off
     *         + 170 s asleep (1657.5)                                         = 13420.474583244 J
     * node 3: as node 2                                                       = 13420.474583244 J
     * total, from 0 to 342 s                                                  = 50255.917192354 J
     * </pre>
     * The jobs' consumed energy: 2 x 30 W x 100 s = 6000 J, 4 x 30 x 50 = 6000 J, 30 x 20 = 600 J.
     */
    @Test
    void fcfsSchedSleepOnTheHomogeneousEnergyHostsSwitchesAndDrawsWhatBatsimsModelGives() throws Exception {
        FcfsSchedSleep sleeper = new FcfsSchedSleep(FcfsSchedSleep.HOMOGENEOUS);
        try (PybatsimClient client = new PybatsimClient(sleeper)) {
            run(client);
            assertEquals(List.of("0.0 2 1", "0.0 3 1", "100.0 2 0", "100.0 3 0", "170.0 0 1", "170.0 1 1",
                    "170.0 2 1", "170.0 3 1", "300.0 0 0", "340.0 0 1"), sleeper.requests);
            // Every RESOURCE_STATE_CHANGED, when its switch was over.
            List<String> changed = new ArrayList<>();
            for (String message : client.received) {
                var m = new com.fasterxml.jackson.databind.ObjectMapper().readTree(message);
                for (var e : m.get("events")) {
                    if (e.get("type").asText().equals("RESOURCE_STATE_CHANGED")) {
                        changed.add(e.get("timestamp").asDouble() + " " + e.get("data").get("resources").asText() + " "
                                + e.get("data").get("state").asText());
                    }
                }
            }
            assertEquals(List.of("2.0 2 1", "2.0 3 1", "120.0 2 0", "120.0 3 0", "172.0 0 1", "172.0 1 1",
                    "172.0 2 1", "172.0 3 1", "320.0 0 0", "342.0 0 1"), changed);
            // SIMULATION_BEGINS names each machine after its host and gives its properties, as Batsim does.
            var begins = new com.fasterxml.jackson.databind.ObjectMapper().readTree(client.received.get(0))
                    .get("events").get(0).get("data").get("compute_resources");
            assertEquals("n3", begins.get(3).get("name").asText());
            assertEquals("1:2:3", begins.get(3).get("properties").get("sleep_pstates").asText());
            assertEquals("9.75", begins.get(3).get("properties").get("wattage_off").asText());
            assertEquals("", begins.get(3).get("properties").get("role").asText());
        }
        // Every machine-state change (time, sleeping, switching on, switching off, idle, computing).
        assertEquals(List.of("time,nb_sleeping,nb_switching_on,nb_switching_off,nb_idle,nb_computing",
                "0,0,0,0,2,2", "0,0,0,1,1,2", "0,0,0,2,0,2",
                "2,1,0,1,0,2", "2,2,0,0,0,2",
                "100,2,0,0,2,0", "100,1,1,0,2,0", "100,0,2,0,2,0",
                "120,0,1,0,3,0", "120,0,0,0,4,0", "120,0,0,0,0,4",
                "170,0,0,0,4,0", "170,0,0,1,3,0", "170,0,0,2,2,0", "170,0,0,3,1,0", "170,0,0,4,0,0",
                "172,1,0,3,0,0", "172,2,0,2,0,0", "172,3,0,1,0,0", "172,4,0,0,0,0",
                "300,3,1,0,0,0", "320,3,0,0,1,0", "320,3,0,0,0,1", "340,3,0,0,1,0", "340,3,0,1,0,0",
                "342,4,0,0,0,0"), lines("batsim_machine_states.csv"));
        // Each request as it starts (-2: towards sleep, -1: towards computing) and as it completes.
        assertEquals(List.of("time,machine_id,new_pstate", "0,0-3,0", "0,2,-2", "0,3,-2", "2,2,1", "2,3,1",
                "100,2,-1", "100,3,-1", "120,2,0", "120,3,0", "170,0,-2", "170,1,-2", "170,2,-2", "170,3,-2",
                "172,0,1", "172,1,1", "172,2,1", "172,3,1", "300,0,-1", "320,0,0", "340,0,-2", "342,0,1"),
                lines("batsim_pstate_changes.csv"));
        assertEquals(List.of("node,energy_j", "0,16255.475", "1,7159.493", "2,13420.475", "3,13420.475"),
                lines("energy.csv"));
        String summary = Files.readString(dir.resolve("out").resolve("summary.json"));
        assertTrue(summary.contains("\"total_energy_j\": 50255.917192"), summary);
        assertTrue(summary.contains("\"end_s\": 342.0"), summary);
        List<String> energy = lines("batsim_consumed_energy.csv");
        assertEquals("time,energy,event_type,wattmin,epower", energy.get(0));
        // The last sample: at 342 s, all of it; every node asleep (wattmin 4 x 9.75 W); since the sample at 340 s,
        // node 0 switching off (200.996721311 W) and three nodes asleep (29.25 W): 230.246721311 W.
        assertEquals("342,50255.9,p,39,230.247", energy.get(energy.size() - 1));
        List<String> jobs = lines("batsim_jobs.csv");
        assertTrue(jobs.get(1).endsWith(",0-1,6000.000000,\"\""), jobs.get(1));
        assertTrue(jobs.get(2).endsWith(",0-3,6000.000000,\"\""), jobs.get(2));
        assertTrue(jobs.get(3).endsWith(",0,600.000000,\"\""), jobs.get(3));
    }

    @Test
    void pybatsimsOwnSleepNumberIsASwitchingStateOfTheHomogeneousHostsAndIsRefused() throws Exception {
        try (PybatsimClient client = new PybatsimClient(new FcfsSchedSleep(FcfsSchedSleep.PYBATSIM))) {
            InputException e = assertThrows(InputException.class, () -> run(client));
            assertTrue(e.getMessage().startsWith("at t=0 s: invalid decision from the external scheduler:"
                    + " SET_RESOURCE_STATE: pstate 3 is not a computing or sleep state of node 2;"), e.getMessage());
            String summary = Files.readString(dir.resolve("out").resolve("summary.json"));
            assertTrue(summary.contains("\"stopped_by\": \"scheduler-failure\""), summary);
        }
    }

    /** Switches node 0 off while it runs job 1: refused, as Batsim cannot switch off a computing machine. */
    @Test
    void switchingOffAComputingNodeIsAnInvalidDecision() throws Exception {
        PybatsimClient.Scheduler offWhileBusy = new PybatsimClient.Scheduler() {
            @Override
            public void onJobSubmission(PybatsimClient.Job job) {
                if (job.id.equals("w0!1")) {
                    bs.executeJob(job, new int[] {0, 1});
                    bs.setResourceState(new int[] {0}, "1");
                }
            }
        };
        try (PybatsimClient client = new PybatsimClient(offWhileBusy)) {
            InputException e = assertThrows(InputException.class, () -> run(client));
            assertTrue(e.getMessage().startsWith("at t=0 s: invalid decision from the external scheduler:"
                    + " SET_RESOURCE_STATE: node 0 is computing (running job 1);"), e.getMessage());
        }
    }

    /** A consumed_energy QUERY at 100 s (job 1's end): 4 nodes idle at 30 W for 100 s, 12000 J. */
    @Test
    void anEnergyQueryIsAnsweredWithTheJoulesSinceTimeZero() throws Exception {
        List<Double> answers = new ArrayList<>();
        PybatsimClient.Scheduler asker = new PybatsimClient.Scheduler() {
            @Override
            public void onJobSubmission(PybatsimClient.Job job) {
                if (job.id.equals("w0!1")) {
                    bs.executeJob(job, new int[] {0, 1});
                } else {
                    bs.rejectJob(job);
                }
            }

            @Override
            public void onJobCompletion(PybatsimClient.Job job) {
                bs.requestConsumedEnergy();
            }

            @Override
            public void onReportEnergyConsumed(double joules) {
                answers.add(bs.time());
                answers.add(joules);
            }
        };
        try (PybatsimClient client = new PybatsimClient(asker)) {
            run(client);
        }
        assertEquals(List.of(100.0, 12000.0), answers);
    }
}
