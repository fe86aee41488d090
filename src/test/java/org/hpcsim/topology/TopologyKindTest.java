package org.hpcsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What each kind of machine answers to the questions callers ask instead of testing its class. */
class TopologyKindTest {

    @Test
    void aMeshIsItsOwnGridAndNetworkAndNoLine() {
        Topology mesh = Machines.parse("mesh:4x3x2");
        assertSame(mesh, mesh.grid().orElseThrow());
        assertSame(mesh, mesh.networkGrid().orElseThrow());
        assertTrue(mesh.line().isEmpty());
    }

    @Test
    void aTorusIsItsOwnGridAndNetworkAndNoLine() {
        Topology torus = Machines.parse("torus:4x3");
        assertSame(torus, torus.grid().orElseThrow());
        assertSame(torus, torus.networkGrid().orElseThrow());
        assertTrue(torus.networkGrid().orElseThrow().wraps());
        assertTrue(torus.line().isEmpty());
    }

    @Test
    void aLineHasNoGridAndItsNetworkIsTheMeshOfAllItsNodesComputeAndIo() {
        Topology line = Machines.parse("line:C3 IO C2 IO");
        assertTrue(line.grid().isEmpty());
        assertSame(line, line.line().orElseThrow());
        GridTopology net = line.networkGrid().orElseThrow();
        assertEquals("mesh:7x1", net.spec());
        assertFalse(net.wraps());
    }

    @Test
    void aBagOfNodesHasNoGridNoNetworkAndIsNoLine() {
        Topology simple = Machines.parse("simple:8");
        assertTrue(simple.grid().isEmpty());
        assertTrue(simple.networkGrid().isEmpty());
        assertTrue(simple.line().isEmpty());
    }
}
