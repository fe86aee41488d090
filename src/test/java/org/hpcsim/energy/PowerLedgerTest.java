package org.hpcsim.energy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.hpcsim.time.SimTime;
import org.junit.jupiter.api.Test;

/** A node's power states and energy, worked by hand. */
class PowerLedgerTest {
    /** Computing states 0 (100 W full, 30 W idle) and 1 (half speed), sleep state 2 (10 W; 2 s at 200 W off, 20 s at 400 W on). */
    private static final PowerStates STATES = PowerStates.of(
            List.of(new PowerStates.Computing(1, 30, 100), new PowerStates.Computing(0.5, 20, 60)),
            List.of(new PowerStates.SleepSpec(10, SimTime.seconds(2), 200, SimTime.seconds(20), 400)));

    private static PowerLedger ledger(int nodes, double load) {
        PowerStates[] s = new PowerStates[nodes];
        java.util.Arrays.fill(s, STATES);
        return new PowerLedger(s, 0, load);
    }

    @Test
    void configuredStatesAreNumberedComputingThenSleepThenEachSleepsTransitions() {
        assertEquals(5, STATES.size());
        assertEquals(new PowerStates.Sleep(10, 3, 4), STATES.get(2));
        assertEquals(new PowerStates.Transition(2_000_000, 200), STATES.get(3));
        assertEquals(new PowerStates.Transition(20_000_000, 400), STATES.get(4));
    }

    @Test
    void aNodeDrawsIdleThenFullLoadForItsJobAndIdleAgain() {
        PowerLedger l = ledger(2, 1);
        l.jobStarts(0, SimTime.seconds(10));
        // 100 W for the 40 s of the job.
        assertEquals(4000, l.jobEnds(0, SimTime.seconds(10), SimTime.seconds(50)), 1e-9);
        // Node 0: 10 s + 50 s idle at 30 W and 40 s at 100 W; node 1: 100 s at 30 W.
        assertArrayEquals(new double[] {60 * 30 + 4000, 3000}, l.joules(SimTime.seconds(100)), 1e-9);
    }

    @Test
    void aJobsLoadMixesIdleAndFullWatts() {
        PowerLedger l = ledger(1, 0.5);
        l.jobStarts(0, 0);
        assertEquals(65 * 10, l.jobEnds(0, 0, SimTime.seconds(10)), 1e-9);
    }

    @Test
    void switchingOffAndOnTakesTheTransitionsTimeAtTheirWatts() {
        PowerLedger l = ledger(1, 1);
        assertEquals(SimTime.seconds(2), l.switchOff(0, 2, SimTime.seconds(10)));
        assertEquals(PowerLedger.Mode.SWITCHING_OFF, l.mode(0));
        l.switchedOff(0, SimTime.seconds(12));
        assertEquals(PowerLedger.Mode.SLEEPING, l.mode(0));
        assertEquals(SimTime.seconds(20), l.switchOn(0, 1, SimTime.seconds(100)));
        l.switchedOn(0, SimTime.seconds(120));
        assertEquals(PowerLedger.Mode.IDLE, l.mode(0));
        assertEquals(1, l.pstate(0));
        assertEquals(0.5, l.speed(0));
        // 10 s idle at 30 W, 2 s at 200 W, 88 s asleep at 10 W, 20 s at 400 W, then 80 s idle at 20 W.
        assertEquals(300 + 400 + 880 + 8000 + 1600, l.joules(SimTime.seconds(200))[0], 1e-9);
    }

    @Test
    void aFailedNodeDrawsNothingAndComesBackIdleInItsComputingState() {
        PowerLedger l = ledger(1, 1);
        l.down(0, SimTime.seconds(10));
        l.up(0, SimTime.seconds(20));
        assertEquals(PowerLedger.Mode.IDLE, l.mode(0));
        assertEquals(10 * 30 + 10 * 30, l.joules(SimTime.seconds(30))[0], 1e-9);
    }

    @Test
    void aBusyNodeCannotSwitchOff() {
        PowerLedger l = ledger(1, 1);
        l.jobStarts(0, 0);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> l.switchOff(0, 2, 5));
        assertEquals("node 0 cannot switch off: it is computing", e.getMessage());
    }

    @Test
    void theMachinesModesAreCounted() {
        PowerLedger l = ledger(3, 1);
        l.jobStarts(0, 0);
        l.switchOff(1, 2, 0);
        assertEquals(1, l.count(PowerLedger.Mode.COMPUTING));
        assertEquals(1, l.count(PowerLedger.Mode.SWITCHING_OFF));
        assertEquals(1, l.count(PowerLedger.Mode.IDLE));
        assertEquals(100 + 200 + 30, l.totalWatts(), 1e-9);
    }

    @Test
    void theNodesInAModeAreFoundByIncreasingIdAsTheyChange() {
        PowerLedger l = ledger(5, 1);
        l.jobStarts(1, 0);
        l.switchOff(3, 2, 0);
        assertEquals(java.util.List.of(0, 2, 4), inMode(l, PowerLedger.Mode.IDLE));
        assertEquals(java.util.List.of(3), inMode(l, PowerLedger.Mode.SWITCHING_OFF));
        l.switchedOff(3, 2_000_000);
        l.jobEnds(1, 0, 3_000_000);
        l.down(4, 3_000_000);
        assertEquals(java.util.List.of(0, 1, 2), inMode(l, PowerLedger.Mode.IDLE));
        assertEquals(java.util.List.of(3), inMode(l, PowerLedger.Mode.SLEEPING));
        assertEquals(java.util.List.of(4), inMode(l, PowerLedger.Mode.DOWN));
        assertEquals(java.util.List.of(), inMode(l, PowerLedger.Mode.COMPUTING));
    }

    private static java.util.List<Integer> inMode(PowerLedger l, PowerLedger.Mode m) {
        java.util.List<Integer> nodes = new java.util.ArrayList<>();
        for (int node = l.next(m, 0); node >= 0; node = l.next(m, node + 1)) {
            nodes.add(node);
            assertEquals(m, l.mode(node));
        }
        assertEquals(l.count(m), nodes.size());
        return nodes;
    }
}
