package org.hpcsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
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

    /** Tests or casts of a topology's class, which the methods above replace. */
    private static final Pattern KIND_TEST =
            Pattern.compile("instanceof\\s+(Grid|Mesh|Torus|Line|Simple)Topology\\b"
                    + "|\\((Grid|Mesh|Torus|Line|Simple)Topology\\)\\s*\\w");

    @Test
    void noMainClassTestsOrCastsTheKindOfATopology() throws IOException {
        List<String> hits;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            hits = files.filter(f -> f.toString().endsWith(".java")).flatMap(f -> {
                try {
                    List<String> lines = Files.readAllLines(f);
                    return IntStream.range(0, lines.size())
                            .filter(i -> KIND_TEST.matcher(lines.get(i)).find())
                            .mapToObj(i -> f + ":" + (i + 1) + ": " + lines.get(i).strip());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sorted().toList();
        }
        assertEquals(List.of(), hits);
    }
}
