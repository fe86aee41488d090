package org.hpcsim.batsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    private Path write(String text) throws IOException {
        Path f = dir.resolve("p" + Files.list(dir).count() + ".xml");
        Files.writeString(f, text);
        return f;
    }
}
