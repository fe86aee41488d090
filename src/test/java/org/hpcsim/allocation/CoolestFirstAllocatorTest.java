package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hpcsim.thermal.DenseHeatModel;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class CoolestFirstAllocatorTest {

    @Test
    void nodesAreRankedByColumnSumsTiesToTheLowerId() {
        // Column sums: 0.3, 0.1, 0.2, 0.1.
        RoomModel room = new RoomModel(DenseHeatModel.of(new double[][] {
            {0.1, 0.0, 0.1, 0.05},
            {0.1, 0.05, 0.0, 0.05},
            {0.05, 0.05, 0.1, 0.0},
            {0.05, 0.0, 0.0, 0.0}}), PowerModel.MENG, 15, 25);
        CoolestFirstAllocator a = new CoolestFirstAllocator(new MachineState(Machines.parse("simple:4")), room);
        assertArrayEquals(new int[] {1, 3, 2, 0}, a.order());
        assertArrayEquals(new int[] {1, 3}, a.allocate(null, 2));
        CoolestFirstAllocator busy = new CoolestFirstAllocator(machine("simple:4", 1), room);
        assertArrayEquals(new int[] {2, 3}, busy.allocate(null, 2));
        assertNull(busy.allocate(null, 4));
    }

    @Test
    void theSstRoomOrderFollowsItsColumnSums() {
        RoomModel room = Rooms.sst40();
        int[] order = new CoolestFirstAllocator(new MachineState(Machines.parse("mesh:4x5x2")), room).order();
        for (int i = 1; i < order.length; i++) {
            assertTrue(room.heat().columnSum(order[i - 1]) <= room.heat().columnSum(order[i]));
        }
    }

    @Test
    void theRoomMustMatchTheMachine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CoolestFirstAllocator(new MachineState(Machines.parse("simple:39")), Rooms.sst40()));
        assertTrue(e.getMessage().contains("has 40 nodes but the machine has 39"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new CoolestFirstAllocator(new MachineState(Machines.parse("simple:40")), null));
    }
}
