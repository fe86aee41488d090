package org.hpcsim.room;

import org.hpcsim.kernel.Dispatch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.protocol.PowerProtocol;
import org.hpcsim.protocol.ThermalProtocol;
import org.hpcsim.thermal.RoomLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The power meter: one row per instant a node's draw changed (as it settled), the racks summed from the nodes. */
class PowerMeterTest {
    private static final int METER = 30;
    /** 2 rows of 2 racks of 2 nodes: node 5 is row 1, rack 0. */
    private static final RoomLayout LAYOUT = new RoomLayout(2, 2, 2, 10, 2);

    @TempDir
    Path dir;

    @Test
    void writesTheRoomAndEachRacksPowerOncePerInstantWithAChange() throws IOException {
        Path file = dir.resolve("power.csv");
        ComponentTester meter = ComponentTester.of(METER, 1, ComponentTester.ports(METER, 0),
                ports -> new PowerMeter(LAYOUT, 8, 100, file));
        assertTrue(deliver(meter, 2_000_000, 0, new PowerProtocol.NodePower(5, 400)).wantsEndOfInstant());
        assertFalse(deliver(meter, 2_000_000, 3, new PowerProtocol.NodePower(0, 250)).wantsEndOfInstant(),
                "one row per instant: it has asked already");
        assertTrue(meter.run(new KernelCommand.EndOfInstant(2_000_000, 1)).out().isEmpty(), "a meter sends nothing");
        // Later rounds of the same instant (a job ends, another starts): the row shows the settled draws.
        assertTrue(deliver(meter, 2_000_000, 1, new PowerProtocol.NodePower(1, 150)).wantsEndOfInstant());
        meter.run(new KernelCommand.EndOfInstant(2_000_000, 3));
        deliver(meter, 5_500_000, 5, new PowerProtocol.NodePower(5, 0));
        meter.run(new KernelCommand.EndOfInstant(5_500_000, 1));
        meter.run(new KernelCommand.SimulationEnd(5_500_000));
        assertEquals(List.of(
                "time,it_power_w,rack_0_0_w,rack_0_1_w,rack_1_0_w,rack_1_1_w",
                "2,1300.000,400.000,200.000,500.000,200.000",
                "5.5,900.000,400.000,200.000,100.000,200.000"), Files.readAllLines(file));
    }

    private static org.hpcsim.kernel.Handled deliver(ComponentTester meter, long time, int node,
                                                                     Object payload) {
        return meter.run(new KernelCommand.DeliverOne(time, 1, new Envelope(time, 1, node, 0, METER, payload)));
    }

    @Test
    void everyRecordOfThePowerProtocolIsHandled() {
        Dispatch.assertHandlesEveryRecord(PowerProtocol.class, () -> ComponentTester.of(METER, 1,
                ComponentTester.ports(METER, 0), ports -> new PowerMeter(LAYOUT, 8, 100, dir.resolve("power.csv"))),
                METER);
    }
}
