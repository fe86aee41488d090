package org.hpcsim.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.TorusTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrafficCalculatorTest {
    @TempDir
    Path dir;

    /** Link load keyed by the link's two end nodes (lower id * size + higher id), independent of link ids. */
    private static Map<Long, Long> byEnds(LinkMap links, LinkLoad load) {
        Map<Long, Long> out = new TreeMap<>();
        for (int i = 0; i < load.size(); i++) {
            out.put(ends(links.grid(), links.from(load.links()[i]), links.to(load.links()[i])), load.weights()[i]);
        }
        return out;
    }

    private static long ends(GridTopology g, int a, int b) {
        return (long) Math.min(a, b) * g.size() + Math.max(a, b);
    }

    /** The reference: every flow walks GridTopology.route, each hop adding one to the pair of nodes it joins. */
    private static Map<Long, Long> bruteForce(GridTopology g, int[] nodes, List<int[]> flows) {
        Map<Long, Long> out = new TreeMap<>();
        for (int[] f : flows) {
            int[] path = g.route(nodes[f[0]], nodes[f[1]]);
            for (int i = 0; i + 1 < path.length; i++) {
                out.merge(ends(g, path[i], path[i + 1]), 1L, Long::sum);
            }
        }
        return out;
    }

    private static List<int[]> allPairs(int k) {
        List<int[]> flows = new ArrayList<>();
        for (int s = 0; s < k; s++) {
            for (int t = 0; t < k; t++) {
                if (s != t) {
                    flows.add(new int[] {s, t});
                }
            }
        }
        return flows;
    }

    private static List<int[]> ringPairs(int k) {
        LinkedHashSet<List<Integer>> set = new LinkedHashSet<>();
        for (int i = 0; k > 1 && i < k; i++) {
            set.add(List.of(i, (i + 1) % k));
            set.add(List.of((i + 1) % k, i));
        }
        return set.stream().map(p -> new int[] {p.get(0), p.get(1)}).toList();
    }

    /** Tasks at L1 distance 1 in the task grid, as SST's getCommWeight decides. */
    private static List<int[]> stencilPairs(int x, int y, int z) {
        List<int[]> flows = new ArrayList<>();
        int k = x * y * z;
        for (int s = 0; s < k; s++) {
            for (int t = 0; t < k; t++) {
                int d = Math.abs(s % x - t % x) + Math.abs(s / x % y - t / x % y) + Math.abs(s / (x * y) - t / (x * y));
                if (d == 1) {
                    flows.add(new int[] {s, t});
                }
            }
        }
        return flows;
    }

    private static int[] randomNodes(SplittableRandom r, int size, int k) {
        return r.ints(0, size).distinct().limit(k).sorted().toArray();
    }

    private static GridTopology randomGrid(SplittableRandom r) {
        int[] dims = new int[r.nextBoolean() ? 2 : 3];
        do {
            for (int d = 0; d < dims.length; d++) {
                // Extents 1 and 2 are the special cases, so they come up often.
                dims[d] = r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 1 + r.nextInt(dims.length == 2 ? 9 : 5);
            }
        } while (dims[0] * dims[1] * (dims.length == 3 ? dims[2] : 1) < 2);
        return r.nextBoolean() ? new MeshTopology(dims) : new TorusTopology(dims);
    }

    private void assertMatchesBruteForce(GridTopology g, int[] nodes, CommPattern pattern, List<int[]> flows) {
        LinkMap links = new LinkMap(g);
        LinkLoad load = new TrafficCalculator(links).compute(nodes, pattern);
        String what = g.spec() + " " + pattern + " on " + (nodes.length <= 40 ? Arrays.toString(nodes) : nodes.length + " nodes");
        Map<Long, Long> expected = bruteForce(g, nodes, flows);
        Map<Long, Long> actual = byEnds(links, load);
        if (!expected.equals(actual)) {
            Set<Long> pairs = new TreeSet<>(expected.keySet());
            pairs.addAll(actual.keySet());
            for (long pair : pairs) {
                assertEquals(expected.get(pair), actual.get(pair), what + ": link between nodes "
                        + pair / g.size() + " and " + pair % g.size());
            }
        }
        long hops = 0;
        for (int[] f : flows) {
            hops += g.distance(nodes[f[0]], nodes[f[1]]);
        }
        assertEquals(hops, load.hopBytes(), what);
        for (int i = 1; i < load.size(); i++) {
            assertTrue(load.links()[i - 1] < load.links()[i], what + ": sorted by link id");
        }
    }

    @Test
    void everyPatternMatchesWalkingEveryRouteOnHundredsOfRandomGrids() throws IOException {
        SplittableRandom r = new SplittableRandom(20240611);
        for (int trial = 0; trial < 400; trial++) {
            GridTopology g = randomGrid(r);
            int k = r.nextInt(g.size() + 1);
            int[] nodes = randomNodes(r, g.size(), k);
            assertMatchesBruteForce(g, nodes, CommPattern.allToAll(), allPairs(k));
            assertMatchesBruteForce(g, nodes, CommPattern.none(), List.of());
            assertMatchesBruteForce(g, nodes, CommPattern.ring(), ringPairs(k));
            if (k > 0) {
                int x = 1 + r.nextInt(k);
                while (k % x != 0) {
                    x--;
                }
                int y = 1 + r.nextInt(k / x);
                while (k / x % y != 0) {
                    y--;
                }
                int z = k / x / y;
                assertMatchesBruteForce(g, nodes, CommPattern.stencil(x, y, z), stencilPairs(x, y, z));
                CommPattern.Stencil cube = CommPattern.NearCubicStencil.grid(k);
                assertMatchesBruteForce(g, nodes, CommPattern.parse("stencil", dir),
                        stencilPairs(cube.x(), cube.y(), cube.z()));
                RandomGraph graph = randomGraph(r, k, dir.resolve("random" + trial + ".mtx"));
                assertMatchesBruteForce(g, nodes, graph.pattern(), graph.flows());
            }
        }
    }

    private record RandomGraph(CommPattern pattern, List<int[]> flows) {
    }

    /** A random graph on k tasks, written to {@code file} as a MatrixMarket file, and its flows. */
    private static RandomGraph randomGraph(SplittableRandom r, int k, Path file) throws IOException {
        boolean symmetric = r.nextBoolean();
        int entries = r.nextInt(2 * k + 1);
        StringBuilder text = new StringBuilder("%%MatrixMarket matrix coordinate pattern ")
                .append(symmetric ? "symmetric" : "general").append('\n').append(k).append(' ').append(k).append(' ')
                .append(entries).append('\n');
        LinkedHashSet<List<Integer>> set = new LinkedHashSet<>();
        for (int e = 0; e < entries; e++) {
            int i = r.nextInt(k);
            int j = r.nextInt(k);
            text.append(i + 1).append(' ').append(j + 1).append('\n');
            if (i != j) {
                set.add(List.of(i, j));
                if (symmetric) {
                    set.add(List.of(j, i));
                }
            }
        }
        return new RandomGraph(CommPattern.matrix(Files.writeString(file, text)),
                set.stream().map(p -> new int[] {p.get(0), p.get(1)}).toList());
    }

    @Test
    void allToAllMatchesBruteForceOnLargerJobs() {
        SplittableRandom r = new SplittableRandom(3);
        for (GridTopology g : new GridTopology[] {new MeshTopology(32, 32), new TorusTopology(10, 10, 10),
            new TorusTopology(9, 7, 4), new MeshTopology(7, 5, 8)}) {
            int[] nodes = randomNodes(r, g.size(), 250);
            assertMatchesBruteForce(g, nodes, CommPattern.allToAll(), allPairs(250));
        }
    }

    @Test
    void threeNodesInARowOfAMesh() {
        MeshTopology g = new MeshTopology(3, 1);
        LinkMap links = new LinkMap(g);
        TrafficCalculator calc = new TrafficCalculator(links);
        int[] nodes = {0, 1, 2};
        // Link 0-1 carries 0>1, 0>2, 1>0, 2>0; link 1-2 carries 0>2, 1>2, 2>1, 2>0.
        LinkLoad all = calc.compute(nodes, CommPattern.allToAll());
        assertArrayEquals(new int[] {0, 1}, all.links());
        assertArrayEquals(new long[] {4, 4}, all.weights());
        assertEquals(8, all.hopBytes());
        assertEquals(4, all.maxWeight());
        // The ring's closing pair 2<->0 goes through node 1 on a mesh.
        assertEquals(all, calc.compute(nodes, CommPattern.ring()));
        LinkLoad line = calc.compute(nodes, CommPattern.stencil(3, 1, 1));
        assertArrayEquals(new long[] {2, 2}, line.weights());
        LinkLoad ends = calc.compute(new int[] {0, 2}, CommPattern.allToAll());
        assertArrayEquals(new long[] {2, 2}, ends.weights());
    }

    @Test
    void aRingOfThreeOnATorusUsesTheWrapAroundLink() {
        TorusTopology g = new TorusTopology(3, 1);
        LinkMap links = new LinkMap(g);
        LinkLoad ring = new TrafficCalculator(links).compute(new int[] {0, 1, 2}, CommPattern.ring());
        assertArrayEquals(new int[] {0, 1, 2}, ring.links());
        assertArrayEquals(new long[] {2, 2, 2}, ring.weights());
        assertEquals("(2,0)-(0,0)", links.describe(2));
    }

    @Test
    void torusTiesGoThePositiveWayRound() {
        TorusTopology g = new TorusTopology(4, 1);
        LinkMap links = new LinkMap(g);
        // 0>2 crosses 0-1 and 1-2; 2>0 is also two hops either way and goes 2-3, 3-0.
        LinkLoad load = new TrafficCalculator(links).compute(new int[] {0, 2}, CommPattern.allToAll());
        assertArrayEquals(new int[] {0, 1, 2, 3}, load.links());
        assertArrayEquals(new long[] {1, 1, 1, 1}, load.weights());
        assertEquals(1, new TrafficCalculator(links).compute(new int[] {0, 3}, CommPattern.allToAll()).size());
    }

    @Test
    void extentTwoTorusLinkCarriesBothDirections() {
        TorusTopology g = new TorusTopology(2, 2);
        LinkMap links = new LinkMap(g);
        LinkLoad load = new TrafficCalculator(links).compute(new int[] {0, 1, 2, 3}, CommPattern.allToAll());
        assertEquals(4, links.size());
        // 12 flows: 8 of one hop, 4 of two; by symmetry each link carries a quarter of the 16 hops.
        assertArrayEquals(new long[] {4, 4, 4, 4}, load.weights());
    }

    @Test
    void jobsWithoutFlowsLoadNothing() {
        TrafficCalculator calc = new TrafficCalculator(new LinkMap(new MeshTopology(4, 4)));
        assertSame(LinkLoad.EMPTY, calc.compute(new int[0], CommPattern.allToAll()));
        assertSame(LinkLoad.EMPTY, calc.compute(new int[] {5}, CommPattern.allToAll()));
        assertSame(LinkLoad.EMPTY, calc.compute(new int[] {1, 5, 9}, CommPattern.none()));
        assertEquals(0, LinkLoad.EMPTY.maxWeight());
        assertEquals(0, LinkLoad.EMPTY.hopBytes());
    }

    @Test
    void stencilOfAnotherSizeThanTheAllocationIsRefused() {
        TrafficCalculator calc = new TrafficCalculator(new LinkMap(new MeshTopology(4, 4)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> calc.compute(new int[] {0, 1, 2}, CommPattern.stencil(2, 2, 1)));
        assertEquals("stencil 2x2x1 has 4 tasks, the job has 3", e.getMessage());
    }

    @Test
    void nodesMustBeAscendingDistinctAndOnTheMachine() {
        TrafficCalculator calc = new TrafficCalculator(new LinkMap(new MeshTopology(4, 4)));
        for (int[] bad : new int[][] {{2, 1}, {3, 3}, {-1, 2}, {0, 16}}) {
            assertThrows(IllegalArgumentException.class, () -> calc.compute(bad, CommPattern.allToAll()));
        }
    }

    @Test
    void linkLoadChecksItsArrays() {
        assertThrows(IllegalArgumentException.class, () -> new LinkLoad(new int[] {1}, new long[0]));
        assertThrows(IllegalArgumentException.class, () -> new LinkLoad(new int[] {2, 1}, new long[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> new LinkLoad(new int[] {1}, new long[] {0}));
        assertEquals(new LinkLoad(new int[] {1, 4}, new long[] {3, 7}), new LinkLoad(new int[] {1, 4}, new long[] {3, 7}));
        assertEquals("LinkLoad[1=3, 4=7]", new LinkLoad(new int[] {1, 4}, new long[] {3, 7}).toString());
    }

    @Test
    void aPatternSizedInProcessorsMapsSeveralTasksToANodeAndIntraNodeFlowsAreFree() {
        LinkMap links = new LinkMap(new MeshTopology(3, 1));
        TrafficCalculator calc = new TrafficCalculator(links);
        // Tasks 0,1 on node 0 and 2,3 on node 2: only 1 <-> 2 leave a node, over links 0-1 and 1-2.
        LinkLoad load = calc.compute(new int[] {0, 2}, CommPattern.stencil(4, 1, 1), 2);
        assertArrayEquals(new int[] {links.link(0, 0), links.link(1, 0)}, load.links());
        assertArrayEquals(new long[] {2, 2}, load.weights());
        assertEquals(calc.compute(new int[] {0, 2}, CommPattern.allToAll()),
                calc.compute(new int[] {0, 2}, CommPattern.allToAll(), 2), "all-to-all runs one task per node");
        assertThrows(IllegalArgumentException.class, () -> calc.compute(new int[] {0, 1, 2}, CommPattern.stencil(4, 1, 1), 2));
    }
}
