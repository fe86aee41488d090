package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.topology.TorusTopology;
import org.junit.jupiter.api.Test;

class ContiguousAllocatorTest {

    private static MachineState machine(GridTopology t, int... busy) {
        MachineState m = new MachineState(t);
        m.occupy(busy);
        return m;
    }

    @Test
    void prefersTheMostSquareShapeAndTakesItsFirstNodesRowByRow() {
        ContiguousAllocator a = new ContiguousAllocator(machine(new MeshTopology(4, 4)));
        assertArrayEquals(new int[] {0, 1, 4, 5}, a.allocate(null, 4), "2x2");
        assertArrayEquals(new int[] {0, 1, 4}, a.allocate(null, 3), "2x2 (longest side 2) before 3x1");
        assertArrayEquals(new int[] {0, 1, 2, 4, 5, 6}, a.allocate(null, 6), "3x2 before 2x3: larger x first");
        assertArrayEquals(new int[] {0, 1, 2, 4, 5, 6, 8}, a.allocate(null, 7), "3x3, the first 7 row-major");
    }

    @Test
    void aPreferredShapeFurtherAwayBeatsALessPreferredShapeAtALowerCorner() {
        // Node 1 busy: 2x1 fits first at base 2, though 1x2 would fit at base 0.
        ContiguousAllocator a = new ContiguousAllocator(machine(new MeshTopology(4, 4), 1));
        assertArrayEquals(new int[] {2, 3}, a.allocate(null, 2));
    }

    @Test
    void usesThePlacementWithTheLowestBaseNode() {
        // Node 5 = (1,1) busy: 2x2 at bases 0 and 1 hold it; base 2 is the first free one.
        ContiguousAllocator a = new ContiguousAllocator(machine(new MeshTopology(4, 4), 5));
        assertArrayEquals(new int[] {2, 3, 6, 7}, a.allocate(null, 4));
    }

    @Test
    void onATorusABoxMayWrapAroundButNotOnAMesh() {
        // Columns x = 1 and x = 2 busy: only columns 0 and 3 are free.
        int[] busy = {1, 2, 5, 6, 9, 10, 13, 14};
        // Mesh: no free 2x2 and no free 4x1 row, so the 1x4 column at x = 0.
        assertArrayEquals(new int[] {0, 4, 8, 12},
                new ContiguousAllocator(machine(new MeshTopology(4, 4), busy)).allocate(null, 4));
        // Torus: the 2x2 based at (3,0) wraps to x = 0.
        assertArrayEquals(new int[] {0, 3, 4, 7},
                new ContiguousAllocator(machine(new TorusTopology(4, 4), busy)).allocate(null, 4));
    }

    @Test
    void aJobWaitsWhenOnlyScatteredNodesAreFree() {
        // Checkerboard: 8 nodes free, no two adjacent.
        MachineState m = machine(new MeshTopology(4, 4), 0, 2, 5, 7, 8, 10, 13, 15);
        ContiguousAllocator a = new ContiguousAllocator(m);
        assertNull(a.allocate(null, 2));
        assertArrayEquals(new int[] {1}, a.allocate(null, 1));
        // Columns 0 and 3 free on a mesh: 4 nodes in a line fit, 5 do not.
        MachineState columns = machine(new MeshTopology(4, 4), 1, 2, 5, 6, 9, 10, 13, 14);
        assertNull(new ContiguousAllocator(columns).allocate(null, 5));
    }

    @Test
    void inThreeDimensionsTheShapeOrderStillDecidesBeforeThePlacement() {
        ContiguousAllocator a = new ContiguousAllocator(machine(new MeshTopology(2, 2, 2), 0));
        // 2x2x1, 2x1x2 and 1x2x2 tie on longest side and volume; 2x2x1 has the larger x, then y extent.
        assertArrayEquals(new int[] {4, 5, 6, 7}, a.allocate(null, 4));
        assertArrayEquals(new int[] {2, 3}, a.allocate(null, 2),
                "2x1x1 before 1x2x1; its base 0 holds node 0, base 2 is free");
    }

    @Test
    void seesTheMachineChange() {
        MachineState m = machine(new MeshTopology(4, 4));
        ContiguousAllocator a = new ContiguousAllocator(m);
        assertArrayEquals(new int[] {0, 1, 4, 5}, a.allocate(null, 4));
        m.allocate(new int[] {0, 1, 4, 5}, 0);
        assertArrayEquals(new int[] {2, 3, 6, 7}, a.allocate(null, 4));
        m.release(new int[] {0, 1, 4, 5});
        assertArrayEquals(new int[] {0, 1, 4, 5}, a.allocate(null, 4));
    }

    @Test
    void refusesAMachineWithoutGridGeometry() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ContiguousAllocator(new MachineState(new SimpleTopology(8))));
        assertTrue(e.getMessage().contains("needs a mesh or torus machine, not simple:8"), e.getMessage());
    }

    @Test
    void agreesWithTryingEveryShapeOnRandomBusySets() {
        SplittableRandom random = new SplittableRandom(11);
        for (GridTopology t : List.of(new MeshTopology(6, 5), new MeshTopology(4, 3, 3), new TorusTopology(5, 4),
                new TorusTopology(3, 2, 4))) {
            for (int trial = 0; trial < 200; trial++) {
                MachineState m = new MachineState(t);
                m.occupy(BusySets.random(random, t.size()));
                int k = 1 + random.nextInt(m.freeCount());
                assertArrayEquals(reference(m, t, k), new ContiguousAllocator(m).allocate(null, k),
                        t.spec() + " k=" + k);
            }
        }
    }

    @Test
    void aJobNoSmallerThanAnUnplaceableOneWaitsUntilNodesAreFreed() {
        MachineState m = machine(new MeshTopology(4, 4), 0, 2, 5, 7, 8, 10, 13, 15);
        ContiguousAllocator a = new ContiguousAllocator(m);
        assertNull(a.allocate(null, 2));
        assertNull(a.allocate(null, 3));
        m.allocate(new int[] {3}, 0);
        assertArrayEquals(new int[] {1}, a.allocate(null, 1));
        m.release(new int[] {0});
        assertArrayEquals(new int[] {0, 1}, a.allocate(null, 2));
    }

    @Test
    void agreesWithTryingEveryShapeThroughASequenceOfAllocationsAndReleases() {
        SplittableRandom random = new SplittableRandom(13);
        for (GridTopology t : List.of(new MeshTopology(6, 5), new TorusTopology(3, 4, 3))) {
            MachineState m = new MachineState(t);
            ContiguousAllocator a = new ContiguousAllocator(m);
            List<int[]> running = new ArrayList<>();
            for (int step = 0; step < 400; step++) {
                if (m.freeCount() > 0 && (running.isEmpty() || random.nextInt(3) > 0)) {
                    int k = 1 + random.nextInt(m.freeCount());
                    int[] nodes = a.allocate(null, k);
                    assertArrayEquals(reference(m, t, k), nodes, t.spec() + " step " + step + " k=" + k);
                    if (nodes != null) {
                        m.allocate(nodes, step);
                        running.add(nodes);
                    }
                } else {
                    m.release(running.remove(random.nextInt(running.size())));
                }
            }
        }
    }

    /** Every box shape in preference order, every placement checked node by node. */
    private static int[] reference(MachineState m, GridTopology t, int k) {
        int nx = t.extent(0);
        int ny = t.extent(1);
        int nz = t.extent(2);
        List<int[]> shapes = new ArrayList<>();
        for (int a = 1; a <= nx; a++) {
            for (int b = 1; b <= ny; b++) {
                for (int c = 1; c <= nz; c++) {
                    if (a * b * c >= k) {
                        shapes.add(new int[] {a, b, c});
                    }
                }
            }
        }
        shapes.sort(Comparator.<int[]>comparingInt(s -> Math.max(s[0], Math.max(s[1], s[2])))
                .thenComparingInt(s -> s[0] * s[1] * s[2]).thenComparingInt(s -> -s[0]).thenComparingInt(s -> -s[1]));
        for (int[] s : shapes) {
            for (int base = 0; base < t.size(); base++) {
                int x0 = t.x(base);
                int y0 = t.y(base);
                int z0 = t.z(base);
                boolean fits = t.wraps()
                        ? (s[0] < nx || x0 == 0) && (s[1] < ny || y0 == 0) && (s[2] < nz || z0 == 0)
                        : x0 + s[0] <= nx && y0 + s[1] <= ny && z0 + s[2] <= nz;
                if (!fits) {
                    continue;
                }
                int[] box = new int[s[0] * s[1] * s[2]];
                int i = 0;
                boolean free = true;
                for (int dz = 0; dz < s[2]; dz++) {
                    for (int dy = 0; dy < s[1]; dy++) {
                        for (int dx = 0; dx < s[0]; dx++) {
                            box[i] = t.node((x0 + dx) % nx, (y0 + dy) % ny, (z0 + dz) % nz);
                            free &= m.isFree(box[i++]);
                        }
                    }
                }
                if (free) {
                    int[] chosen = Arrays.copyOf(box, k);
                    Arrays.sort(chosen);
                    return chosen;
                }
            }
        }
        return null;
    }
}
