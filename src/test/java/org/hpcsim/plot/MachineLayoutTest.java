package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;

class MachineLayoutTest {

    private static Set<String> places(MachineLayout l, PanelGrid g) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < l.panel.length; i++) {
            seen.add(g.x(l.panel[i], l.x[i]) + "," + g.y(l.panel[i], l.y[i]));
        }
        return seen;
    }

    @Test
    void aThreeDimensionalTorusIsItsZPlanesEachInAPanelOfItsOwn() {
        MachineLayout l = MachineLayout.of(Machines.parse("torus:8x4x3"));
        assertEquals(List.of("z = 0", "z = 1", "z = 2"), l.panelNames);
        assertEquals(8, l.width);
        assertEquals(4, l.height);
        int node = 5 + 8 * 2 + 32 * 2;
        assertEquals(2, l.panel[node]);
        assertEquals(5, l.x[node]);
        assertEquals(2, l.y[node]);
        PanelGrid g = new PanelGrid(8, 4, 3, 2);
        assertEquals(96, places(l, g).size(), "no two nodes share a cell");
    }

    @Test
    void aLineIsItsComputeAndIoNodesInOrderInOneRowWhenShort() {
        MachineLayout l = MachineLayout.of(Machines.parse("line:C4 IO C4"));
        assertEquals(9, l.width);
        assertEquals(1, l.height);
        assertEquals(8, l.nodes);
        assertEquals(4, l.x[8], "the I/O node sits between the compute nodes 3 and 4");
        assertEquals(5, l.x[4]);
        assertNull(l.panelNames);
    }

    @Test
    void aLargeBagOfNodesWrapsIntoRowsAboutTwiceAsWideAsHigh() {
        MachineLayout l = MachineLayout.of(Machines.parse("simple:128"));
        assertEquals(16, l.width);
        assertEquals(8, l.height);
        assertEquals(3, l.x[19]);
        assertEquals(1, l.y[19]);
        assertEquals("node id mod 16", l.xTitle);
    }

    @Test
    void panelsFillRowsToAboutSixteenByNineAndLeaveRoomForTheirNames() {
        PanelGrid g = new PanelGrid(8, 8, 8, 2);
        assertTrue(g.firstInRow(0));
        Set<Integer> columns = new HashSet<>();
        for (int p = 0; p < 8; p++) {
            columns.add(g.x(p, 0));
        }
        assertEquals(4, columns.size(), "8 square panels: 4 across, 2 down");
        assertEquals(g.y(4, 7) + 3, g.y(0, 0), "two rows for the lower panel's name between panel rows");
        assertTrue(g.lowestInColumn(4) && !g.lowestInColumn(3));
    }
}
