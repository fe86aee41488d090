package org.hpcsim.scheduling;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.energy.PowerLedger;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.time.SimTime;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.junit.jupiter.api.Test;

/** Power-state requests as Batsim's SET_RESOURCE_STATE carries them out, on the scheduler's core. */
class SchedulerCorePowerTest {
    private static final PowerStates STATES = PowerStates.of(
            List.of(new PowerStates.Computing(1, 30, 100), new PowerStates.Computing(0.5, 20, 60)),
            List.of(new PowerStates.SleepSpec(10, SimTime.seconds(2), 200, SimTime.seconds(20), 400)));

    private static SchedulerCore core(int nodes) {
        MachineState m = new MachineState(new SimpleTopology(nodes));
        PowerStates[] s = new PowerStates[nodes];
        java.util.Arrays.fill(s, STATES);
        return new SchedulerCore(m, new SortedFreeListAllocator(m, new RowMajorCurve()),
                new PriorityPolicy(JobOrder.FIFO), JobModel.RIGID, new PowerLedger(s, 0, 1));
    }

    @Test
    void nodesSwitchingOffLeaveServiceAtOnceAndComeBackOnlyWhenSwitchedOn() {
        SchedulerCore core = core(4);
        core.schedule(0);
        core.setPowerState(new int[] {3, 2}, 2);
        List<SchedulerCore.Decision> d = core.takeDecisions();
        assertEquals(List.of(new SchedulerCore.Switch(2, 1, SimTime.seconds(2)),
                new SchedulerCore.Switch(3, 1, SimTime.seconds(2))), d);
        assertFalse(core.usable(2));
        assertEquals(2, core.freeNodes());
        // A four-node job waits while they are off.
        core.submit(job(0, 0, 4, 10, 10));
        assertEquals(List.of(), core.schedule(SimTime.seconds(1)));
        assertNull(core.switched(2, 1, SimTime.seconds(2)));
        SchedulerCore.PowerChange done = core.switched(3, 1, SimTime.seconds(2));
        assertArrayEquals(new int[] {2, 3}, done.nodes());
        assertEquals(2, done.pstate());
        assertEquals(PowerLedger.Mode.SLEEPING, core.energy().mode(2));

        core.schedule(SimTime.seconds(50));
        core.setPowerState(new int[] {2, 3}, 0);
        assertEquals(SimTime.seconds(20), ((SchedulerCore.Switch) core.takeDecisions().get(0)).micros());
        core.switched(2, 2, SimTime.seconds(70));
        core.switched(3, 2, SimTime.seconds(70));
        assertTrue(core.usable(2));
        assertEquals(1, core.schedule(SimTime.seconds(70)).size());
    }

    @Test
    void aComputingNodeIsRefusedWithTheJobItRuns() {
        SchedulerCore core = core(2);
        core.submit(job(0, 0, 1, 10, 10));
        core.schedule(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> core.setPowerState(new int[] {1, 0}, 2));
        assertEquals("node 0 is computing (running job 1)", e.getMessage());
        // Nothing changed, not even the idle node named first.
        assertTrue(core.usable(1));
        assertEquals(List.of(), core.takeDecisions());
    }

    @Test
    void aTransitionStateAndASwitchingNodeAreRefused() {
        SchedulerCore core = core(2);
        core.schedule(0);
        assertEquals("pstate 3 is not a computing or sleep state of node 0",
                assertThrows(IllegalArgumentException.class, () -> core.setPowerState(new int[] {0}, 3)).getMessage());
        core.setPowerState(new int[] {0}, 2);
        assertEquals("node 0 is switching off",
                assertThrows(IllegalArgumentException.class, () -> core.setPowerState(new int[] {0}, 0)).getMessage());
    }

    @Test
    void anIdleNodeChangesComputingStateAtOnce() {
        SchedulerCore core = core(1);
        core.schedule(0);
        core.setPowerState(new int[] {0}, 1);
        assertEquals(List.of(new SchedulerCore.Switch(0, 1, 0)), core.takeDecisions());
        assertEquals(0.5, core.energy().speed(0));
        assertTrue(core.usable(0));
    }

    @Test
    void aFailureAbandonsASwitchAndTheRepairedNodeComesBackComputing() {
        SchedulerCore core = core(1);
        core.schedule(0);
        core.setPowerState(new int[] {0}, 2);
        core.fail(0);
        core.energy().down(0, 1);
        // The switch's end, due later, changes nothing.
        assertNull(core.switched(0, 1, SimTime.seconds(2)));
        core.repair(0);
        core.energy().up(0, SimTime.seconds(3));
        assertTrue(core.usable(0));
        assertEquals(PowerLedger.Mode.IDLE, core.energy().mode(0));
    }
}
