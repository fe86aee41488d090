package org.hpcsim.room;

import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.ThermalProtocol;
import org.hpcsim.protocol.CracProtocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.thermal.Cooling;
import org.hpcsim.thermal.CoolingSettings;
import org.junit.jupiter.api.Test;

/** A CRAC unit driven synchronously. */
class CracUnitTest {
    private static final int CRAC = 9;
    private static final int THERMAL = 8;
    private static final CoolingSettings SETTINGS = new CoolingSettings(15, 30, 5, 1, List.of(new int[] {0, 1}),
            1.0 / 60, 10, 60_000_000L);
    private final ComponentTester crac = ComponentTester.of(CRAC, 1,
            ComponentTester.ports(CRAC, 0).to(CracUnit.THERMAL, ComponentTester.address(THERMAL)),
            ports -> new CracUnit(ports, SETTINGS));

    private List<Envelope> deliver(Object payload) {
        return crac.run(new KernelCommand.DeliverOne(10, 1, new Envelope(10, 1, THERMAL, 0, CRAC, payload))).out();
    }

    @Test
    void raisesItsSupplyToTheRedlineLessTheLargestRiseAndDrawsItOverTheCoP() {
        Envelope reply = deliver(new CracProtocol.Load(8.0, 40_000)).get(0);
        assertEquals(THERMAL, reply.target());
        double supply = 30 - 8.0;
        assertEquals(new ThermalProtocol.Supply(0, supply, 40_000 / Cooling.cop(supply)), reply.payload());
    }

    @Test
    void neverSuppliesColderThanItsMinimum() {
        ThermalProtocol.Supply s = (ThermalProtocol.Supply) deliver(new CracProtocol.Load(28.0, 1000)).get(0).payload();
        assertEquals(5.0, s.supply());
    }

    @Test
    void aFixedSetPointOverridesTheAdjustmentUntilSetBackToAutomatic() {
        assertEquals(new ThermalProtocol.UnitState(0, true), deliver(new CracProtocol.SetSupply(22)).get(0).payload());
        assertEquals(22.0, ((ThermalProtocol.Supply) deliver(new CracProtocol.Load(1.0, 1000)).get(0).payload()).supply());
        deliver(new CracProtocol.SetSupply(Double.NaN));
        assertEquals(29.0, ((ThermalProtocol.Supply) deliver(new CracProtocol.Load(1.0, 1000)).get(0).payload()).supply());
    }

    @Test
    void aFailedUnitTellsTheThermalActorAndIgnoresLoadsUntilRepaired() {
        assertEquals(new ThermalProtocol.UnitState(0, false), deliver(new CracProtocol.Fail()).get(0).payload());
        assertTrue(deliver(new CracProtocol.Fail()).isEmpty(), "failing twice changes nothing");
        assertTrue(deliver(new CracProtocol.Load(1.0, 1000)).isEmpty());
        assertEquals(new ThermalProtocol.UnitState(0, true), deliver(new CracProtocol.Repair()).get(0).payload());
        assertEquals(1, deliver(new CracProtocol.Load(1.0, 1000)).size());
    }

    @Test
    void everyRecordOfTheCracProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(CracProtocol.class, () -> ComponentTester.of(CRAC, 1,
                ComponentTester.ports(CRAC, 0).to(CracUnit.THERMAL, ComponentTester.address(THERMAL)),
                ports -> new CracUnit(ports, SETTINGS)), CRAC);
    }
}
