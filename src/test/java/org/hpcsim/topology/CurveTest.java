package org.hpcsim.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CurveTest {
    @Test
    void snakeOnMesh16x8RunsForwardOnEvenRowsAndBackwardOnOddRows() {
        MeshTopology m = new MeshTopology(16, 8);
        int[] order = new SnakeCurve().order(m);
        for (int x = 0; x < 16; x++) {
            assertEquals(m.node(x, 0, 0), order[x]);
            assertEquals(m.node(15 - x, 1, 0), order[16 + x]);
        }
        assertEquals(m.node(0, 7, 0), order[127]);
    }

    /** SST's snake walk, as its LinearAllocator describes it: step x; at an x edge flip x and step y; at a y edge flip y and step z. */
    private static int[] sstWalk(GridTopology g) {
        int nx = g.extent(0);
        int ny = g.extent(1);
        int nz = g.extent(2);
        int[] order = new int[g.size()];
        int x = 0;
        int y = 0;
        int z = 0;
        int xdir = 1;
        int ydir = 1;
        int rank = 0;
        while (z < nz) {
            order[rank++] = g.node(x, y, z);
            if (x + xdir >= nx || x + xdir < 0) {
                xdir = -xdir;
                if (y + ydir >= ny || y + ydir < 0) {
                    ydir = -ydir;
                    z++;
                } else {
                    y += ydir;
                }
            } else {
                x += xdir;
            }
        }
        return order;
    }

    @Test
    void snakeMatchesSstsWalkOnAnyGrid() {
        for (GridTopology g : new GridTopology[] {new MeshTopology(16, 8), new MeshTopology(4, 3, 6),
            new MeshTopology(4, 5, 2), new TorusTopology(3, 3, 3), new MeshTopology(1, 5, 2), new MeshTopology(6, 1)}) {
            assertArrayEquals(sstWalk(g), new SnakeCurve().order(g), g.spec());
        }
    }

    @Test
    void rowMajorIsNodeIdOrderAndRanksInvertAnOrder() {
        int[] order = new RowMajorCurve().order(new MeshTopology(3, 2));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, order);
        int[] snake = new SnakeCurve().order(new MeshTopology(3, 2));
        assertArrayEquals(new int[] {0, 1, 2, 5, 4, 3}, snake);
        assertArrayEquals(new int[] {0, 1, 2, 5, 4, 3}, Curve.ranks(snake));
    }
}
