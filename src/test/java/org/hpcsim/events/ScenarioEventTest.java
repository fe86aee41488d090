package org.hpcsim.events;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioEventTest {
    private static final long S = 1_000_000L;

    private static ScenarioEvent parse(String text) {
        return ScenarioEvent.parse(text, "test");
    }

    @Test
    void parsesCracFailureRepairAndSupplyWithAnyTimeUnit() {
        ScenarioEvent fail = parse(" at 5000s crac 0 fail ");
        assertEquals(5000 * S, fail.time());
        assertEquals(ScenarioEvent.Kind.CRAC_FAIL, fail.kind());
        assertEquals(0, fail.unit());
        assertEquals("at 5000s crac 0 fail", fail.text());
        assertEquals(2 * 3600 * S, parse("at 2h crac 1 repair").time());
        assertEquals(90 * 60 * S, parse("at 90m crac 1 repair").time());
        assertEquals(86400 * S, parse("at 1d crac 1 repair").time());
        assertEquals(12 * S, parse("at 12 crac 1 repair").time());
        ScenarioEvent supply = parse("at 1h crac 2 supply 22C");
        assertEquals(ScenarioEvent.Kind.CRAC_SUPPLY, supply.kind());
        assertEquals(22.0, supply.supply());
        assertEquals(2, supply.unit());
        assertTrue(Double.isNaN(parse("at 1h crac 2 supply auto").supply()));
        assertEquals(ScenarioEvent.Kind.CRAC_FAIL, parse("at 1h fail crac 3").kind());
    }

    @Test
    void parsesNodeFailuresRepairsDrainsAndResumesOfOneOrManyNodes() {
        ScenarioEvent fail = parse("at 3600s fail node 17");
        assertEquals(ScenarioEvent.Kind.NODE_FAIL, fail.kind());
        assertArrayEquals(new int[] {17}, fail.targets());
        assertEquals("node 17", fail.targetLabel());
        assertEquals(ScenarioEvent.Kind.NODE_REPAIR, parse("at 7200s repair node 17").kind());
        ScenarioEvent drain = parse("at 1d drain nodes 0-31");
        assertEquals(ScenarioEvent.Kind.NODE_DRAIN, drain.kind());
        assertEquals(32, drain.targets().length);
        assertEquals("nodes 0-31", drain.targetLabel());
        assertEquals(ScenarioEvent.Kind.NODE_RESUME, parse("at 1d resume nodes 0-3,7").kind());
        assertArrayEquals(new int[] {0, 1, 2, 3, 7}, parse("AT 1d RESUME NODES 7,0-3").targets());
    }

    @Test
    void parsesLinkFailuresAsTheTwoEndNodes() {
        ScenarioEvent link = parse("at 2h fail link 3-4");
        assertEquals(ScenarioEvent.Kind.LINK_FAIL, link.kind());
        assertArrayEquals(new int[] {3, 4}, link.targets());
        assertEquals("link 3-4", link.targetLabel());
        assertEquals(ScenarioEvent.Kind.LINK_REPAIR, parse("at 3h repair link 4-3").kind());
    }

    @Test
    void rejectsMalformedEventsSayingWhatWasExpected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("crac 0 fail"))
                .getMessage().contains("at TIME"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5x crac 0 fail"))
                .getMessage().contains("time"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5s explode node 3"))
                .getMessage().contains("unknown event verb"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5s fail pump 3"))
                .getMessage().contains("unknown event target"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5s crac 0 explode"))
                .getMessage().contains("unknown CRAC action"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5s crac 0 supply hot"))
                .getMessage().contains("supply temperature"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5s drain link 3-4"))
                .getMessage().contains("a link can fail or be repaired"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5s fail link 3"))
                .getMessage().contains("A-B"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 5s fail nodes 4-2"))
                .getMessage().contains("backwards"));
        assertThrows(IllegalArgumentException.class, () -> parse("at -5s crac 0 fail"));
        assertThrows(IllegalArgumentException.class, () -> parse("at 5s crac x fail"));
        assertThrows(IllegalArgumentException.class, () -> parse("at 5s fail node 3 now"));
    }

    @Test
    void checksNodesLinksAndUnitsAgainstTheMachine() {
        parse("at 1s fail node 15").check(16, (a, b) -> 0, 0);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse("at 1s fail node 16").check(16, null, 0))
                .getMessage().contains("no node 16"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse("at 1s fail link 3-9").check(16, (a, b) -> -1, 0)).getMessage().contains("not neighbours"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse("at 1s fail link 3-4").check(16, null, 0)).getMessage().contains("mesh or torus"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse("at 1s crac 2 fail").check(16, null, 2)).getMessage().contains("no CRAC unit 2"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> parse("at 1s crac 0 fail").check(16, null, 0)).getMessage().contains("thermal model"));
    }

    @Test
    void readsAFileSkippingCommentsAndBlankLinesAndNamesTheLineOfAnError(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("events.txt");
        Files.writeString(file, "# failures\n\nat 3600s fail node 17   # one hour\nat 2h repair node 17\n");
        List<ScenarioEvent> events = EventFile.read(file);
        assertEquals(2, events.size());
        assertEquals(file + ":3", events.get(0).source());
        assertEquals(ScenarioEvent.Kind.NODE_REPAIR, events.get(1).kind());

        Files.writeString(file, "at 1h fail node 1\nat 2h wobble node 1\n");
        InputException e = assertThrows(InputException.class, () -> EventFile.read(file));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith(file + ":2: event: unknown event verb 'wobble'"), e.getMessage());
    }

    @Test
    void parsesPowerStateAndPowerCapEvents() {
        ScenarioEvent pstate = parse("at 1h pstate nodes 0-3,8 2");
        assertEquals(ScenarioEvent.Kind.NODE_PSTATE, pstate.kind());
        assertArrayEquals(new int[] {0, 1, 2, 3, 8}, pstate.targets());
        assertEquals(2, pstate.pstate());
        assertEquals("nodes 0-3,8", pstate.targetLabel());
        ScenarioEvent cap = parse("at 2d power-cap 8kW");
        assertEquals(ScenarioEvent.Kind.POWER_CAP, cap.kind());
        assertEquals(8000.0, cap.value());
        assertEquals("power cap", cap.targetLabel());
        assertEquals(1.5e6, parse("at 0 power-cap 1.5MW").value());
        assertEquals("expected watts above 0 such as 8000 or 8kW, got 'lots' in 'at 1h power-cap lots'",
                assertThrows(IllegalArgumentException.class, () -> parse("at 1h power-cap lots")).getMessage());
        assertEquals("expected a power state number, got 'x' in 'at 1h pstate nodes 1 x'",
                assertThrows(IllegalArgumentException.class, () -> parse("at 1h pstate nodes 1 x")).getMessage());
        assertEquals("expected 'pstate nodes NODES P' in 'at 1h pstate nodes 1'",
                assertThrows(IllegalArgumentException.class, () -> parse("at 1h pstate nodes 1")).getMessage());
    }
}
