package org.hpcsim.batsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.testing.SharedData;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Batsim/SimGrid platform's compute hosts and power states. */
public class BatsimPlatformTest {
    public static final Path PLANETS = SharedData.repoRoot().resolve("src/test/resources/org/hpcsim/energy/four-planets.xml");

    @TempDir
    Path dir;

    @Test
    void theHomogeneousEnergyHostsBecomeComputingSleepAndTransitionStates() {
        BatsimPlatform.Platform p = BatsimPlatform.read(PLANETS);
        // master_host is Batsim's master by default: not a compute node.
        assertEquals(List.of("n0", "n1", "n2", "n3"), p.hosts());
        assertEquals(0, p.pstate());
        PowerStates s = p.states().get(2);
        assertEquals(new PowerStates.Computing(1, 30, 100), s.get(0));
        assertEquals(new PowerStates.Sleep(9.75, 2, 3), s.get(1));
        // One flop at 0.5 flop/s and at 0.05 flop/s, at the pstate's full watts.
        assertEquals(new PowerStates.Transition(2_000_000, 200.996721311), s.get(2));
        assertEquals(new PowerStates.Transition(20_000_000, 425.1743849), s.get(3));
        assertEquals(List.of("platform four-planets.xml: ignored <link>, <link_ctn>, <route> (hpcsim reads the hosts"
                + " and their power states)"), p.notes());
    }

    @Test
    void aRoleMasterHostIsLeftOutAndSpeedsAreRelativeToTheFirstComputingState() throws IOException {
        Path f = write("""
                <platform version="4.1"><zone id="z" routing="Full">
                  <host id="boss" speed="1Gf"><prop id="role" value="master"/><prop id="watt_per_state" value="1:2"/></host>
                  <host id="a" speed="2Gf, 1Gf"><prop id="watt_per_state" value="50:150, 40:90"/></host>
                </zone></platform>
                """);
        BatsimPlatform.Platform p = BatsimPlatform.read(f);
        assertEquals(List.of("a"), p.hosts());
        assertEquals(new PowerStates.Computing(0.5, 40, 90), p.states().get(0).get(1));
    }

    @Test
    void badHostsNameTheirLineAndField() throws IOException {
        Path f = write("""
                <platform version="4.1"><zone id="z" routing="Full">
                  <host id="a" speed="100Mf, fast">
                    <prop id="wattage_per_state" value="1:2, 1:2"/>
                  </host>
                </zone></platform>
                """);
        InputException e = assertThrows(InputException.class, () -> BatsimPlatform.read(f));
        assertEquals(f + ":2: host.speed: host a: expected speeds > 0 in flops such as 100Mf or 0.5f, found 'fast'",
                e.getMessage());
        Path g = write("""
                <platform version="4.1">
                  <host id="a" speed="100Mf, 1f">
                    <prop id="wattage_per_state" value="1:2"/>
                  </host>
                </platform>
                """);
        e = assertThrows(InputException.class, () -> BatsimPlatform.read(g));
        assertEquals(g + ":3: wattage_per_state: host a: expected 2 pstates' watts (one per speed), found 1",
                e.getMessage());
        Path h = write("<platform><host id=\"a\" speed=\"1f\"></platform>\n");
        e = assertThrows(InputException.class, () -> BatsimPlatform.read(h));
        assertEquals("xml", e.field());
        assertEquals(1, e.line());
    }

    /** As Batsim's cluster_energy_128.xml: a blank line first, a compute cluster and a master cluster. */
    @Test
    void aClusterStandsForItsHostsWithItsPropertiesAndItsMasterClusterIsLeftOut() throws IOException {
        Path f = write("""

                <?xml version='1.0'?>
                <platform version="4.1"><zone id="AS0" routing="Full">
                <cluster id="compute" prefix="host" suffix=".x" radical="0-2,8" bw="125MBps" lat="50us"
                         speed="100.0Mf, 50Mf, 1e-9Mf, 0.5f, 0.25f">
                  <prop id="wattage_per_state" value="95.0:190.0, 95.0:150.0, 9.75:9.75, 100.0:100.0, 125.0:125.0"/>
                  <prop id="wattage_off" value="9.75"/>
                  <prop id="sleep_pstates" value="2:3:4"/>
                </cluster>
                <cluster id="master" prefix="master_host" suffix="" radical="0-0" speed="100.0Mf">
                  <prop id="wattage_per_state" value="95.0:190.0"/>
                  <prop id="role" value="master"/>
                </cluster>
                </zone></platform>
                """);
        BatsimPlatform.Platform p = BatsimPlatform.read(f);
        assertEquals(List.of("host0.x", "host1.x", "host2.x", "host8.x"), p.hosts());
        for (PowerStates s : p.states()) {
            assertEquals(new PowerStates.Computing(0.5, 95, 150), s.get(1));
            assertEquals(new PowerStates.Sleep(9.75, 3, 4), s.get(2));
            assertEquals(new PowerStates.Transition(2_000_000, 100), s.get(3));
        }
    }

    /** SimGrid lists hosts by name, byte for byte, and Batsim 4.2 numbers its machines in that order. */
    @Test
    void computeHostsAreNumberedInTheOrderOfTheirNamesAsSimGridListsThem() throws IOException {
        Path f = write("""
                <platform version="4.1"><zone id="z" routing="Full">
                  <host id="b" speed="1Gf"><prop id="wattage_per_state" value="1:2"/></host>
                  <host id="a2" speed="2Gf, 1Gf"><prop id="wattage_per_state" value="50:150, 40:90"/></host>
                  <cluster id="c" prefix="a" suffix="" radical="9-10" speed="1Gf">
                    <prop id="wattage_per_state" value="3:4"/>
                  </cluster>
                </zone></platform>
                """);
        BatsimPlatform.Platform p = BatsimPlatform.read(f);
        assertEquals(List.of("a10", "a2", "a9", "b"), p.hosts());
        assertEquals(new PowerStates.Computing(0.5, 40, 90), p.states().get(1).get(1));
        assertEquals(new PowerStates.Computing(1, 3, 4), p.states().get(0).get(0));
    }

    @Test
    void aBadRadicalOrAHostNamedTwiceNamesItsLineAndField() throws IOException {
        Path f = write("""
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-3,x" speed="1Gf">
                    <prop id="wattage_per_state" value="3:4"/>
                  </cluster>
                </platform>
                """);
        InputException e = assertThrows(InputException.class, () -> BatsimPlatform.read(f));
        assertEquals(f + ":2: cluster.radical: expected numbers and ranges such as 0-127 or 0-3,8 (at most 10000000"
                + " hosts), found 'x'", e.getMessage());
        Path g = write("""
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf">
                    <prop id="wattage_per_state" value="3:4"/>
                  </cluster>
                  <host id="n2" speed="1Gf"><prop id="wattage_per_state" value="3:4"/></host>
                </platform>
                """);
        e = assertThrows(InputException.class, () -> BatsimPlatform.read(g));
        assertEquals("host.id", e.field());
        assertEquals(5, e.line());
        assertTrue(e.getMessage().endsWith("expected host names used once, found 'n2' again (first on line 2)"),
                e.getMessage());
    }

    private Path write(String text) throws IOException {
        Path f = dir.resolve("p" + Files.list(dir).count() + ".xml");
        Files.writeString(f, text);
        return f;
    }
}
