package org.hpcsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineTopologyTest {

    @Test
    void computeNodesAreNumberedApartFromIoNodesAndGapsCountComputeNodesToTheLeft() {
        LineTopology line = LineTopology.parse("C8 IO C8 io C8");
        assertEquals(24, line.size());
        assertEquals(2, line.ioCount());
        assertEquals(26, line.length());
        assertEquals(8, line.gap(0));
        assertEquals(16, line.gap(1));
        assertEquals(8, line.ioPosition(0));
        assertEquals(9, line.position(8));
        assertEquals(18, line.position(16));
        assertEquals("line:C8 IO C8 IO C8", line.spec());
        assertEquals(2, line.distance(7, 8), "the I/O node between them is one more hop");
    }

    @Test
    void aRangeIsLocalWhenItsIoNodeIsAdjacentOrInside() {
        LineTopology line = LineTopology.parse("C4 IO C4");
        assertTrue(line.isLocal(2, 3, 0), "I/O node just right of the range");
        assertTrue(line.isLocal(4, 5, 0), "just left");
        assertTrue(line.isLocal(3, 4, 0), "inside");
        assertFalse(line.isLocal(0, 2, 0));
        assertFalse(line.isLocal(5, 7, 0));
        assertEquals(3, line.hullStart(3, 0));
        assertEquals(4, line.hullStart(4, 0), "the hull starts at the I/O node");
        assertEquals(6, line.hullEnd(5, 0));
    }

    @Test
    void severalIoNodesAtOneGapAndAtTheEnds() {
        LineTopology line = LineTopology.parse("IO C2 IO2 C2 IO");
        assertEquals(4, line.ioCount());
        assertEquals(0, line.gap(0));
        assertEquals(2, line.gap(1));
        assertEquals(2, line.gap(2));
        assertEquals(4, line.gap(3));
        assertEquals("IO C2 IO2 C2 IO", line.layout());
        assertEquals(2, line.nearestIo(2, 3), "the I/O node adjacent to the range, not the one behind it");
        assertEquals(LineTopology.parse("IO C2 IO IO C2 IO").layout(), LineTopology.withGaps(4, 0, 2, 2, 4).layout());
    }

    @Test
    void sumOfPairwiseHopsMatchesBruteForce() {
        LineTopology line = LineTopology.parse("C3 IO C5 IO2 C4");
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 200; trial++) {
            int k = 1 + random.nextInt(line.size());
            int[] nodes = random.ints(0, line.size()).distinct().limit(k).toArray();
            long brute = 0;
            for (int i = 0; i < nodes.length; i++) {
                for (int j = i + 1; j < nodes.length; j++) {
                    brute += line.distance(nodes[i], nodes[j]);
                }
            }
            assertEquals(brute, line.sumPairwiseHops(nodes));
        }
    }

    @Test
    void badLayoutsSayWhatWasExpected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LineTopology.parse("C4 X2"))
                .getMessage().contains("'X2'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LineTopology.parse("IO IO"))
                .getMessage().contains("at least one compute node"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LineTopology.parse("C0"))
                .getMessage().contains("counts go from 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Machines.parse("line:C4 IOx"))
                .getMessage().startsWith("bad machine spec 'line:C4 IOx'"));
    }

    @Test
    void machineSpecsReadALayoutInlineOrFromAFile(@TempDir Path dir) throws IOException {
        assertInstanceOf(LineTopology.class, Machines.parse("line:C8 IO C8"));
        Path file = dir.resolve("room.line");
        Files.writeString(file, "# rack 1\nC8 IO\n# rack 2\nC8\n");
        assertEquals("line:C8 IO C8", Machines.parse("line:@" + file).spec());
        assertEquals(dir.resolve("none") + ": line layout: no such file", assertThrows(InputException.class,
                () -> Machines.parse("line:@" + dir.resolve("none"))).getMessage());
    }
}
