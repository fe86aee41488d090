package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class JointAllocatorTest {

    @Test
    void jointRunsNoHotterThanMc1x1WithSimilarHops() {
        // Not a theorem (MC1x1's own center need not be among MPIT's nodes); it holds on these
        // seeded instances, and joint's mean pairwise hops stay within a third of MC1x1's.
        RoomModel room = Rooms.sst40();
        SplittableRandom random = new SplittableRandom(11);
        long jointHops = 0;
        long mcHops = 0;
        for (int trial = 0; trial < 60; trial++) {
            MachineState m = machine("mesh:4x5x2", BusySets.random(random, 40));
            int k = 1 + random.nextInt(m.freeCount());
            int[] joint = new JointAllocator(m, room).allocate(null, k);
            int[] mc = new Mc1x1Allocator(m).allocate(null, k);
            CoolingAwareAllocatorTest.assertValid(m, joint, k);
            assertTrue(Rooms.peak(room, m, joint) <= Rooms.peak(room, m, mc) + 1e-9, "trial " + trial);
            jointHops += TestMachines.hops(m, joint);
            mcHops += TestMachines.hops(m, mc);
        }
        assertTrue(jointHops <= mcHops * 4 / 3, jointHops + " vs " + mcHops);
    }

    @Test
    void jointReturnsOneOfTheMc1x1AllocationsAroundMpitsNodes() {
        RoomModel room = Rooms.sst40();
        MachineState m = machine("mesh:4x5x2", 0, 1, 2, 5, 9, 17, 20, 21, 33);
        int[] centers = new CoolingAwareAllocator(m, room).allocate(null, 5);
        int[][] around = new ShellSearch(m, FreeNodes.grid(m, "test")).allocateAround(centers, 5, new int[] {1, 1, 1});
        int[] joint = new JointAllocator(m, room).allocate(null, 5);
        boolean found = false;
        double least = Double.POSITIVE_INFINITY;
        for (int[] a : around) {
            found |= java.util.Arrays.equals(a, joint);
            least = Math.min(least, Rooms.peak(room, m, a));
        }
        assertTrue(found);
        assertTrue(Rooms.peak(room, m, joint) <= least + 1e-9);
        assertArrayEquals(joint, new JointAllocator(m, room).allocate(null, 5), "deterministic");
    }

    @Test
    void jointNeedsAGridAndTheThermalModel() {
        RoomModel room = Rooms.sst40();
        assertThrows(IllegalArgumentException.class,
                () -> new JointAllocator(new MachineState(Machines.parse("simple:40")), room));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new JointAllocator(new MachineState(Machines.parse("mesh:4x5x2")), null));
        assertTrue(e.getMessage().contains("needs the thermal model"), e.getMessage());
        JointAllocator joint = new JointAllocator(machine("mesh:4x5x2", 0, 1), room);
        assertNull(joint.allocate(null, 39));
        assertArrayEquals(new int[0], joint.allocate(null, 0));
    }
}
