package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class CoolingAwareExactAllocatorTest {

    @Test
    void theExactPeakLiesBetweenTheLpBoundAndTheRoundedPeak() {
        RoomModel room = Rooms.sst40();
        SplittableRandom random = new SplittableRandom(21);
        for (int trial = 0; trial < 30; trial++) {
            MachineState m = machine("mesh:4x5x2", BusySets.random(random, 40));
            if (m.freeCount() < 2) {
                continue;
            }
            int k = 1 + random.nextInt(m.freeCount() - 1);
            int[] exact = new CoolingAwareExactAllocator(m, room).allocate(null, k);
            CoolingAwareAllocatorTest.assertValid(m, exact, k);
            CoolingAwareAllocator mpit = new CoolingAwareAllocator(m, room);
            double peak = Rooms.peak(room, m, exact);
            assertTrue(mpit.relax(k).peak() <= peak + 1e-6, "LP bound");
            assertTrue(peak <= Rooms.peak(room, m, mpit.allocate(null, k)) + 1e-6, "rounded");
        }
    }

    @Test
    void onTinyRoomsTheExactPeakIsTheBruteForceOptimum() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 40; trial++) {
            RoomModel room = Rooms.random(8, trial);
            MachineState m = machine("mesh:4x2", BusySets.random(random, 8));
            int k = 1 + random.nextInt(m.freeCount());
            int[] exact = new CoolingAwareExactAllocator(m, room).allocate(null, k);
            assertEquals(bruteForce(room, m, k), Rooms.peak(room, m, exact), 1e-6);
        }
    }

    private static double bruteForce(RoomModel room, MachineState m, int k) {
        double best = Double.POSITIVE_INFINITY;
        for (int mask = 0; mask < 1 << m.size(); mask++) {
            if (Integer.bitCount(mask) != k) {
                continue;
            }
            int[] set = new int[k];
            int c = 0;
            boolean ok = true;
            for (int j = 0; j < m.size(); j++) {
                if ((mask >> j & 1) != 0) {
                    ok &= m.isFree(j);
                    set[c++] = j;
                }
            }
            if (ok) {
                best = Math.min(best, Rooms.peak(room, m, set));
            }
        }
        return best;
    }

    @Test
    void anIdleRoomJobOfFourIsSpreadOverBothRows() {
        RoomModel room = Rooms.sst40();
        MachineState m = new MachineState(Machines.parse("mesh:4x5x2"));
        int[] nodes = new CoolingAwareExactAllocator(m, room).allocate(null, 4);
        boolean row0 = false;
        boolean row1 = false;
        for (int node : nodes) {
            row0 |= node < 20;
            row1 |= node >= 20;
        }
        assertTrue(row0 && row1, java.util.Arrays.toString(nodes));
        assertArrayEquals(nodes, new CoolingAwareExactAllocator(m, room).allocate(null, 4), "deterministic");
    }

    @Test
    void roomsPastTheLimitAreRefusedAndEdgeCasesNeedNoSolver() {
        RoomModel room = Rooms.sst40();
        MachineState m = new MachineState(Machines.parse("mesh:4x5x2"));
        AllocationRefusedException e = assertThrows(AllocationRefusedException.class,
                () -> new CoolingAwareExactAllocator(m, room, 32).allocate(null, 3));
        assertTrue(e.getMessage().contains("40 nodes exceed its limit of 32 (max-nodes)"), e.getMessage());
        CoolingAwareExactAllocator small = new CoolingAwareExactAllocator(m, room, 32);
        assertArrayEquals(new int[0], small.allocate(null, 0));
        assertNull(small.allocate(null, 41));
        MachineState full = machine("mesh:4x5x2", java.util.stream.IntStream.range(0, 38).toArray());
        assertArrayEquals(new int[] {38, 39}, new CoolingAwareExactAllocator(full, room, 32).allocate(null, 2));
        assertThrows(IllegalArgumentException.class, () -> new CoolingAwareExactAllocator(m, null));
        assertThrows(IllegalArgumentException.class, () -> new CoolingAwareExactAllocator(m, room, 0));
    }
}
