package org.hpcsim.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScenarioEventTest {
    private static final long S = 1_000_000L;

    @Test
    void parsesCracFailureRepairAndSupplyWithAnyTimeUnit() {
        assertEquals(new ScenarioEvent(5000 * S, 0, ScenarioEvent.Action.FAIL, Double.NaN, "at 5000s crac 0 fail"),
                ScenarioEvent.parse(" at 5000s crac 0 fail "));
        assertEquals(2 * 3600 * S, ScenarioEvent.parse("at 2h crac 1 repair").time());
        assertEquals(90 * 60 * S, ScenarioEvent.parse("at 90m crac 1 repair").time());
        assertEquals(86400 * S, ScenarioEvent.parse("at 1d crac 1 repair").time());
        assertEquals(12 * S, ScenarioEvent.parse("at 12 crac 1 repair").time());
        ScenarioEvent supply = ScenarioEvent.parse("at 1h crac 2 supply 22C");
        assertEquals(ScenarioEvent.Action.SUPPLY, supply.action());
        assertEquals(22.0, supply.supply());
        assertEquals(2, supply.unit());
        assertTrue(Double.isNaN(ScenarioEvent.parse("at 1h crac 2 supply auto").supply()));
    }

    @Test
    void rejectsMalformedEventsSayingWhatWasExpected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScenarioEvent.parse("crac 0 fail"))
                .getMessage().contains("at TIME"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScenarioEvent.parse("at 5x crac 0 fail"))
                .getMessage().contains("time"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScenarioEvent.parse("at 5s pump 0 fail"))
                .getMessage().contains("unknown event target"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScenarioEvent.parse("at 5s crac 0 explode"))
                .getMessage().contains("unknown CRAC action"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ScenarioEvent.parse("at 5s crac 0 supply hot"))
                .getMessage().contains("supply temperature"));
        assertThrows(IllegalArgumentException.class, () -> ScenarioEvent.parse("at -5s crac 0 fail"));
        assertThrows(IllegalArgumentException.class, () -> ScenarioEvent.parse("at 5s crac x fail"));
    }
}
