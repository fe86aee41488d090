package org.hpcsim.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void hilbertOnPowerOfTwoGridsStepsToANeighbourEveryRank() {
        for (GridTopology g : new GridTopology[] {new MeshTopology(8, 8), new MeshTopology(4, 4, 4), new MeshTopology(2, 2)}) {
            int[] order = new HilbertCurve().order(g);
            assertPermutation(order, g.size());
            for (int r = 1; r < order.length; r++) {
                assertEquals(1, g.distance(order[r - 1], order[r]), g.spec() + " rank " + r);
            }
        }
    }

    @Test
    void hilbert2x2IsTheBasicU() {
        MeshTopology m = new MeshTopology(2, 2);
        assertArrayEquals(new int[] {m.node(0, 0, 0), m.node(0, 1, 0), m.node(1, 1, 0), m.node(1, 0, 0)},
                new HilbertCurve().order(m));
    }

    @Test
    void hilbertOnOtherSizesIsTheEnclosingCurveWithAbsentNodesSkipped() {
        MeshTopology full = new MeshTopology(8, 8);
        int[] enclosing = new HilbertCurve().order(full);
        for (GridTopology g : new GridTopology[] {new MeshTopology(5, 7), new MeshTopology(8, 3), new TorusTopology(6, 6)}) {
            int[] order = new HilbertCurve().order(g);
            assertPermutation(order, g.size());
            int r = 0;
            for (int cell : enclosing) {
                int x = full.x(cell);
                int y = full.y(cell);
                if (x < g.extent(0) && y < g.extent(1)) {
                    assertEquals(g.node(x, y, 0), order[r++], g.spec());
                }
            }
            assertEquals(g.size(), r);
        }
        assertPermutation(new HilbertCurve().order(new MeshTopology(8, 8, 5)), 320);
        assertPermutation(new HilbertCurve().order(new MeshTopology(1, 1)), 1);
    }

    @Test
    void fileCurveReadsOneNodeIdPerLine(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("order.txt");
        Files.writeString(f, "# reversed\n3\n2\n\n1\n0\n");
        assertArrayEquals(new int[] {3, 2, 1, 0}, new FileCurve(f).order(new MeshTopology(2, 2)));
    }

    @Test
    void fileCurveNamesTheLineOfABadId(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("order.txt");
        Files.writeString(f, "0\n1\n1\n3\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FileCurve(f).order(new MeshTopology(2, 2)));
        assertTrue(e.getMessage().contains("order.txt:3"), e.getMessage());
        Files.writeString(f, "0\n1\n2\n");
        e = assertThrows(IllegalArgumentException.class, () -> new FileCurve(f).order(new MeshTopology(2, 2)));
        assertTrue(e.getMessage().contains("lists 3 nodes"), e.getMessage());
        Files.writeString(f, "0\nx\n");
        e = assertThrows(IllegalArgumentException.class, () -> new FileCurve(f).order(new MeshTopology(2, 2)));
        assertTrue(e.getMessage().contains("order.txt:2"), e.getMessage());
    }

    private static void assertPermutation(int[] order, int n) {
        assertEquals(n, order.length);
        boolean[] seen = new boolean[n];
        for (int node : order) {
            assertTrue(!seen[node], "node " + node + " twice");
            seen[node] = true;
        }
    }
}
