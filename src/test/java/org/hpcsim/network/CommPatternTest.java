package org.hpcsim.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.testing.SharedData;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.SimTraceReader;
import org.hpcsim.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommPatternTest {
    @TempDir
    Path dir;

    static List<String> flows(CommPattern p, int tasks) {
        List<String> out = new ArrayList<>();
        p.forEachFlow(tasks, (s, t) -> out.add(s + ">" + t));
        return out;
    }

    private static Job job(String options) {
        return new Job(0, 7, 9, 0, 0, 1, 2, 4, 4, options, null, null);
    }

    private Path graph(String name) throws IOException {
        return Files.writeString(dir.resolve(name), "%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 2\n4 3\n");
    }

    @Test
    void allToAllHasEveryOrderedPairOfDistinctTasksOnce() {
        assertEquals(List.of("0>1", "0>2", "1>0", "1>2", "2>0", "2>1"), flows(CommPattern.allToAll(), 3));
        assertEquals(List.of(), flows(CommPattern.allToAll(), 1));
    }

    @Test
    void noneHasNoFlows() {
        assertEquals(List.of(), flows(CommPattern.none(), 5));
    }

    @Test
    void ringJoinsEachTaskToTheNextBothWaysCountingEachPairOnce() {
        assertEquals(List.of("0>1", "0>3", "1>0", "1>2", "2>1", "2>3", "3>0", "3>2"), flows(CommPattern.ring(), 4));
        assertEquals(List.of("0>1", "1>0"), flows(CommPattern.ring(), 2));
        assertEquals(List.of(), flows(CommPattern.ring(), 1));
        assertEquals(2 * 3, flows(CommPattern.ring(), 3).size());
    }

    @Test
    void stencilJoinsGridNeighboursBothWaysWithoutWrapping() {
        // Tasks of a 3x2 grid: 0 1 2 / 3 4 5.
        assertEquals(List.of("0>1", "0>3", "1>0", "1>2", "1>4", "2>1", "2>5",
                "3>0", "3>4", "4>1", "4>3", "4>5", "5>2", "5>4"), flows(CommPattern.stencil(3, 2, 1), 6));
        // z neighbours are x*y tasks apart.
        assertTrue(flows(CommPattern.stencil(2, 2, 2), 8).contains("1>5"));
        assertEquals(2 * (1 * 2 * 2 + 2 * 1 * 2 + 2 * 2 * 1), flows(CommPattern.stencil(2, 2, 2), 8).size());
    }

    @Test
    void stencilOfAnotherSizeThanTheJobIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CommPattern.stencil(4, 4, 2).forEachFlow(30, (s, t) -> { }));
        assertEquals("stencil 4x4x2 has 32 tasks, the job has 30", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CommPattern.stencil(0, 4, 1));
    }

    @Test
    void defaultStencilUsesTheMostCompactGridOfExactlyTheJobsTasks() {
        assertEquals(new CommPattern.Stencil(3, 2, 2), CommPattern.NearCubicStencil.grid(12));
        assertEquals(new CommPattern.Stencil(4, 4, 4), CommPattern.NearCubicStencil.grid(64));
        assertEquals(new CommPattern.Stencil(5, 3, 2), CommPattern.NearCubicStencil.grid(30));
        assertEquals(new CommPattern.Stencil(5, 5, 4), CommPattern.NearCubicStencil.grid(100));
        assertEquals(new CommPattern.Stencil(7, 1, 1), CommPattern.NearCubicStencil.grid(7));
        assertEquals(new CommPattern.Stencil(1, 1, 1), CommPattern.NearCubicStencil.grid(1));
        CommPattern stencil = CommPattern.parse("stencil", dir);
        assertEquals(flows(CommPattern.stencil(3, 2, 2), 12), flows(stencil, 12));
        assertEquals(flows(CommPattern.stencil(7, 1, 1), 7), flows(stencil, 7));
        assertEquals(List.of(), flows(stencil, 0));
    }

    @Test
    void configValuesNameAPatternOrAMatrixFile() throws IOException {
        assertEquals(CommPattern.allToAll(), CommPattern.parse("all-to-all", dir));
        assertEquals(CommPattern.none(), CommPattern.parse("none", dir));
        assertEquals(CommPattern.ring(), CommPattern.parse(" ring ", dir));
        assertEquals("stencil", CommPattern.parse("stencil", dir).toString());
        Path g = graph("g.mtx");
        assertSame(CommPattern.matrix(g), CommPattern.parse("g.mtx", dir));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CommPattern.parse("alltoall", dir));
        assertTrue(e.getMessage().contains("'alltoall'"), e.getMessage());
    }

    @Test
    void jobWithoutOptionsGetsTheDefault() {
        assertEquals(CommPattern.ring(), CommPattern.forJob(job(null), CommPattern.ring(), dir));
        assertEquals(CommPattern.allToAll(), CommPattern.forJob(job("phase CTH_16.phase"), CommPattern.allToAll(), dir));
    }

    @Test
    void meshOptionIsAStencilWithZOneWhenOmitted() {
        assertEquals(CommPattern.stencil(4, 4, 2), CommPattern.forJob(job("mesh 4 4 2"), CommPattern.none(), dir));
        assertEquals(CommPattern.stencil(4, 4, 1), CommPattern.forJob(job("mesh 4 4 center 3"), CommPattern.none(), dir));
        assertEquals(CommPattern.stencil(9, 8, 4), CommPattern.forJob(job("mesh 9 8 4 phase CTH_288.phase"), CommPattern.none(), dir));
    }

    @Test
    void commAndCoordOptionsAreTheMatrixResolvedInTheTraceDirectory() throws IOException {
        Path g = graph("g.mtx");
        assertSame(CommPattern.matrix(g), CommPattern.forJob(job("comm g.mtx"), CommPattern.none(), dir));
        assertSame(CommPattern.matrix(g), CommPattern.forJob(job("coord g.mtx g_coord.mtx center 37"), CommPattern.none(), dir));
        Files.createDirectory(dir.resolve("sub"));
        assertSame(CommPattern.matrix(g), CommPattern.forJob(job("comm ../g.mtx"), CommPattern.none(), dir.resolve("sub")));
    }

    @Test
    void lastCommunicationOptionWinsAsInSst() throws IOException {
        graph("g.mtx");
        assertEquals(CommPattern.stencil(2, 2, 1), CommPattern.forJob(job("comm g.mtx mesh 2 2"), CommPattern.none(), dir));
        assertTrue(CommPattern.forJob(job("mesh 2 2 comm g.mtx"), CommPattern.none(), dir) instanceof MatrixPattern);
    }

    @Test
    void badOptionsNameTheJobAndBadFilesNameTheFile() throws IOException {
        IllegalArgumentException mesh = assertThrows(IllegalArgumentException.class,
                () -> CommPattern.forJob(job("mesh 4"), CommPattern.none(), dir));
        assertTrue(mesh.getMessage().startsWith("job 7 (trace line 9): "), mesh.getMessage());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> CommPattern.forJob(job("mesh 0 4"), CommPattern.none(), dir));
        assertTrue(zero.getMessage().startsWith("job 7 (trace line 9): stencil extents"), zero.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> CommPattern.forJob(job("torus 4"), CommPattern.none(), dir));
        assertTrue(unknown.getMessage().contains("'torus'"), unknown.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> CommPattern.forJob(job("comm"), CommPattern.none(), dir));
        assertTrue(missing.getMessage().contains("'comm' needs an argument"), missing.getMessage());
        IllegalArgumentException absent = assertThrows(IllegalArgumentException.class,
                () -> CommPattern.forJob(job("comm nowhere.mtx"), CommPattern.none(), dir));
        assertEquals(dir.resolve("nowhere.mtx") + ": no such file", absent.getMessage());
        Files.writeString(dir.resolve("bad.mtx"), "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n3 1\n");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> CommPattern.forJob(job("comm bad.mtx"), CommPattern.none(), dir));
        assertEquals(dir.resolve("bad.mtx") + ":3: row: '3' is not an index in 1..2", bad.getMessage());
    }

    @Test
    void atlasTraceOptionsBecomeStencilsAndTheSphere3Graph() throws IOException {
        Path trace = SharedData.file("peer-data/sst/elements-final/simulations/test_scheduler_Atlas.sim");
        Map<String, Integer> kinds = new HashMap<>();
        try (SimTraceReader reader = new SimTraceReader(trace, WorkloadOptions.DEFAULTS)) {
            for (Job j = reader.next(); j != null; j = reader.next()) {
                CommPattern p = CommPattern.forJob(j, CommPattern.allToAll(), trace.getParent());
                kinds.merge(p.getClass().getSimpleName(), 1, Integer::sum);
                if (p instanceof CommPattern.Stencil s) {
                    assertEquals(j.procs(), s.tasks(), "line " + j.line());
                }
                if (p instanceof MatrixPattern m) {
                    assertEquals(j.procs(), m.tasks(), "line " + j.line());
                }
            }
        }
        assertEquals(Map.of("Stencil", 416, "MatrixPattern", 316 + 3, "AllToAll", 265), kinds);
    }
}
