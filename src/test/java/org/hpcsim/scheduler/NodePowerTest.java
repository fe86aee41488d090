package org.hpcsim.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.hpcsim.thermal.PowerModel;
import org.junit.jupiter.api.Test;

class NodePowerTest {
    /** 1000 W idle, 2500 W computing, 2000 W communicating, 30 % communication by default. */
    private static final PowerModel MENG = PowerModel.MENG;

    private static NetworkPlanner.Plan tau(double tau) {
        return new NetworkPlanner.Plan(3600, null, tau, 0, 0, 3600, new int[0], false);
    }

    @Test
    void withoutAModelledRoomNodesDrawNothing() {
        assertEquals(0, new NodePower(null, 0.3).watts(null));
        assertEquals(0, new NodePower(null, 0.3).watts(tau(2)));
    }

    @Test
    void withoutANetworkModelANodeDrawsTheMixForTheDefaultShare() {
        assertEquals(0.7 * 2500 + 0.3 * 2000, new NodePower(MENG, Double.NaN).watts(null), 1e-9);
    }

    @Test
    void underANetworkModelTheJobsShareIsCTauOverTheStretchedRunTime() {
        // c = 0.5, tau = 3: communication takes 1.5 of 2 time units, a share of 0.75.
        double share = 0.5 * 3 / ((1 - 0.5) + 0.5 * 3);
        assertEquals(0.75, share, 1e-12);
        assertEquals((1 - share) * 2500 + share * 2000, new NodePower(MENG, 0.5).watts(tau(3)), 1e-9);
    }

    @Test
    void tauOneGivesTheNetworkModelsOwnShare() {
        assertEquals(MENG.busy(0.2), new NodePower(MENG, 0.2).watts(tau(1)), 1e-9);
    }

    @Test
    void aJobThatNeverCommunicatesDrawsComputePower() {
        assertEquals(2500, new NodePower(MENG, 0.3).watts(tau(0)), 1e-9);
    }

    @Test
    void allCommunicationWithTauZeroFallsBackToTheNetworkModelsShare() {
        // (1 - c) + c tau = 0: no time to share out.
        assertEquals(2000, new NodePower(MENG, 1).watts(tau(0)), 1e-9);
    }
}
