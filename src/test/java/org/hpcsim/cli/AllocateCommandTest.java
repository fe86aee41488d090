package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllocateCommandTest {
    @TempDir
    Path dir;

    @Test
    void oneAllocationPrintsItsNodesCoordinatesAndLocalityAsJson() {
        Cli.Result r = Cli.run("allocate", "--topology", "mesh:4x4", "--busy", "0,1", "--size", "3",
                "--allocator", "sorted-free-list[row-major]");
        assertEquals(0, r.status(), r.err());
        assertEquals("{\"allocator\":\"sorted-free-list[row-major]\",\"nodes\":[2,3,4],\"coords\":[[2,0],[3,0],[0,1]],"
                + "\"pairwiseHopsSum\":8,\"avgPairwiseHops\":2.6666666666666665,\"span\":3,\"linearSpan\":3,"
                + "\"curve\":\"row-major\",\"boundingBox\":{\"sides\":[4,2],\"volume\":8,\"ratio\":2.6666666666666665,"
                + "\"dimSum\":6},\"components\":2}\n", r.out());
    }

    @Test
    void theCurveOptionFillsTheAllocatorsCurveAndTheSpan() {
        Cli.Result r = Cli.run("allocate", "--topology", "mesh:4x4", "--size", "4", "--allocator", "sorted-free-list",
                "--curve", "hilbert", "--format", "text");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("allocator          sorted-free-list[hilbert]\nnodes              0 1 4 5\n"),
                r.out());
        assertTrue(r.out().contains("components         1"), r.out());
    }

    @Test
    void busyNodesComeFromAFile() throws IOException {
        Path busy = dir.resolve("busy.txt");
        Files.writeString(busy, "0, 1 # first row\n2\n");
        Cli.Result r = Cli.run("allocate", "--topology", "mesh:3x3", "--busy-file", busy.toString(), "--size", "2",
                "--allocator", "sorted-free-list[row-major]");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"nodes\":[3,4]"), r.out());
        Files.writeString(busy, "0\nx1\n");
        r = Cli.run("allocate", "--topology", "mesh:3x3", "--busy-file", busy.toString(), "--size", "2");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("busy.txt:2"), r.err());
    }

    @Test
    void badInstancesExitWithStatusTwoAndSayWhy() {
        Cli.Result r = Cli.run("allocate", "--topology", "mesh:4x4", "--busy", "16", "--size", "2");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("busy node 16 is outside mesh:4x4"), r.err());
        r = Cli.run("allocate", "--topology", "mesh:4x4", "--size", "17");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("size must be from 1 to the 16 free nodes"), r.err());
        r = Cli.run("allocate", "--topology", "mesh:4x4", "--size", "2", "--allocator", "nearest");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("unknown allocator 'nearest'"), r.err());
    }

    @Test
    void aBatchAnswersEveryLineInOrderAndReportsBadLinesInPlace() throws IOException {
        Path batch = dir.resolve("batch.jsonl");
        Files.writeString(batch, String.join("\n",
                "{\"topology\":\"mesh:6x6\",\"busy\":[0,7],\"size\":2,\"allocator\":\"sorted-free-list[row-major]\"}",
                "{\"topology\":\"mesh:6x6\",\"size\":99}",
                "not json",
                "{\"topology\":\"torus:3x3\",\"size\":1,\"allocator\":\"sorted-free-list\",\"seed\":4}") + "\n");
        Cli.Result r = Cli.run("allocate", "--batch", batch.toString());
        assertEquals(2, r.status());
        String[] lines = r.out().split("\n");
        assertEquals(4, lines.length, r.out());
        assertTrue(lines[0].startsWith("{\"allocator\":\"sorted-free-list[row-major]\",\"nodes\":[1,2]"), lines[0]);
        assertTrue(lines[1].startsWith("{\"line\":2,\"error\":\"size must be"), lines[1]);
        assertTrue(lines[2].startsWith("{\"line\":3,\"error\":"), lines[2]);
        assertTrue(lines[3].contains("\"nodes\":[0]"), lines[3]);
        assertTrue(r.err().contains("2 instances failed"), r.err());
    }

    @Test
    void optimalOnAnEmpty12x12MeshReproducesBenderEtAlFigure2() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int k = 2; k <= 12; k++) {
            lines.append("{\"topology\":\"mesh:12x12\",\"size\":").append(k).append(",\"allocator\":\"optimal\"}\n");
        }
        Path batch = dir.resolve("fig2.jsonl");
        Files.writeString(batch, lines);
        Cli.Result r = Cli.run("allocate", "--batch", batch.toString());
        assertEquals(0, r.status(), r.err());
        long[] expected = {1, 4, 8, 16, 25, 38, 54, 72, 96, 124, 152};
        String[] out = r.out().split("\n");
        for (int i = 0; i < expected.length; i++) {
            assertTrue(out[i].contains("\"pairwiseHopsSum\":" + expected[i] + ","), out[i]);
        }
    }

    @Test
    void anOptimalInstanceBeyondItsLimitsIsRefusedWithTheLimitNamed() {
        Cli.Result r = Cli.run("allocate", "--topology", "mesh:12x12", "--size", "40", "--allocator", "optimal");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("exceeds its limit of 32"), r.err());
    }

    @Test
    void repeatTimesTheSameAllocationAndReportsTheMedianOnStderr() {
        Cli.Result once = Cli.run("allocate", "--topology", "mesh:8x8", "--busy", "9,10,11", "--size", "6",
                "--allocator", "mm");
        Cli.Result many = Cli.run("allocate", "--topology", "mesh:8x8", "--busy", "9,10,11", "--size", "6",
                "--allocator", "mm", "--repeat", "5");
        assertEquals(0, many.status(), many.err());
        assertEquals(once.out(), many.out());
        assertTrue(many.err().startsWith("5 calls: median "), many.err());
    }
}
