package org.hpcsim.allocation;

import static org.hpcsim.allocation.TestMachines.machine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.hpcsim.thermal.PeakInlet;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Variable;

class CoolingAwareAllocatorTest {

    @Test
    void theRoundedAllocationIsKDistinctFreeNodesBoundedBelowByTheLp() {
        RoomModel room = Rooms.sst40();
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 60; trial++) {
            MachineState m = machine("mesh:4x5x2", BusySets.random(random, 40));
            int k = 1 + random.nextInt(m.freeCount());
            CoolingAwareAllocator mpit = new CoolingAwareAllocator(m, room);
            int[] nodes = mpit.allocate(null, k);
            assertValid(m, nodes, k);
            if (k < m.freeCount()) {
                CoolingAwareAllocator.Relaxation lp = mpit.relax(k);
                assertArrayEquals(nodes, lp.rounded());
                assertTrue(lp.peak() <= Rooms.peak(room, m, nodes) + 1e-6, "LP " + lp.peak());
            }
        }
    }

    @Test
    void rowGenerationReachesTheOptimumOfTheLpWithEveryRow() {
        check(Rooms.sst40(), "mesh:4x5x2", 5);
        check(Rooms.synthetic(new RoomLayout(2, 5, 6, 10, 2)), "mesh:6x5x2", 4);
    }

    private static void check(RoomModel room, String spec, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int trial = 0; trial < 8; trial++) {
            MachineState m = machine(spec, BusySets.random(random, room.heat().size()));
            if (m.freeCount() < 2) {
                continue;
            }
            int k = 1 + random.nextInt(m.freeCount() - 1);
            CoolingAwareAllocator.Relaxation lp = new CoolingAwareAllocator(m, room).relax(k);
            // Both solvers work to about 1e-7 relative (a few microkelvin here).
            assertEquals(fullLp(room, m, k), lp.peak(), 1e-4, spec + " k=" + k);
            assertTrue(lp.rows() <= room.heat().size());
        }
    }

    /** The LP of Eq. 14-15 with a row for every node, solved in one go. */
    private static double fullLp(RoomModel room, MachineState m, int k) {
        double[] base = new PeakInlet(room).inlets(node -> !m.isFree(node));
        double util = room.power().utilization();
        int n = m.size();
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable[] x = new Variable[n];
        Expression count = model.addExpression("k").level(k);
        for (int j = 0; j < n; j++) {
            x[j] = model.addVariable("x" + j).lower(0).upper(m.isFree(j) ? 1 : 0);
            count.set(x[j], 1);
        }
        Variable z = model.addVariable("z").weight(1);
        for (int i = 0; i < n; i++) {
            Expression row = model.addExpression("T" + i).upper(-base[i]);
            for (int j = 0; j < n; j++) {
                row.set(x[j], util * room.heat().entry(i, j));
            }
            row.set(z, -1);
        }
        return model.minimise().getValue();
    }

    @Test
    void anIdleRoomJobOfFourKeepsThePeakAtTheLpBound() {
        // The paper says a cooling-aware job of 4 is spread over the rows. In SST's D the idle peak
        // node's row has zeros, so the LP's optimum equals the idle peak and its vertex is not unique;
        // whichever vertex the simplex returns, the rounded nodes raise the peak by < 0.001 K.
        RoomModel room = Rooms.sst40();
        MachineState m = new MachineState(Machines.parse("mesh:4x5x2"));
        CoolingAwareAllocator mpit = new CoolingAwareAllocator(m, room);
        int[] nodes = mpit.allocate(null, 4);
        double idle = PeakInlet.max(new PeakInlet(room).inlets(node -> false));
        assertEquals(idle, mpit.relax(4).peak(), 1e-9);
        assertEquals(4, java.util.Arrays.stream(nodes).distinct().count());
        assertEquals(idle, Rooms.peak(room, m, nodes), 1e-3);
    }

    @Test
    void roomsOfAnySizeGetValidAllocations() {
        RoomModel room = Rooms.synthetic(new RoomLayout(4, 10, 10, 10, 2));
        SplittableRandom random = new SplittableRandom(9);
        int[] busy = new int[400];
        int b = 0;
        for (int node = 0; node < 400; node++) {
            if (random.nextBoolean()) {
                busy[b++] = node;
            }
        }
        MachineState m = machine("mesh:10x10x4", Arrays.copyOf(busy, b));
        CoolingAwareAllocator mpit = new CoolingAwareAllocator(m, room);
        int[] nodes = mpit.allocate(null, 40);
        assertValid(m, nodes, 40);
        assertTrue(mpit.relax(40).peak() <= Rooms.peak(room, m, nodes) + 1e-6);
    }

    @Test
    void theSameStateGivesTheSameAllocation() {
        RoomModel room = Rooms.sst40();
        SplittableRandom random = new SplittableRandom(17);
        for (int trial = 0; trial < 10; trial++) {
            int[] busy = BusySets.random(random, 40);
            MachineState a = machine("mesh:4x5x2", busy);
            MachineState b = machine("mesh:4x5x2", busy);
            int k = 1 + random.nextInt(a.freeCount());
            CoolingAwareAllocator first = new CoolingAwareAllocator(a, room);
            int[] once = first.allocate(null, k);
            assertArrayEquals(once, first.allocate(null, k));
            assertArrayEquals(once, new CoolingAwareAllocator(b, room).allocate(null, k));
        }
    }

    @Test
    void edgeCasesNeedNoLp() {
        RoomModel room = Rooms.sst40();
        MachineState m = machine("mesh:4x5x2", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35);
        CoolingAwareAllocator mpit = new CoolingAwareAllocator(m, room);
        assertArrayEquals(new int[0], mpit.allocate(null, 0));
        assertArrayEquals(new int[] {36, 37, 38, 39}, mpit.allocate(null, 4));
        assertNull(mpit.allocate(null, 5));
        assertThrows(IllegalArgumentException.class, () -> mpit.allocate(null, -1));
    }

    @Test
    void aMissingOrMismatchedThermalModelIsAClearError() {
        MachineState m = new MachineState(Machines.parse("mesh:4x5x2"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CoolingAwareAllocator(m, null));
        assertTrue(e.getMessage().contains("needs the thermal model") && e.getMessage().contains("thermal.enabled"),
                e.getMessage());
        MachineState small = new MachineState(Machines.parse("mesh:4x4"));
        e = assertThrows(IllegalArgumentException.class, () -> new CoolingAwareAllocator(small, Rooms.random(20, 1)));
        assertTrue(e.getMessage().contains("has 20 nodes but the machine has 16"), e.getMessage());
    }

    /** k distinct free nodes, ascending. */
    static void assertValid(MachineState m, int[] nodes, int k) {
        assertEquals(k, nodes.length);
        for (int i = 0; i < k; i++) {
            assertTrue(m.isFree(nodes[i]), "node " + nodes[i] + " is busy");
            assertTrue(i == 0 || nodes[i - 1] < nodes[i], Arrays.toString(nodes));
        }
    }
}
