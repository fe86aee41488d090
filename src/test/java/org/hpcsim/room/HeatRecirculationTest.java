package org.hpcsim.room;

import org.hpcsim.kernel.Dispatch;
import org.hpcsim.protocol.PowerProtocol;
import org.hpcsim.protocol.ThermalProtocol;
import org.hpcsim.protocol.CracProtocol;
import org.hpcsim.protocol.Report;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.Handled;
import org.hpcsim.thermal.CoolingSettings;
import org.hpcsim.thermal.HeatModel;
import org.junit.jupiter.api.Test;

/** The thermal actor driven synchronously on a 3-node room served by two CRAC units. */
class HeatRecirculationTest {
    private static final long S = 1_000_000L;
    private static final int THERMAL = 20;
    private static final int FIRST_CRAC = 21;
    private static final int RECORDER = 5;
    /** D[i][j], K/W. */
    private static final double[][] D = {{1e-3, 2e-3, 0}, {0, 1e-3, 0}, {0, 0, 4e-3}};
    private static final CoolingSettings COOLING = new CoolingSettings(15, 30, 5, 1,
            List.of(new int[] {0, 1}, new int[] {2}), 1.0 / 60, 10, 60 * S);
    private final ComponentTester thermal = ComponentTester.of(THERMAL, 1,
            ComponentTester.ports(THERMAL, 0).toAll(HeatRecirculation.CRACS, ComponentTester.addresses(FIRST_CRAC, 2))
                    .toAll(HeatRecirculation.SAMPLES, ComponentTester.addresses(RECORDER, 1))
                    .to(HeatRecirculation.INLETS, ComponentTester.address(RECORDER)),
            ports -> new HeatRecirculation(ports, matrix(), 1000, COOLING, true));

    private static HeatModel matrix() {
        return new HeatModel() {
            @Override
            public int size() {
                return 3;
            }

            @Override
            public double entry(int i, int j) {
                return D[i][j];
            }

            @Override
            public void addColumn(int j, double scale, double[] out) {
                for (int i = 0; i < 3; i++) {
                    out[i] += scale * D[i][j];
                }
            }

            @Override
            public double columnSum(int j) {
                return D[0][j] + D[1][j] + D[2][j];
            }
        };
    }

    private Handled deliver(long time, int round, int sender, Object payload) {
        return thermal.run(new KernelCommand.DeliverOne(time, round, new Envelope(time, round, sender, 0, THERMAL, payload)));
    }

    private List<Envelope> endOfInstant(long time, int round) {
        return thermal.run(new KernelCommand.EndOfInstant(time, round)).out();
    }

    @Test
    void sendsEachUnitItsLoadOncePowerHasSettledThenSamplesTheRoom() {
        assertTrue(deliver(0, 0, -1, new ThermalProtocol.Begin()).wantsEndOfInstant());
        Handled p = deliver(0, 1, 1, new PowerProtocol.NodePower(1, 2500));
        assertTrue(p.out().isEmpty(), "nothing goes out before the instant settles");
        List<Envelope> loads = endOfInstant(0, 2);
        assertEquals(2, loads.size());
        // Rises: node 0 = 1e-3*1000 + 2e-3*2500 = 6, node 1 = 2.5, node 2 = 4.
        assertEquals(new CracProtocol.Load(6.0, 3500), loads.get(0).payload());
        assertEquals(FIRST_CRAC, loads.get(0).target());
        assertEquals(new CracProtocol.Load(4.0, 1000), loads.get(1).payload());
        assertEquals(FIRST_CRAC + 1, loads.get(1).target());

        assertTrue(deliver(0, 3, FIRST_CRAC, new ThermalProtocol.Supply(0, 24, 100)).out().isEmpty());
        assertTrue(deliver(0, 3, FIRST_CRAC + 1, new ThermalProtocol.Supply(1, 26, 50)).wantsEndOfInstant());
        List<Envelope> sample = endOfInstant(0, 4);
        assertEquals(RECORDER, sample.get(0).target());
        Report.ThermalSample s = (Report.ThermalSample) sample.get(0).payload();
        assertEquals(4500, s.itPower(), 1e-9);
        assertEquals(150, s.coolingPower(), 1e-9);
        assertEquals(24, s.supply(), 1e-9);
        assertEquals(15 + 6, s.maxInlet(), 1e-9);
        assertEquals(30, s.maxInletActual(), 1e-9);
        assertEquals(0, s.hottestNode());
        assertFalse(s.violation());
        assertEquals(1, s.nodes().length);
        assertEquals(1, s.nodes()[0]);
        assertEquals(2500, s.watts()[0], 1e-9);
    }

    @Test
    void aFailedUnitsNodesGoToTheNextUnitWithAirWarmingUntilTheLimit() {
        deliver(0, 0, -1, new ThermalProtocol.Begin());
        endOfInstant(0, 1);
        deliver(0, 2, FIRST_CRAC, new ThermalProtocol.Supply(0, 27, 100));
        deliver(0, 2, FIRST_CRAC + 1, new ThermalProtocol.Supply(1, 26, 50));
        endOfInstant(0, 3);

        deliver(100 * S, 0, FIRST_CRAC + 1, new ThermalProtocol.UnitState(1, false));
        List<Envelope> out = endOfInstant(100 * S, 1);
        // Unit 0 now serves node 2 as well (rise 4 K, no warming yet); a tick is due after a step.
        assertEquals(new CracProtocol.Load(4.0, 3000), out.get(0).payload());
        Envelope tick = out.get(1);
        assertEquals(THERMAL, tick.target());
        assertEquals(160 * S, tick.time());

        deliver(100 * S, 2, FIRST_CRAC, new ThermalProtocol.Supply(0, 26, 120));
        Report.ThermalSample s = (Report.ThermalSample) endOfInstant(100 * S, 3).get(0).payload();
        assertEquals(120, s.coolingPower(), 1e-9, "a failed unit draws nothing");

        deliver(160 * S, 0, THERMAL, tick.payload());
        List<Envelope> later = endOfInstant(160 * S, 1);
        assertEquals(new CracProtocol.Load(5.0, 3000), later.get(0).payload(), "one minute at 1 K/min");
        deliver(160 * S, 2, FIRST_CRAC, new ThermalProtocol.Supply(0, 25, 130));
        s = (Report.ThermalSample) endOfInstant(160 * S, 3).get(0).payload();
        assertEquals(15 + 5, s.maxInlet(), 1e-9, "the nominal inlet of the orphaned node includes the warming");
        assertEquals(30, s.maxInletActual(), 1e-9);
    }

    @Test
    void everyNodesDeliveredInletIsIntegratedAndItsMaxKeptForTheWindDown() {
        Handled begin = deliver(0, 0, -1, new ThermalProtocol.Begin());
        assertTrue((begin.flags() & Handled.WIND_DOWN) != 0);
        endOfInstant(0, 1);
        deliver(0, 2, FIRST_CRAC, new ThermalProtocol.Supply(0, 24, 100));
        deliver(0, 2, FIRST_CRAC + 1, new ThermalProtocol.Supply(1, 26, 50));
        endOfInstant(0, 3);
        // Idle rises 3, 1, 4 K: delivered 27, 25 (unit 0 at 24 C) and 30 C (unit 1 at 26 C) for 10 s.
        deliver(10 * S, 0, 1, new PowerProtocol.NodePower(1, 2500));
        endOfInstant(10 * S, 1);
        deliver(10 * S, 2, FIRST_CRAC, new ThermalProtocol.Supply(0, 22, 120));
        deliver(10 * S, 2, FIRST_CRAC + 1, new ThermalProtocol.Supply(1, 26, 50));
        endOfInstant(10 * S, 3);
        // Now rises 6, 2.5, 4 K: delivered 28, 24.5 and 30 C.
        List<Envelope> out = thermal.run(new KernelCommand.WindDown(10 * S, 4, false, 10 * S)).out();
        assertEquals(1, out.size());
        assertEquals(RECORDER, out.get(0).target());
        Report.InletTotals t = (Report.InletTotals) out.get(0).payload();
        assertEquals(0, t.first());
        assertEquals(10 * S, t.last());
        assertArrayEquals(new double[] {270, 250, 300}, t.inletSeconds(), 1e-9);
        assertArrayEquals(new double[] {28, 24.5, 30}, t.lastInlet(), 1e-9);
        assertArrayEquals(new double[] {28, 25, 30}, t.maxInlet(), 1e-9);
    }

    @Test
    void everyRecordOfTheThermalProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(ThermalProtocol.class, () -> ComponentTester.of(THERMAL, 1,
                ComponentTester.ports(THERMAL, 0).toAll(HeatRecirculation.CRACS, ComponentTester.addresses(FIRST_CRAC, 2))
                        .toAll(HeatRecirculation.SAMPLES, ComponentTester.addresses(RECORDER, 1))
                    .to(HeatRecirculation.INLETS, ComponentTester.address(RECORDER)),
                ports -> new HeatRecirculation(ports, matrix(), 1000, COOLING, true)), THERMAL);
    }
}
