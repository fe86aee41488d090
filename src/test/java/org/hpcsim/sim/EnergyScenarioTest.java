package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.report.JobsCsv;
import org.hpcsim.testing.Runs;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Node power states in a run: jobs' speed and energy, each node's energy, worked by hand (both executors). */
class EnergyScenarioTest {
    @TempDir
    Path dir;

    /** Job 0: two nodes for 100 s from 0; job 1: one node for 200 s from 50 (.sim: submit procs run estimate). */
    private Path trace() throws IOException {
        Path trace = dir.resolve("t.sim");
        Files.writeString(trace, "0 2 100 1000\n50 1 200 1000\n");
        return trace;
    }

    private Simulation.Result run(String name, String... extra) throws IOException {
        List<String> keys = new java.util.ArrayList<>(List.of("trace", trace().toString(), "machine", "simple:4",
                "scheduler.policy", "fcfs", "energy.enabled", "true", "energy.pstates", "[\"1:30:100\", \"0.5:20:60\"]",
                "output.batsim", "true", "output.dir", dir.resolve(name).toString()));
        keys.addAll(List.of(extra));
        return Runs.run(Runs.scenario(keys.toArray(String[]::new)));
    }

    @Test
    void eachJobsAndEachNodesEnergyIsItsWattsTimesItsTime() throws IOException {
        run("fast");
        Path out = dir.resolve("fast");
        List<String> jobs = Files.readAllLines(out.resolve("jobs.csv"));
        assertEquals(JobsCsv.HEADER + ",energy_j", jobs.get(0));
        // 2 nodes x 100 W x 100 s; 1 node x 100 W x 200 s.
        assertTrue(jobs.get(1).endsWith(",20000.000"), jobs.get(1));
        assertTrue(jobs.get(2).endsWith(",20000.000"), jobs.get(2));
        // To the run's end at 250 s: nodes 0 and 1 100 s at 100 W and 150 s idle at 30 W; node 2 50 s idle
        // and 200 s busy; node 3 idle throughout.
        assertEquals(List.of("node,energy_j", "0,14500.000", "1,14500.000", "2,21500.000", "3,7500.000"),
                Files.readAllLines(out.resolve("energy.csv")));
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"total_energy_j\": 58000.0"), summary);
        assertTrue(summary.contains("\"jobs_energy_j\": 40000.0"), summary);
        assertTrue(summary.contains("\"mean_power_w\": 232.0"), summary);
        List<String> batsim = Files.readAllLines(out.resolve("batsim_jobs.csv"));
        assertTrue(batsim.get(1).contains(",0-1,20000.000000,"), batsim.get(1));
    }

    @Test
    void theTimeSeriesShowsTheNodesPowerAndStates() throws IOException {
        run("series", "output.timeseries-interval", "0s");
        // Busy nodes draw 100 W, idle ones 30 W.
        assertEquals(List.of("time,busy_nodes,failed_nodes,drained_nodes,queued_jobs,running_jobs,utilization"
                        + ",node_power_w,sleeping_nodes,switching_nodes",
                "0,2,0,0,0,1,0.500000,260.000,0,0", "50,3,0,0,0,2,0.750000,330.000,0,0",
                "100,1,0,0,0,1,0.250000,190.000,0,0", "250,0,0,0,0,0,0.000000,120.000,0,0"),
                Files.readAllLines(dir.resolve("series").resolve("timeseries.csv")));
    }

    @Test
    void aSlowerComputingStateStretchesTheComputePartOnly() throws IOException {
        run("slow", "energy.pstate", "1");
        List<String> jobs = Files.readAllLines(dir.resolve("slow").resolve("jobs.csv"));
        // c = 0.3: 0.7 x 100 / 0.5 + 0.3 x 100 = 170 s at 60 W on 2 nodes; 0.7 x 200 / 0.5 + 60 = 340 s.
        assertTrue(jobs.get(1).startsWith("0,0,0,0,170,170,"), jobs.get(1));
        assertTrue(jobs.get(1).endsWith(",20400.000"), jobs.get(1));
        assertTrue(jobs.get(2).startsWith("1,50,0,50,390,340,"), jobs.get(2));
        assertTrue(jobs.get(2).endsWith(",20400.000"), jobs.get(2));
    }

    @Test
    void aBatsimPlatformGivesTheMachineAndThePowerStatesOfItsComputeHosts() throws IOException {
        Path out = dir.resolve("platform");
        Runs.run(Runs.scenario("trace", trace().toString(), "platform",
                org.hpcsim.batsim.BatsimPlatformTest.PLANETS.toString(), "scheduler.policy", "fcfs",
                "output.dir", out.toString()));
        // Its four compute hosts draw what the configured 1:30:100 state draws: the hand-worked figures above.
        assertEquals(List.of("node,energy_j", "0,14500.000", "1,14500.000", "2,21500.000", "3,7500.000"),
                Files.readAllLines(out.resolve("energy.csv")));
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"machine\": \"simple:4\""), summary);
        assertTrue(summary.contains("ignored <link>, <link_ctn>, <route>"), summary);
    }

    @Test
    void aMachineOfAnotherSizeThanThePlatformIsRefused() throws IOException {
        org.hpcsim.workload.InputException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.hpcsim.workload.InputException.class, () -> Simulation.prepare(Runs.scenario("trace",
                        trace().toString(), "platform", org.hpcsim.batsim.BatsimPlatformTest.PLANETS.toString(),
                        "machine", "simple:8", "output.dir", dir.resolve("x").toString()),
                        org.hpcsim.registry.StandardPolicies.registry()));
        assertEquals("machine", e.field());
        assertTrue(e.getMessage().endsWith("the platform four-planets.xml has 4 compute hosts, the machine 8 nodes;"
                + " give as many"), e.getMessage());
    }

    /**
     * A scripted power-state change: node 3, idle, switches off into sleep state 2 at 10 s (the default
     * sleep state: 2 s at 200.996721311 W) and sleeps until the run's end at 250 s (9.75 W): 10 s x 30 W
     * + 401.993442622 J + 238 s x 9.75 W = 3022.493442622 J.
     */
    @Test
    void aPstateEventSwitchesNodesAsSetResourceStateDoes() throws IOException {
        run("pstate", "events", "[\"at 10s pstate nodes 3 2\"]");
        Path out = dir.resolve("pstate");
        assertEquals("3,3022.493", Files.readAllLines(out.resolve("energy.csv")).get(4));
        assertTrue(Files.readString(out.resolve("events.csv")).contains("10,pstate,node 3,1 node to pstate 2,scenario\n"));
    }

    /** A power-cap event: from 20 s the cap is 100 W, below the 4 x 30 W the idle nodes draw, so job 1 is rejected. */
    @Test
    void aPowerCapEventChangesTheCapOfPowerCappedEasy() throws IOException {
        run("cap", "scheduler.policy", "easy-powercap[1000]", "events", "[\"at 20s power-cap 100\"]");
        Path out = dir.resolve("cap");
        assertTrue(Files.readString(out.resolve("events.csv")).contains("20,power-cap,power cap,cap 100.0 W,scenario\n"));
        List<String> jobs = Files.readAllLines(out.resolve("jobs.csv"));
        assertTrue(jobs.get(2).startsWith("1,50,,,,,1000,1,,rejected,\"needs 1 nodes, which the power cap of 100.0 W"
                + " does not allow even with nothing else running (the nodes draw 120.0 W idle)\""), jobs.get(2));
    }

    @Test
    void powerEventsNeedWhatTheyChange() throws IOException {
        InputException e = assertThrows(InputException.class, () -> Simulation.prepare(Runs.scenario("trace",
                trace().toString(), "machine", "simple:4", "events", "[\"at 10s pstate nodes 3 2\"]", "output.dir",
                dir.resolve("x").toString()), StandardPolicies.registry()));
        assertTrue(e.getMessage().contains("pstate events need node power states"), e.getMessage());
        e = assertThrows(InputException.class, () -> Simulation.prepare(Runs.scenario("trace", trace().toString(),
                "machine", "simple:4", "energy.enabled", "true", "events", "[\"at 10s power-cap 8kW\"]", "output.dir",
                dir.resolve("y").toString()), StandardPolicies.registry()));
        assertTrue(e.getMessage().contains("power-cap events need the easy-powercap scheduler"), e.getMessage());
    }

    /** In a modelled room the nodes report what their power states draw: the room's IT power is the nodes' power. */
    @Test
    void theRoomSeesWhatThePowerStatesDraw() throws IOException {
        run("room", "thermal.enabled", "true", "thermal.layout", "1x2x2", "scheduler.policy", "idle-shutdown[60s]",
                "output.timeseries-interval", "0s");
        List<String> rows = Files.readAllLines(dir.resolve("room").resolve("timeseries.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        int it = header.indexOf("it_power_w");
        int nodes = header.indexOf("node_power_w");
        int sleeping = header.indexOf("sleeping_nodes");
        boolean slept = false;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals(f[nodes], f[it], row);
            slept |= !f[sleeping].equals("0");
        }
        assertTrue(slept, "some node slept");
    }

    /**
     * A facility cap of 700 W: the cooling factor is 1 + 1 / CoP(5 C) = 2.582 (cooling.min-supply 5 C,
     * CoP 0.632), so job 0 (4 x 30 W + 2 x 70 W = 260 W, 671 W with cooling) starts at 0 but job 1 (330 W,
     * 852 W) only once job 0 has ended at 100 s (190 W, 491 W); the room's IT + cooling stays under 700 W.
     */
    @Test
    void aFacilityCapHoldsForItAndCooling() throws IOException {
        run("facility", "thermal.enabled", "true", "thermal.layout", "1x2x2", "scheduler.policy",
                "easy-powercap[700,no,fifo,facility]", "output.timeseries-interval", "0s");
        Path out = dir.resolve("facility");
        assertTrue(Files.readAllLines(out.resolve("jobs.csv")).get(2).startsWith("1,50,50,100,300,200,"));
        List<String> rows = Files.readAllLines(out.resolve("timeseries.csv"));
        int total = List.of(rows.get(0).split(",")).indexOf("total_power_w");
        for (String row : rows.subList(1, rows.size())) {
            String f = row.split(",", -1)[total];
            assertTrue(f.isEmpty() || Double.parseDouble(f) <= 700, row);
        }
        InputException e = assertThrows(InputException.class, () -> Runs.scenario("trace", trace().toString(),
                "machine", "simple:4", "energy.enabled", "true", "scheduler.policy", "easy-powercap[700,no,fifo,room]"));
        assertTrue(e.getMessage().endsWith("easy-powercap's scope is nodes or facility, not 'room'"), e.getMessage());
    }

    @Test
    void withoutEnergyNothingChanges() throws IOException {
        Path out = dir.resolve("off");
        Runs.run(Runs.scenario("trace", trace().toString(), "machine", "simple:4", "scheduler.policy", "fcfs",
                "output.batsim", "true", "output.dir", out.toString()));
        assertEquals(JobsCsv.HEADER, Files.readAllLines(out.resolve("jobs.csv")).get(0));
        assertFalse(Files.exists(out.resolve("energy.csv")));
        assertFalse(Files.readString(out.resolve("summary.json")).contains("\"energy\""));
        assertTrue(Files.readAllLines(out.resolve("batsim_jobs.csv")).get(1).contains(",0-1,-1.000000,"));
    }
}
