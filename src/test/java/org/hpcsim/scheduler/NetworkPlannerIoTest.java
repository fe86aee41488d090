package org.hpcsim.scheduler;

import org.hpcsim.protocol.NodeProtocol;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.file.Path;
import org.hpcsim.network.LinkMap;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.topology.MeshTopology;
import org.junit.jupiter.api.Test;

class NetworkPlannerIoTest {
    /** Places: C0 C1 C2 IO0(3) C3(4) C4(5) C5(6) IO1(7) C6(8) C7(9); link x joins places x and x + 1. */
    private static final LineTopology LINE = LineTopology.parse("C3 IO C3 IO C2");

    private static NetworkPlanner planner() {
        LinkMap links = new LinkMap(new MeshTopology(LINE.length(), 1));
        NetworkOptions options = new NetworkOptions(NetworkOptions.Model.LINKS, 0.3, NetworkOptions.Tau.ONE, 0,
                "all-to-all", false, 1);
        return new NetworkPlanner(options, LINE, links, Path.of("."), 1, true);
    }

    @Test
    void aLocalJobsStreamsLoadEachLinkWithTheNodesBehindItAndTheIoNodeWithAll() {
        NodeProtocol.IoPhases io = planner().io(new int[] {0, 1, 2}, 0, 5, 7);
        assertArrayEquals(new int[] {0, 1, 2, 9}, io.links(), "links 0-2, then I/O node 0's pseudo-link 9 + 0");
        assertArrayEquals(new long[] {1, 2, 3, 3}, io.weights());
    }

    @Test
    void aDistantIoNodesStreamsCrossEveryNodeBetween() {
        NodeProtocol.IoPhases io = planner().io(new int[] {0, 1}, 1, 5, 7);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 10}, io.links());
        assertArrayEquals(new long[] {1, 2, 2, 2, 2, 2, 2, 2}, io.weights());
    }

    @Test
    void streamsFromBothSidesOfTheIoNode() {
        NodeProtocol.IoPhases io = planner().io(new int[] {2, 3, 4}, 0, 5, 7);
        assertArrayEquals(new int[] {2, 3, 4, 9}, io.links());
        assertArrayEquals(new long[] {1, 2, 1, 3}, io.weights());
    }
}
