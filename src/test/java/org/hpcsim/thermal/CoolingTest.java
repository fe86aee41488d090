package org.hpcsim.thermal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CoolingTest {

    @Test
    void copFollowsMengEquationTen() {
        assertEquals(0.458, Cooling.cop(0), 1e-15);
        assertEquals(0.0068 * 400 + 0.0008 * 20 + 0.458, Cooling.cop(20), 1e-15);
        assertEquals(3.194, Cooling.cop(20), 1e-12);
    }

    @Test
    void adjustedSupplyRaisesTheHottestInletToTheRedlineWhateverTheSupply() {
        double rise = 4.25;
        for (double tSup : new double[] {10, 15, 22.5}) {
            assertEquals(30 - rise, Cooling.adjustedSupply(tSup, 30, tSup + rise), 1e-12);
        }
    }

    @Test
    void coolingPowerIsItPowerOverCop() {
        assertEquals(46750 / 3.194, Cooling.coolingPower(46750, 20), 1e-9);
    }
}
