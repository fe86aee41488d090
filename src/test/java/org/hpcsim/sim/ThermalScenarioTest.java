package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The modelled machine room in whole runs: time series, energy, a CRAC failure, determinism. */
class ThermalScenarioTest {
    private static final String FAILURE_AT = "300000";

    @TempDir
    Path dir;

    private Simulation.Result run(String name, String threads, String... extra) {
        List<String> keys = new ArrayList<>(List.of("trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf")
                        .toString(), "machine", "mesh:4x5x2", "workload.cores-per-node", "4", "thermal.enabled", "true",
                "cooling.units", "[\"0-19\", \"20-39\"]", "kernel.threads", threads,
                "output.dir", dir.resolve(name).toString()));
        keys.addAll(List.of(extra));
        return Runs.run(Runs.scenario(keys.toArray(String[]::new)));
    }

    private static List<double[]> series(Path run) {
        List<double[]> rows = new ArrayList<>();
        String[] lines = Runs.read(run.resolve("thermal.csv")).split("\n");
        assertEquals("time,it_power_w,cooling_power_w,supply_c,max_inlet_c,max_inlet_actual_c,hottest_node,"
                + "redline_violation", lines[0]);
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",");
            rows.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                Double.parseDouble(f[4])});
        }
        return rows;
    }

    @Test
    void thePowerMeterReadsTheRoomsItPowerRackByRackAtEveryChange() {
        run("meter", "2", "thermal.power-csv", "true");
        List<double[]> room = series(dir.resolve("meter"));
        String[] lines = Runs.read(dir.resolve("meter").resolve("power.csv")).split("\n");
        assertTrue(lines[0].startsWith("time,it_power_w,rack_0_0_w,rack_0_1_w,"), lines[0]);
        java.util.Map<Double, Double> itAt = new java.util.HashMap<>();
        for (double[] r : room) {
            itAt.put(r[0], r[1]);
        }
        int compared = 0;
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",");
            double total = Double.parseDouble(f[1]);
            double racks = 0;
            for (int k = 2; k < f.length; k++) {
                racks += Double.parseDouble(f[k]);
            }
            assertEquals(total, racks, 1e-6, "the racks add up to the room, at " + f[0]);
            Double it = itAt.get(Double.parseDouble(f[0]));
            if (it != null) {
                assertEquals(it, total, 5e-4, "thermal.csv's IT power at " + f[0]);
                compared++;
            }
        }
        assertTrue(compared > 100, "most of the meter's instants are the room's too: " + compared);
    }

    @Test
    void aCracFailureMidRunRaisesMaxInletAndCoolingPowerAfterTheEvent() {
        run("base", "1");
        run("fail", "1", "events", "[\"at " + FAILURE_AT + "s crac 1 fail\"]");
        List<double[]> base = series(dir.resolve("base"));
        List<double[]> fail = series(dir.resolve("fail"));
        double t = Double.parseDouble(FAILURE_AT);
        double tenMinutes = t + 600;
        double[] baseAt = at(base, tenMinutes);
        double[] failAt = at(fail, tenMinutes);
        assertEquals(baseAt[1], failAt[1], 1e-6, "the same IT load: the failure does not change the schedule");
        assertTrue(failAt[3] > baseAt[3] + 5, "max inlet after ten minutes of warming: " + failAt[3] + " vs " + baseAt[3]);
        assertTrue(failAt[2] > baseAt[2] * 1.2, "cooling power: " + failAt[2] + " vs " + baseAt[2]);
        double[] before = at(fail, t - 1);
        assertTrue(before[3] == at(base, t - 1)[3] && before[2] == at(base, t - 1)[2], "nothing changes before it");
    }

    /** The last sample at or before time t: {time, it, cooling, max inlet}. */
    private static double[] at(List<double[]> rows, double t) {
        double[] last = null;
        for (double[] r : rows) {
            if (r[0] <= t) {
                last = r;
            }
        }
        assertNotNull(last);
        return last;
    }

    @Test
    void theRoomsOutputsAreIdenticalAcrossThreadsAndRuns() {
        String[] event = {"events", "[\"at " + FAILURE_AT + "s crac 0 fail\", \"at 400000s crac 0 repair\"]",
            "thermal.node-power-csv", "true", "allocator.policy", "coolest-first"};
        run("one", "1", event);
        run("two", "2", event);
        run("again", "1", event);
        for (String file : new String[] {"thermal.csv", "jobs.csv", "node-power.csv"}) {
            String one = Runs.read(dir.resolve("one").resolve(file));
            assertEquals(one, Runs.read(dir.resolve("two").resolve(file)), file);
            assertEquals(one, Runs.read(dir.resolve("again").resolve(file)), file);
        }
    }

    @Test
    void energyIsTheIntegralOfTheTimeSeriesAndJobsCarryTheirMeanCoolingPower() {
        Simulation.Result r = run("energy", "1");
        List<double[]> rows = series(dir.resolve("energy"));
        double it = 0;
        double cooling = 0;
        double end = r.metrics().lastEnd() / 1e6;
        for (int i = 0; i < rows.size(); i++) {
            double until = i + 1 < rows.size() ? rows.get(i + 1)[0] : Math.max(end, rows.get(i)[0]);
            it += rows.get(i)[1] * (until - rows.get(i)[0]);
            cooling += rows.get(i)[2] * (until - rows.get(i)[0]);
        }
        ThermalLog.Summary t = r.thermal();
        assertEquals(it / 3.6e6, t.itEnergyKwh(), 1e-6 * t.itEnergyKwh());
        assertEquals(cooling / 3.6e6, t.coolingEnergyKwh(), 1e-6 * t.coolingEnergyKwh());
        String[] jobs = Runs.read(dir.resolve("energy").resolve("jobs.csv")).split("\n");
        List<String> header = List.of(jobs[0].split(","));
        int coolingColumn = header.indexOf("cooling_power_w");
        assertTrue(coolingColumn > 0, jobs[0]);
        String[] first = jobs[1].split(",", -1);
        double start = Double.parseDouble(first[3]);
        double stop = Double.parseDouble(first[4]);
        double expected = 0;
        for (int i = 0; i < rows.size(); i++) {
            double from = Math.max(start, rows.get(i)[0]);
            double until = Math.min(stop, i + 1 < rows.size() ? rows.get(i + 1)[0] : stop);
            if (until > from) {
                expected += rows.get(i)[2] * (until - from);
            }
        }
        assertEquals(expected / (stop - start), Double.parseDouble(first[coolingColumn]), 1e-2);
    }

    @Test
    void nodeEventsInAModelledRoomAreNotTakenForCracUnits() {
        Simulation.Result r = run("node", "1", "events", "[\"at 3600s fail node 17\", \"at 2h repair node 17\"]");
        assertEquals(2, r.failures().nodeFailures() + r.failures().nodeRepairs());
    }

    @Test
    void badRoomSettingsAreInputErrorsNamingTheKey() {
        InputException e = assertThrows(InputException.class, () -> run("bad1", "1", "thermal.layout", "2x5x5"));
        assertTrue(e.getMessage().contains("thermal.layout"), e.getMessage());
        e = assertThrows(InputException.class, () -> run("bad2", "1", "cooling.units", "[\"0-19\"]"));
        assertTrue(e.getMessage().contains("cooling.units") && e.getMessage().contains("node 20"), e.getMessage());
        e = assertThrows(InputException.class, () -> run("bad3", "1", "events", "[\"at 5s crac 7 fail\"]"));
        assertTrue(e.getMessage().contains("no CRAC unit 7"), e.getMessage());
        e = assertThrows(InputException.class, () -> run("bad4", "1", "events", "[\"at 5s crac 0 melt\"]"));
        assertTrue(e.getMessage().contains("events"), e.getMessage());
        e = assertThrows(InputException.class, () -> run("bad5", "1", "allocator.policy", "cooling-aware",
                "thermal.enabled", "false"));
        assertTrue(e.getMessage().contains("allocator.policy"), e.getMessage());
    }
}
