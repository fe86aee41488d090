package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThermalCommandTest {
    private static final String D_2014 = "thermal/sst_DMatrix4_5_2_v2014-06-16.txt";

    @TempDir
    Path dir;

    @Test
    void jsonOnSstsDWithBusyNodesMatchesAHandComputation() throws IOException {
        Path file = SharedData.file(D_2014);
        Cli.Result r = Cli.run("thermal", "--d-matrix", file.toString(), "--busy", "0-3,16", "--format", "json");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("{\"inlet\":["), r.out());
        Config json = ConfigFactory.parseString(r.out(), ConfigParseOptions.defaults().setSyntax(ConfigSyntax.JSON));
        assertEquals(List.of("coolingPower", "cop", "inlet", "itPower", "maxInlet", "tSupAdjusted"),
                json.root().keySet().stream().sorted().toList());

        // By hand: P = 0.7 x 2500 + 0.3 x 2000 = 2350 W on nodes 0-3 and 16, 1000 W elsewhere.
        double[][] d = new double[40][40];
        for (String line : Files.readAllLines(file)) {
            String[] t = line.strip().split("\\s+");
            int i = Integer.parseInt(t[0]);
            int j = Integer.parseInt(t[1]);
            if (j < 40) {
                d[i][j] = Double.parseDouble(t[2]);
            }
        }
        double[] p = new double[40];
        for (int j = 0; j < 40; j++) {
            p[j] = j <= 3 || j == 16 ? 2350 : 1000;
        }
        List<Double> inlet = json.getDoubleList("inlet");
        assertEquals(40, inlet.size());
        double max = 0;
        for (int i = 0; i < 40; i++) {
            double t = 15;
            for (int j = 0; j < 40; j++) {
                t += d[i][j] * p[j];
            }
            assertEquals(t, inlet.get(i), 1e-9, "inlet of node " + i);
            max = Math.max(max, t);
        }
        assertEquals(max, json.getDouble("maxInlet"), 1e-9);
        double supply = 15 + 30 - max;
        double cop = 0.0068 * supply * supply + 0.0008 * supply + 0.458;
        assertEquals(supply, json.getDouble("tSupAdjusted"), 1e-9);
        assertEquals(cop, json.getDouble("cop"), 1e-12);
        assertEquals(5 * 2350 + 35 * 1000, json.getDouble("itPower"));
        assertEquals(46750 / cop, json.getDouble("coolingPower"), 1e-6);
        // The numbers of this run, for the README example: hottest inlet at node 19 (row 0, rack 4, top).
        assertEquals(24.541000880, json.getDouble("maxInlet"), 1e-9);
    }

    @Test
    void textOutputSummarisesTheRoomRowByRow() {
        Cli.Result r = Cli.run("thermal", "--synthetic", "--layout", "2x3x2", "--busy", "0");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("room 2x3x2 (12 nodes), synthetic recirculation"), r.out());
        assertTrue(r.out().contains("IT power        13350.0 W"), r.out());
        assertTrue(r.out().contains("row 1"), r.out());
        assertTrue(r.out().contains("  slot 1 "), r.out());
    }

    @Test
    void aPowerFileGivesEachNodeItsWatts() throws IOException {
        Path power = dir.resolve("p.txt");
        Files.writeString(power, "# watts\n1000 2000\n0 500 # two more\n");
        Cli.Result r = Cli.run("thermal", "--synthetic", "--layout", "1x2x2", "--power", power.toString(), "--format",
                "json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"itPower\":3500.0"), r.out());
    }

    private static void assertBadInput(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.status(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    }

    @Test
    void aMatrixOfTheWrongSizeOrBadPowerExitsWithTwo() throws IOException {
        Path file = SharedData.file(D_2014);
        assertBadInput(file + ":31: entry (0, 30): outside the 30 x 30 matrix",
                "thermal", "--d-matrix", file.toString(), "--layout", "2x5x3");
        Path mtx = SharedData.file("thermal/sst_DMatrix4_5_2_final.mtx");
        assertBadInput(mtx + ":2: size line: the matrix is 40 x 40 but the room has 48 nodes",
                "thermal", "--d-matrix", mtx.toString(), "--layout", "2x6x4");
        Path power = dir.resolve("p.txt");
        Files.writeString(power, "1000\n-5\n");
        assertBadInput(power + ":2: power of node 1: '-5' is not a finite number of watts >= 0",
                "thermal", "--synthetic", "--layout", "1x1x2", "--power", power.toString());
        Files.writeString(power, "1000\n");
        assertBadInput(power + ":1: power: expected 2 values (one per node), found 1",
                "thermal", "--synthetic", "--layout", "1x1x2", "--power", power.toString());
        assertBadInput("exactly one of --d-matrix, --a-matrix or --synthetic", "thermal");
        assertBadInput("--busy: node 4 is not within nodes 0..3", "thermal", "--synthetic", "--layout", "1x1x4",
                "--busy", "3-9");
        assertBadInput("room layout must be ROWSxRACKSxNODES", "thermal", "--synthetic", "--layout", "2x5");
    }

    @Test
    void sst2014ProfileReadsOneHundredTwentyKilowattsWithEveryNodeBusyAndRefusesPowerOptions() {
        String file = SharedData.file(D_2014).toString();
        Cli.Result r = Cli.run("thermal", "--profile", "sst-2014", "--d-matrix", file, "--busy", "0-39", "--format", "json");
        assertEquals(0, r.status(), r.err());
        Config json = ConfigFactory.parseString(r.out(), ConfigParseOptions.defaults().setSyntax(ConfigSyntax.JSON));
        assertEquals(120_000, json.getDouble("itPower"), 1e-6);
        assertEquals(120_000, json.getDouble("coolingPower"), 1.0);
        Cli.Result refused = Cli.run("thermal", "--profile", "sst-2014", "--d-matrix", file, "--comm-power", "2100");
        assertEquals(2, refused.status());
        assertTrue(refused.err().contains("--comm-power"), refused.err());
        assertEquals(2, Cli.run("thermal", "--profile", "sst", "--d-matrix", file).status());
    }

    @Test
    void experimentCoolingTakesTheProfileAndRefusesAnUnknownOneBeforeAnyRun() {
        Path out = dir.resolve("cooling");
        Cli.Result r = Cli.run("experiment", "cooling", "-t",
                SharedData.file("peer-data/sst/sqe-testInputFiles/test_scheduler_0003.sim").toString(), "--d-matrix",
                SharedData.file(D_2014).toString(), "--profile", "sst", "-o", out.toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("thermal.profile: expected paper or sst-2014, got 'sst'"), r.err());
        assertTrue(!Files.exists(out), "nothing written");
    }
}
