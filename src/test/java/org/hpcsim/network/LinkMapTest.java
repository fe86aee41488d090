package org.hpcsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.TorusTopology;
import org.junit.jupiter.api.Test;

class LinkMapTest {
    private static final GridTopology[] GRIDS = {
        new MeshTopology(4, 3), new MeshTopology(1, 5), new MeshTopology(3, 1, 4), new MeshTopology(2, 2, 2),
        new MeshTopology(5, 4, 3), new TorusTopology(4, 3), new TorusTopology(2, 5), new TorusTopology(2, 2, 2),
        new TorusTopology(1, 3, 2), new TorusTopology(5, 4, 3), new TorusTopology(3, 3, 3),
    };

    @Test
    void meshHasOneLinkPerPairOfNeighbours() {
        assertEquals(3 * 3 + 4 * 2, new LinkMap(new MeshTopology(4, 3)).size());
        assertEquals(4 * (4 * 2) + 3 * (5 * 2) + 1 * (5 * 4), new LinkMap(new MeshTopology(5, 4, 2)).size());
        assertEquals(0, new LinkMap(new MeshTopology(1, 1)).size());
    }

    @Test
    void torusAddsTheWrapAroundLinkExceptAtExtentTwoAndOne() {
        assertEquals(12 + 12, new LinkMap(new TorusTopology(4, 3)).size());
        // Extent 2: one link per line, not two parallel ones.
        assertEquals(5 + 2 * 5, new LinkMap(new TorusTopology(2, 5)).size());
        assertEquals(3 * 4, new LinkMap(new TorusTopology(2, 2, 2)).size());
        assertEquals(0 + 6 + 3, new LinkMap(new TorusTopology(1, 3, 2)).size());
    }

    @Test
    void everyLinkJoinsNeighboursAndIsFoundFromItsLowerEnd() {
        for (GridTopology g : GRIDS) {
            LinkMap links = new LinkMap(g);
            Set<Long> pairs = new HashSet<>();
            for (int link = 0; link < links.size(); link++) {
                int from = links.from(link);
                int to = links.to(link);
                int d = links.dim(link);
                assertEquals(1, g.distance(from, to), g.spec() + " link " + link);
                assertEquals(Math.floorMod(g.coordinate(from, d) + 1, g.extent(d)), g.coordinate(to, d));
                assertEquals(link, links.link(from, d), g.spec() + " link " + link);
                assertTrue(pairs.add((long) Math.min(from, to) * g.size() + Math.max(from, to)),
                        g.spec() + ": two links join the same nodes");
            }
        }
    }

    @Test
    void linkAnswersEveryNodeWithANeighbourAndMinusOneOtherwise() {
        for (GridTopology g : GRIDS) {
            LinkMap links = new LinkMap(g);
            Set<Integer> seen = new HashSet<>();
            for (int node = 0; node < g.size(); node++) {
                for (int d = 0; d < 3; d++) {
                    int n = g.extent(d);
                    int c = g.coordinate(node, d);
                    int link = links.link(node, d);
                    boolean hasNeighbour = n > 1 && (g.wraps() || c < n - 1);
                    assertEquals(hasNeighbour, link >= 0, g.spec() + " node " + node + " dim " + d);
                    if (link >= 0) {
                        assertEquals(d, links.dim(link));
                        int other = c == links.grid().coordinate(links.from(link), d) ? links.to(link) : links.from(link);
                        assertEquals(Math.floorMod(c + 1, n), g.coordinate(other, d));
                        seen.add(link);
                    }
                }
            }
            assertEquals(links.size(), seen.size(), g.spec() + ": ids are dense");
        }
    }

    @Test
    void bothNodesOfAnExtentTwoTorusLineShareItsOneLink() {
        TorusTopology g = new TorusTopology(2, 3);
        LinkMap links = new LinkMap(g);
        int link = links.link(g.node(0, 1, 0), 0);
        assertEquals(link, links.link(g.node(1, 1, 0), 0));
        assertEquals(g.node(0, 1, 0), links.from(link));
        assertEquals(g.node(1, 1, 0), links.to(link));
    }

    @Test
    void idsRunDimensionByDimensionThenLineThenPosition() {
        MeshTopology g = new MeshTopology(3, 2, 2);
        LinkMap links = new LinkMap(g);
        assertEquals(0, links.link(g.node(0, 0, 0), 0));
        assertEquals(1, links.link(g.node(1, 0, 0), 0));
        assertEquals(2, links.link(g.node(0, 1, 0), 0));
        assertEquals(8, links.link(g.node(0, 0, 0), 1));
        assertEquals(9, links.link(g.node(1, 0, 0), 1));
        assertEquals(8 + 6, links.link(g.node(0, 0, 0), 2));
        assertEquals(8 + 6 + 6, links.size());
    }

    @Test
    void describeGivesBothEndsAsCoordinates() {
        MeshTopology mesh = new MeshTopology(5, 2, 2);
        LinkMap links = new LinkMap(mesh);
        assertEquals("(3,0,0)-(4,0,0)", links.describe(links.link(mesh.node(3, 0, 0), 0)));
        assertEquals("(1,0,0)-(1,0,1)", links.describe(links.link(mesh.node(1, 0, 0), 2)));
        TorusTopology torus = new TorusTopology(4, 3);
        LinkMap ring = new LinkMap(torus);
        assertEquals("(3,2)-(0,2)", ring.describe(ring.link(torus.node(3, 2, 0), 0)));
    }

    @Test
    void betweenFindsTheLinkOfEveryPairOfNeighboursInEitherOrder() {
        for (GridTopology g : GRIDS) {
            LinkMap links = new LinkMap(g);
            for (int link = 0; link < links.size(); link++) {
                assertEquals(link, links.between(links.from(link), links.to(link)), g.spec() + " link " + link);
                assertEquals(link, links.between(links.to(link), links.from(link)), g.spec() + " link " + link);
            }
            for (int a = 0; a < g.size(); a++) {
                for (int b = 0; b < g.size(); b++) {
                    assertEquals(g.distance(a, b) == 1, links.between(a, b) >= 0, g.spec() + " nodes " + a + ", " + b);
                }
            }
        }
    }

    @Test
    void betweenNamesMeshTorusAndExtentTwoLinksAndAnswersMinusOneForNonNeighbours() {
        MeshTopology mesh = new MeshTopology(4, 3);
        LinkMap meshLinks = new LinkMap(mesh);
        assertEquals("(2,1)-(3,1)", meshLinks.describe(meshLinks.between(mesh.node(3, 1, 0), mesh.node(2, 1, 0))));
        assertEquals(-1, meshLinks.between(mesh.node(3, 1, 0), mesh.node(0, 1, 0)), "no wrap-around on a mesh");
        assertEquals(-1, meshLinks.between(mesh.node(1, 1, 0), mesh.node(2, 2, 0)), "diagonal");
        assertEquals(-1, meshLinks.between(mesh.node(0, 0, 0), mesh.node(2, 0, 0)), "two hops");
        assertEquals(-1, meshLinks.between(5, 5), "a node is not its own neighbour");

        TorusTopology torus = new TorusTopology(4, 3);
        LinkMap torusLinks = new LinkMap(torus);
        assertEquals("(3,2)-(0,2)", torusLinks.describe(torusLinks.between(torus.node(0, 2, 0), torus.node(3, 2, 0))));
        assertEquals("(0,2)-(0,0)", torusLinks.describe(torusLinks.between(torus.node(0, 0, 0), torus.node(0, 2, 0))));
        assertEquals(-1, torusLinks.between(torus.node(0, 0, 0), torus.node(2, 0, 0)));

        TorusTopology pair = new TorusTopology(2, 5);
        LinkMap pairLinks = new LinkMap(pair);
        int link = pairLinks.between(pair.node(1, 3, 0), pair.node(0, 3, 0));
        assertEquals(link, pairLinks.between(pair.node(0, 3, 0), pair.node(1, 3, 0)));
        assertEquals(link, pairLinks.link(pair.node(1, 3, 0), 0), "extent 2: the line's one link");

        assertThrows(IllegalArgumentException.class, () -> meshLinks.between(0, mesh.size()));
        assertThrows(IllegalArgumentException.class, () -> meshLinks.between(-1, 0));
    }

    @Test
    void unknownLinkIdsAreRefused() {
        LinkMap links = new LinkMap(new MeshTopology(3, 3));
        assertThrows(IllegalArgumentException.class, () -> links.from(links.size()));
        assertThrows(IllegalArgumentException.class, () -> links.dim(-1));
    }
}
