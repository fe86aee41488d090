package org.hpcsim.thermal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SyntheticRecirculationTest {

    private static RoomLayout room(String spec) {
        return RoomLayout.parse(spec, 10, 2);
    }

    @Test
    void syntheticAHoldsFractionsWithSmallCrossRowCoupling() {
        RoomLayout layout = room("4x9x6");
        CrossInterferenceMatrix a = HeatModels.syntheticA(layout);
        double crossRow = 0;
        for (int i = 0; i < a.size(); i++) {
            double sum = 0;
            for (int j = 0; j < a.size(); j++) {
                double v = a.entry(i, j);
                assertTrue(v >= 0, "a_ij >= 0");
                sum += v;
                if (layout.row(i) != layout.row(j)) {
                    crossRow = Math.max(crossRow, v);
                }
                if (v > 0) {
                    assertTrue(layout.slot(j) >= layout.slot(i), "heat rises");
                    assertTrue(Math.abs(layout.rack(j) - layout.rack(i)) <= 2, "neighbouring racks only");
                }
            }
            assertEquals(sum, a.rowSum(i), 1e-12);
        }
        assertTrue(a.maxRowSum() <= 0.75 + 1e-12, "row sums " + a.maxRowSum());
        assertTrue(crossRow > 0 && crossRow <= 0.08, "cross-row coupling " + crossRow);
        // Bottom of a row end recirculates most, top of a mid-row rack least.
        int corner = layout.index(1, 0, 0);
        assertEquals(0.75, a.rowSum(corner), 1e-12);
        double toRowAbove = 0;
        for (int j = layout.index(2, 0, 0); j < layout.index(3, 0, 0); j++) {
            toRowAbove += a.entry(corner, j);
        }
        assertEquals(0.075, toRowAbove, 1e-12, "a tenth to each adjacent row");
        assertEquals(0.045, a.rowSum(layout.index(0, 4, 5)), 1e-12);
    }

    @Test
    void syntheticDIsNonNegativeAndEndRacksTakeInMoreHeatThanMiddleOnes() {
        RoomLayout layout = room("10x10x10");
        long start = System.nanoTime();
        HeatModel d = HeatModels.synthetic(layout, HeatModels.K_MENG);
        System.out.printf("synthetic %s (%d nodes, dense): built in %.2f s%n", layout.spec(), d.size(),
                (System.nanoTime() - start) / 1e9);
        assertInstanceOf(DenseHeatModel.class, d);
        double[] inlet = new double[d.size()];
        for (int j = 0; j < d.size(); j++) {
            d.addColumn(j, 1.0, inlet);
            for (int i = 0; i < d.size(); i++) {
                assertTrue(d.entry(i, j) >= 0);
            }
        }
        // Inlet rises with every node at 1 W: an end rack's top node against a middle rack's top node.
        assertTrue(inlet[layout.index(5, 0, 9)] > 3 * inlet[layout.index(5, 5, 9)],
                inlet[layout.index(5, 0, 9)] + " vs " + inlet[layout.index(5, 5, 9)]);
    }

    @Test
    void aTenThousandNodeRoomBuildsWithoutADenseD() {
        RoomLayout layout = room("10x100x10");
        long start = System.nanoTime();
        CrossInterferenceMatrix a = HeatModels.syntheticA(layout);
        HeatModel d = HeatModels.fromA(a, HeatModels.K_MENG);
        long built = System.nanoTime();
        double[] rise = new double[d.size()];
        int columns = 10;
        for (int j = 0; j < columns; j++) {
            d.addColumn(j * 997, 2350, rise);
        }
        long done = System.nanoTime();
        System.out.printf("synthetic %s (%d nodes, %d nonzeros in A, series): built in %.2f s, %.1f ms per column%n",
                layout.spec(), d.size(), a.nonZeros(), (built - start) / 1e9, (done - built) / 1e6 / columns);
        assertInstanceOf(SeriesHeatModel.class, d);
        for (double r : rise) {
            assertTrue(r >= 0);
        }
        assertTrue(d.columnSum(0) > 0);
    }
}
