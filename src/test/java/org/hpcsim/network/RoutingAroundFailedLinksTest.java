package org.hpcsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.TorusTopology;
import org.junit.jupiter.api.Test;

class RoutingAroundFailedLinksTest {
    /** A pair of nodes, lower id first, as one number: how the reference names a link. */
    private static long ends(GridTopology g, int a, int b) {
        return (long) Math.min(a, b) * g.size() + Math.max(a, b);
    }

    /** Link load keyed by the link's ends, independent of link ids. */
    private static Map<Long, Long> byEnds(LinkMap links, LinkLoad load) {
        Map<Long, Long> out = new TreeMap<>();
        for (int i = 0; i < load.size(); i++) {
            out.put(ends(links.grid(), links.from(load.links()[i]), links.to(load.links()[i])), load.weights()[i]);
        }
        return out;
    }

    private static Set<Long> downEnds(LinkMap links, FailedLinks failed) {
        Set<Long> down = new HashSet<>();
        for (int link : failed.ids()) {
            down.add(ends(links.grid(), links.from(link), links.to(link)));
        }
        return down;
    }

    /**
     * The reference search: parent of each node in the breadth-first tree from {@code source}, neighbours
     * tried +x, -x, +y, -y, +z, -z, -1 for nodes not reached.
     */
    private static int[] searchTree(GridTopology g, Set<Long> down, int source) {
        int[] parent = new int[g.size()];
        Arrays.fill(parent, -1);
        parent[source] = source;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(source));
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int d = 0; d < 3; d++) {
                for (int step : new int[] {1, -1}) {
                    int[] c = {g.x(u), g.y(u), g.z(u)};
                    c[d] += step;
                    if (g.wraps()) {
                        c[d] = Math.floorMod(c[d], g.extent(d));
                    } else if (c[d] < 0 || c[d] >= g.extent(d)) {
                        continue;
                    }
                    int v = g.node(c[0], c[1], c[2]);
                    if (v != u && parent[v] < 0 && !down.contains(ends(g, u, v))) {
                        parent[v] = u;
                        queue.add(v);
                    }
                }
            }
        }
        return parent;
    }

    /**
     * The reference router: every flow (a pair of nodes) walks GridTopology.route if no hop of it is
     * down, else climbs the search tree from its destination. Null when some flow has no route.
     */
    private static Map<Long, Long> reference(GridTopology g, Set<Long> down, List<int[]> flows) {
        Map<Long, Long> out = new TreeMap<>();
        for (int[] f : flows) {
            int[] path = g.route(f[0], f[1]);
            boolean blocked = false;
            for (int i = 0; i + 1 < path.length; i++) {
                blocked |= down.contains(ends(g, path[i], path[i + 1]));
            }
            if (blocked) {
                int[] parent = searchTree(g, down, f[0]);
                if (parent[f[1]] < 0) {
                    return null;
                }
                List<Integer> back = new ArrayList<>();
                for (int at = f[1]; at != f[0]; at = parent[at]) {
                    back.add(at);
                }
                back.add(f[0]);
                path = back.stream().mapToInt(Integer::intValue).toArray();
            }
            for (int i = 0; i + 1 < path.length; i++) {
                out.merge(ends(g, path[i], path[i + 1]), 1L, Long::sum);
            }
        }
        return out;
    }

    /** The first flow, by (source, destination), that the search trees leave unrouted; null if none. */
    private static int[] firstUnrouted(GridTopology g, Set<Long> down, List<int[]> flows) {
        return flows.stream().sorted(Comparator.<int[]>comparingInt(f -> f[0]).thenComparingInt(f -> f[1]))
                .filter(f -> searchTree(g, down, f[0])[f[1]] < 0).findFirst().orElse(null);
    }

    private static List<int[]> allPairs(int[] nodes) {
        List<int[]> flows = new ArrayList<>();
        for (int a : nodes) {
            for (int b : nodes) {
                if (a != b) {
                    flows.add(new int[] {a, b});
                }
            }
        }
        return flows;
    }

    private static List<int[]> ringPairs(int[] nodes) {
        Set<List<Integer>> set = new HashSet<>();
        for (int i = 0; nodes.length > 1 && i < nodes.length; i++) {
            int next = nodes[(i + 1) % nodes.length];
            set.add(List.of(nodes[i], next));
            set.add(List.of(next, nodes[i]));
        }
        return set.stream().map(p -> new int[] {p.get(0), p.get(1)}).toList();
    }

    /** Flows between tasks at L1 distance 1 in an x*y*z task grid, task i on node nodes[i / perNode], minus those within a node. */
    private static List<int[]> stencilPairs(int[] nodes, int x, int y, int z, int perNode) {
        List<int[]> flows = new ArrayList<>();
        int k = x * y * z;
        for (int s = 0; s < k; s++) {
            for (int t = 0; t < k; t++) {
                int d = Math.abs(s % x - t % x) + Math.abs(s / x % y - t / x % y) + Math.abs(s / (x * y) - t / (x * y));
                if (d == 1 && nodes[s / perNode] != nodes[t / perNode]) {
                    flows.add(new int[] {nodes[s / perNode], nodes[t / perNode]});
                }
            }
        }
        return flows;
    }

    private static GridTopology randomGrid(SplittableRandom r) {
        int[] dims = new int[r.nextBoolean() ? 2 : 3];
        do {
            for (int d = 0; d < dims.length; d++) {
                // Extents 1 and 2 are the special cases, so they come up often.
                dims[d] = r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 1 + r.nextInt(dims.length == 2 ? 8 : 5);
            }
        } while (dims[0] * dims[1] * (dims.length == 3 ? dims[2] : 1) < 2);
        return r.nextBoolean() ? new MeshTopology(dims) : new TorusTopology(dims);
    }

    private static int[] randomNodes(SplittableRandom r, int size, int k) {
        return r.ints(0, size).distinct().limit(k).sorted().toArray();
    }

    /** Checks one pattern's load against the reference: equal loads, or the same first flow without a route. */
    private static void assertMatchesReference(LinkMap links, FailedLinks failed, int[] nodes, CommPattern pattern,
            int perNode, List<int[]> flows) {
        GridTopology g = links.grid();
        Set<Long> down = downEnds(links, failed);
        String what = g.spec() + " " + pattern + " x" + perNode + " on " + Arrays.toString(nodes) + " with " + failed;
        TrafficCalculator calc = new TrafficCalculator(links);
        Map<Long, Long> expected = reference(g, down, flows);
        if (expected == null) {
            int[] first = firstUnrouted(g, down, flows);
            NoRouteException e = assertThrows(NoRouteException.class,
                    () -> calc.compute(nodes, pattern, perNode, failed), what);
            assertEquals(first[0], e.from(), what);
            assertEquals(first[1], e.to(), what);
            return;
        }
        LinkLoad load = calc.compute(nodes, pattern, perNode, failed);
        assertEquals(expected, byEnds(links, load), what);
        for (int link : load.links()) {
            assertFalse(failed.isDown(link), what + ": load on failed link " + links.describe(link));
        }
    }

    @Test
    void withNoFailedLinksTheLoadIsTheDimensionOrderOne() {
        SplittableRandom r = new SplittableRandom(7);
        for (GridTopology g : new GridTopology[] {new MeshTopology(6, 5), new MeshTopology(4, 3, 5), new TorusTopology(7, 4),
            new TorusTopology(5, 2, 3), new TorusTopology(2, 2, 2), new MeshTopology(1, 9), new TorusTopology(6, 1, 4)}) {
            LinkMap links = new LinkMap(g);
            TrafficCalculator calc = new TrafficCalculator(links);
            FailedLinks none = new FailedLinks(links);
            for (int trial = 0; trial < 20; trial++) {
                int k = r.nextInt(g.size() + 1);
                int[] nodes = randomNodes(r, g.size(), k);
                for (CommPattern p : new CommPattern[] {CommPattern.allToAll(), CommPattern.ring(), CommPattern.none()}) {
                    LinkLoad load = calc.compute(nodes, p);
                    assertEquals(load, calc.compute(nodes, p, 1, null), g.spec() + " " + p);
                    assertEquals(load, calc.compute(nodes, p, 1, none), g.spec() + " " + p);
                }
                if (k > 0) {
                    assertEquals(calc.compute(nodes, CommPattern.stencil(k, 1, 1)),
                            calc.compute(nodes, CommPattern.stencil(k, 1, 1), 1, none), g.spec());
                    assertEquals(calc.compute(nodes, CommPattern.stencil(2, k, 1), 2),
                            calc.compute(nodes, CommPattern.stencil(2, k, 1), 2, none), g.spec());
                }
            }
        }
    }

    @Test
    void everyFlowKeepsItsRouteOrTakesItsSearchTreePathOnHundredsOfRandomGridsWithFailedLinks() {
        SplittableRandom r = new SplittableRandom(20240612);
        int partitioned = 0;
        for (int trial = 0; trial < 400; trial++) {
            GridTopology g = randomGrid(r);
            LinkMap links = new LinkMap(g);
            FailedLinks failed = new FailedLinks(links);
            double p = new double[] {0.03, 0.1, 0.25}[r.nextInt(3)];
            for (int link = 0; link < links.size(); link++) {
                if (r.nextDouble() < p) {
                    failed.fail(link);
                }
            }
            int[] nodes = randomNodes(r, g.size(), r.nextInt(g.size() + 1));
            int k = nodes.length;
            List<int[]> all = allPairs(nodes);
            assertMatchesReference(links, failed, nodes, CommPattern.allToAll(), 1, all);
            assertMatchesReference(links, failed, nodes, CommPattern.ring(), 1, ringPairs(nodes));
            if (k > 0) {
                assertMatchesReference(links, failed, nodes, CommPattern.stencil(1, k, 1), 1, stencilPairs(nodes, 1, k, 1, 1));
                assertMatchesReference(links, failed, nodes, CommPattern.stencil(2, k, 1), 2, stencilPairs(nodes, 2, k, 1, 2));
            }
            boolean connected = firstUnrouted(g, downEnds(links, failed), all) == null;
            assertEquals(connected, new TrafficCalculator(links).connected(nodes, failed), g.spec() + " " + failed);
            partitioned += connected ? 0 : 1;
        }
        assertTrue(partitioned > 20 && partitioned < 300, partitioned + " of 400 jobs cut apart: both cases tested");
    }

    @Test
    void allToAllMatchesTheReferenceOnLargerJobsWithAFewFailedLinks() {
        SplittableRandom r = new SplittableRandom(11);
        for (GridTopology g : new GridTopology[] {new TorusTopology(8, 8, 8), new MeshTopology(12, 12), new TorusTopology(9, 7, 4),
            new MeshTopology(7, 5, 6)}) {
            LinkMap links = new LinkMap(g);
            FailedLinks failed = new FailedLinks(links);
            for (int f = 0; f < 4; f++) {
                failed.fail(r.nextInt(links.size()));
            }
            int[] nodes = randomNodes(r, g.size(), 120);
            assertMatchesReference(links, failed, nodes, CommPattern.allToAll(), 1, allPairs(nodes));
        }
    }

    @Test
    void flowsAvoidAFailedLinkOnAMesh() {
        // 3 4 5
        // 0 1 2    with 0-1 down
        MeshTopology g = new MeshTopology(3, 2);
        LinkMap links = new LinkMap(g);
        FailedLinks failed = new FailedLinks(links);
        failed.fail(links.between(0, 1));
        LinkLoad load = new TrafficCalculator(links).compute(new int[] {0, 2}, CommPattern.ring(), 1, failed);
        // Both ways round the failure are 4 hops; each search tree takes its first-found parents:
        // from 0, node 2 is found from 5 (queue 3, 4, 5, 1); from 2, node 0 is found from 3 (queue 1, 5, 4, 3).
        Map<Long, Long> expected = new TreeMap<>(Map.of(ends(g, 0, 3), 2L, ends(g, 3, 4), 2L, ends(g, 4, 5), 1L,
                ends(g, 5, 2), 1L, ends(g, 1, 2), 1L, ends(g, 1, 4), 1L));
        assertEquals(expected, byEnds(links, load));
        assertEquals(8, load.hopBytes());
    }

    @Test
    void flowsGoTheLongWayRoundATorusRingWhoseDirectLinkFailed() {
        TorusTopology ring = new TorusTopology(5, 1);
        LinkMap links = new LinkMap(ring);
        FailedLinks failed = new FailedLinks(links);
        failed.fail(links.between(0, 1));
        LinkLoad load = new TrafficCalculator(links).compute(new int[] {0, 1}, CommPattern.allToAll(), 1, failed);
        assertEquals(Map.of(ends(ring, 0, 4), 2L, ends(ring, 3, 4), 2L, ends(ring, 2, 3), 2L, ends(ring, 1, 2), 2L),
                byEnds(links, load));

        // Extent 2: the one link of the x line is down, so 0 reaches 1 through the other line.
        TorusTopology square = new TorusTopology(2, 2);
        LinkMap squareLinks = new LinkMap(square);
        FailedLinks cut = new FailedLinks(squareLinks);
        cut.fail(squareLinks.between(1, 0));
        LinkLoad around = new TrafficCalculator(squareLinks).compute(new int[] {0, 1}, CommPattern.ring(), 1, cut);
        assertEquals(Map.of(ends(square, 0, 2), 2L, ends(square, 2, 3), 2L, ends(square, 1, 3), 2L),
                byEnds(squareLinks, around));
    }

    @Test
    void aDetourIsAsLongAsTheShortestWorkingPath() {
        SplittableRandom r = new SplittableRandom(5);
        for (GridTopology g : new GridTopology[] {new MeshTopology(6, 6, 3), new TorusTopology(6, 5, 4), new TorusTopology(2, 7)}) {
            LinkMap links = new LinkMap(g);
            TrafficCalculator calc = new TrafficCalculator(links);
            FailedLinks failed = new FailedLinks(links);
            for (int f = 0; f < links.size() / 6; f++) {
                failed.fail(r.nextInt(links.size()));
            }
            Set<Long> down = downEnds(links, failed);
            int detoured = 0;
            for (int trial = 0; trial < 200; trial++) {
                int[] pair = randomNodes(r, g.size(), 2);
                int[] parent = searchTree(g, down, pair[0]);
                if (parent[pair[1]] < 0) {
                    continue;
                }
                int hops = 0;
                for (int at = pair[1]; at != pair[0]; at = parent[at]) {
                    hops++;
                }
                // The pair's two flows: a shortest path is as long either way.
                LinkLoad load = calc.compute(pair, CommPattern.ring(), 1, failed);
                assertEquals(2L * hops, load.hopBytes(), g.spec() + " " + Arrays.toString(pair) + " with " + failed);
                detoured += hops > g.distance(pair[0], pair[1]) ? 1 : 0;
            }
            assertTrue(detoured > 0, g.spec() + ": some flow detoured");
        }
    }

    @Test
    void failingEveryLinkOfANodeCutsItOffAndTheErrorNamesTheFlow() {
        for (GridTopology g : new GridTopology[] {new MeshTopology(4, 4), new TorusTopology(4, 4, 3)}) {
            LinkMap links = new LinkMap(g);
            TrafficCalculator calc = new TrafficCalculator(links);
            FailedLinks failed = new FailedLinks(links);
            int island = g.node(1, 1, 0);
            for (int other = 0; other < g.size(); other++) {
                int link = links.between(island, other);
                if (link >= 0) {
                    failed.fail(link);
                }
            }
            int[] job = {0, island, 10};
            for (CommPattern p : new CommPattern[] {CommPattern.allToAll(), CommPattern.ring()}) {
                NoRouteException e = assertThrows(NoRouteException.class, () -> calc.compute(job, p, 1, failed));
                assertEquals(0, e.from(), g.spec() + " " + p);
                assertEquals(island, e.to(), g.spec() + " " + p);
                assertEquals("no route from node 0 to node 5: failed links partition the network", e.getMessage());
            }
            assertFalse(calc.connected(job, failed));
            int[] others = {0, 10, 15};
            assertTrue(calc.connected(others, failed));
            assertEquals(calc.compute(others, CommPattern.allToAll(), 1, failed).hopBytes(),
                    calc.compute(others, CommPattern.ring(), 1, failed).hopBytes(), "3 tasks: the ring is all pairs");
            assertEquals(0, calc.compute(job, CommPattern.none(), 1, failed).size(), "no flows, nothing to route");
        }
    }

    /**
     * One calculator reuses its tally of touched links from job to job: whatever came before (small
     * and machine-wide jobs, detours, a computation that threw), each load is a fresh calculator's.
     */
    @Test
    void aCalculatorReusedAcrossJobsAndFailuresGivesWhatAFreshOneGives() {
        SplittableRandom r = new SplittableRandom(77);
        TorusTopology g = new TorusTopology(6, 5, 4);
        LinkMap links = new LinkMap(g);
        TrafficCalculator reused = new TrafficCalculator(links);
        FailedLinks failed = new FailedLinks(links);
        int threw = 0;
        for (int trial = 0; trial < 300; trial++) {
            int change = r.nextInt(8);
            if (change == 0) {
                int island = r.nextInt(g.size());
                for (int other = 0; other < g.size(); other++) {
                    if (links.between(island, other) >= 0) {
                        failed.fail(links.between(island, other));
                    }
                }
            } else if (change == 1) {
                for (int link = 0; link < links.size(); link++) {
                    if (failed.isDown(link)) {
                        failed.repair(link);
                    }
                }
            } else {
                failed.fail(r.nextInt(links.size()));
            }
            int k = r.nextInt(10) == 0 ? g.size() : 1 + r.nextInt(12);
            int[] nodes = randomNodes(r, g.size(), k);
            CommPattern p = r.nextBoolean() ? CommPattern.allToAll() : CommPattern.ring();
            LinkLoad expected;
            try {
                expected = new TrafficCalculator(links).compute(nodes, p, 1, failed);
            } catch (NoRouteException e) {
                assertThrows(NoRouteException.class, () -> reused.compute(nodes, p, 1, failed));
                threw++;
                continue;
            }
            assertEquals(expected, reused.compute(nodes, p, 1, failed), "trial " + trial);
        }
        assertTrue(threw > 0 && threw < 250, "some computations threw, most did not: " + threw);
    }

    @Test
    void repairingTheFailedLinksRestoresTheOriginalLoads() {
        TorusTopology g = new TorusTopology(6, 6, 3);
        LinkMap links = new LinkMap(g);
        TrafficCalculator calc = new TrafficCalculator(links);
        int[] nodes = randomNodes(new SplittableRandom(9), g.size(), 40);
        FailedLinks failed = new FailedLinks(links);
        for (CommPattern p : new CommPattern[] {CommPattern.allToAll(), CommPattern.ring()}) {
            LinkLoad before = calc.compute(nodes, p);
            int[] busiest = {before.links()[0], before.links()[before.size() / 2]};
            for (int link : busiest) {
                failed.fail(link);
            }
            LinkLoad during = calc.compute(nodes, p, 1, failed);
            assertNotEquals(before, during, p.toString());
            assertTrue(before.hopBytes() <= during.hopBytes(), "detours are no shorter");
            for (int link : busiest) {
                failed.repair(link);
            }
            assertEquals(before, calc.compute(nodes, p, 1, failed), p.toString());
        }
    }

    @Test
    void failedLinksOfAnotherGridAreRefused() {
        TrafficCalculator calc = new TrafficCalculator(new LinkMap(new MeshTopology(4, 3)));
        FailedLinks other = new FailedLinks(new LinkMap(new MeshTopology(3, 4)));
        other.fail(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> calc.compute(new int[] {0, 1}, CommPattern.allToAll(), 1, other));
        assertEquals("failed links of mesh:3x4 on mesh:4x3", e.getMessage());
        FailedLinks same = new FailedLinks(new LinkMap(new MeshTopology(4, 3)));
        same.fail(0);
        // 0 and 1 are joined by link 0; with it down each way goes round by 4, 5: 3 hops.
        assertEquals(6, calc.compute(new int[] {0, 1}, CommPattern.allToAll(), 1, same).hopBytes(),
                "another map of the same grid will do");
    }
}
