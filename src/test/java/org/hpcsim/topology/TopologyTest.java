package org.hpcsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TopologyTest {
    @Test
    void specsParseIntoTheirTopologies() {
        assertEquals(128, Machines.parse("simple:128").size());
        Topology m = Machines.parse("mesh:16x8");
        assertTrue(m instanceof MeshTopology);
        assertEquals("mesh:16x8", m.spec());
        Topology t = Machines.parse("torus:4x3x2");
        assertEquals(24, t.size());
        assertEquals("torus:4x3x2", t.spec());
    }

    @Test
    void badSpecsSayWhatIsExpected() {
        for (String bad : new String[] {"mesh:16x", "mesh:0x8", "ring:8", "simple:", "torus:2x2x2x2", "mesh:-1x4"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Machines.parse(bad));
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
    }

    @Test
    void nodeIdIsXPlusXTimesYPlusXYTimesZ() {
        MeshTopology m = new MeshTopology(4, 3, 2);
        int id = 1 + 4 * 2 + 4 * 3 * 1;
        assertEquals(1, m.x(id));
        assertEquals(2, m.y(id));
        assertEquals(1, m.z(id));
        assertEquals(id, m.node(1, 2, 1));
    }

    @Test
    void meshDistanceIsL1AndTorusDistanceWrapsAround() {
        MeshTopology mesh = new MeshTopology(8, 8);
        TorusTopology torus = new TorusTopology(8, 8);
        int a = mesh.node(0, 0, 0);
        int b = mesh.node(7, 6, 0);
        assertEquals(13, mesh.distance(a, b));
        assertEquals(1 + 2, torus.distance(a, b));
        assertFalse(new SimpleTopology(4).hasDistances());
    }

    @Test
    void pairwiseHopSumsEqualTheBruteForceSum() {
        SplittableRandom r = new SplittableRandom(5);
        for (GridTopology g : new GridTopology[] {new MeshTopology(16, 8), new TorusTopology(7, 5, 3),
            new MeshTopology(5, 4, 6), new TorusTopology(16, 8)}) {
            for (int trial = 0; trial < 50; trial++) {
                int k = 1 + r.nextInt(Math.min(40, g.size()));
                int[] nodes = r.ints(0, g.size()).distinct().limit(k).toArray();
                long brute = 0;
                for (int i = 0; i < nodes.length; i++) {
                    for (int j = i + 1; j < nodes.length; j++) {
                        brute += g.distance(nodes[i], nodes[j]);
                    }
                }
                assertEquals(brute, g.sumPairwiseHops(nodes), g.spec());
            }
        }
    }

    @Test
    void averagePairwiseHopsOfAFourNodeLineIsFiveThirds() {
        MeshTopology m = new MeshTopology(16, 8);
        assertEquals(5.0 / 3, m.averagePairwiseHops(new int[] {0, 1, 2, 3}), 1e-12);
        assertEquals(0.0, m.averagePairwiseHops(new int[] {5}));
    }

    @Test
    void meshRoutesCorrectXThenYThenZ() {
        MeshTopology m = new MeshTopology(4, 4, 2);
        int[] route = m.route(m.node(3, 0, 1), m.node(1, 2, 0));
        int[] expected = {m.node(3, 0, 1), m.node(2, 0, 1), m.node(1, 0, 1), m.node(1, 1, 1), m.node(1, 2, 1),
            m.node(1, 2, 0)};
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, route);
    }

    @Test
    void torusRoutesTakeTheShorterWayAndThePositiveWayOnATie() {
        TorusTopology t = new TorusTopology(6, 5);
        org.junit.jupiter.api.Assertions.assertArrayEquals(new int[] {t.node(1, 0, 0), t.node(0, 0, 0), t.node(5, 0, 0)},
                t.route(t.node(1, 0, 0), t.node(5, 0, 0)));
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new int[] {t.node(0, 0, 0), t.node(1, 0, 0), t.node(2, 0, 0), t.node(3, 0, 0)},
                t.route(t.node(0, 0, 0), t.node(3, 0, 0)));
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new int[] {t.node(0, 4, 0), t.node(0, 0, 0)}, t.route(t.node(0, 4, 0), t.node(0, 0, 0)));
    }

    @Test
    void everyRouteIsAShortestPathOfNeighbours() {
        for (GridTopology g : new GridTopology[] {new MeshTopology(5, 3, 2), new TorusTopology(4, 5, 3)}) {
            for (int a = 0; a < g.size(); a++) {
                for (int b = 0; b < g.size(); b++) {
                    int[] route = g.route(a, b);
                    assertEquals(g.distance(a, b) + 1, route.length);
                    assertEquals(a, route[0]);
                    assertEquals(b, route[route.length - 1]);
                    for (int i = 1; i < route.length; i++) {
                        assertEquals(1, g.distance(route[i - 1], route[i]));
                    }
                }
            }
        }
    }
}
