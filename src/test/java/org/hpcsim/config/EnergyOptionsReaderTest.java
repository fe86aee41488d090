package org.hpcsim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.hpcsim.energy.EnergyOptions;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;

/** energy.*: power states read from their strings, bad ones named with the key. */
class EnergyOptionsReaderTest {

    private static EnergyOptions read(Map<String, String> keys) {
        return EnergyOptionsReader.read(ConfigLoader.load(null, keys));
    }

    @Test
    void theDefaultsAreOffWithBatsimsHomogeneousEnergyHost() {
        EnergyOptions o = read(Map.of());
        assertFalse(o.enabled());
        assertEquals(new PowerStates.Computing(1, 30, 100), o.states().get(0));
        assertEquals(new PowerStates.Sleep(9.75, 2, 3), o.states().get(1));
        assertEquals(new PowerStates.Transition(2_000_000, 200.996721311), o.states().get(2));
        assertEquals(new PowerStates.Transition(20_000_000, 425.1743849), o.states().get(3));
        // A job's load is automatic: a Batsim workload's delay jobs sleep (idle power), other traces' jobs compute.
        assertEquals(java.util.OptionalDouble.empty(), o.jobLoad());
        assertEquals(0, o.jobLoad(true));
        assertEquals(1, o.jobLoad(false));
    }

    @Test
    void aJobLoadSetIsUsedForEveryTraceAndOneOutsideZeroToOneIsRefused() {
        EnergyOptions o = read(Map.of("energy.job-load", "0.25"));
        assertEquals(0.25, o.jobLoad(true));
        assertEquals(0.25, o.jobLoad(false));
        for (String bad : new String[] {"1.5", "-0.1", "x", "NaN"}) {
            InputException e = assertThrows(InputException.class, () -> read(Map.of("energy.job-load", bad)));
            assertEquals("energy.job-load", e.field());
            assertTrue(e.getMessage().endsWith("expected auto or a number from 0 to 1, got " + bad), e.getMessage());
        }
    }

    @Test
    void statesAreReadFromTheirStrings() {
        EnergyOptions o = read(Map.of("energy.pstates", "[\"1:30:100\", \"0.8:25:80\"]", "energy.sleep-states",
                "[\"5:500ms:50:1m:60\"]", "energy.pstate", "1", "energy.job-load", "0.5"));
        assertEquals(new PowerStates.Computing(0.8, 25, 80), o.states().get(1));
        assertEquals(new PowerStates.Transition(500_000, 50), o.states().get(3));
        assertEquals(new PowerStates.Transition(60_000_000, 60), o.states().get(4));
        assertEquals(1, o.pstate());
        assertEquals(java.util.OptionalDouble.of(0.5), o.jobLoad());
    }

    @Test
    void badStatesNameTheKeyAndWhatWasExpected() {
        InputException e = assertThrows(InputException.class, () -> read(Map.of("energy.pstates", "[\"1:30\"]")));
        assertEquals("energy.pstates", e.field());
        assertEquals("expected SPEED:IDLE_W:FULL_W such as \"1:30:100\", got \"1:30\"", e.getMessage()
                .substring(e.getMessage().indexOf("expected")));
        e = assertThrows(InputException.class, () -> read(Map.of("energy.sleep-states", "[\"5:2x:50:1s:60\"]")));
        assertEquals("energy.sleep-states", e.field());
        e = assertThrows(InputException.class, () -> read(Map.of("energy.pstate", "1")));
        assertEquals("energy.pstate", e.field());
        e = assertThrows(InputException.class, () -> read(Map.of("energy.pstates", "[\"0:30:100\"]")));
        assertEquals("energy.pstates", e.field());
    }
}
