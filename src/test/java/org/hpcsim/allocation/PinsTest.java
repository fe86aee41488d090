package org.hpcsim.allocation;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PinsTest {
    @TempDir
    Path dir;

    @Test
    void aPinFileMapsJobIdsToSortedNodes() throws IOException {
        Path f = dir.resolve("pins.txt");
        Files.writeString(f, "# hand placement\n1: 5,3 4\n\n7: 0\n");
        Map<Long, int[]> pins = Pins.read(f, 8);
        assertArrayEquals(new int[] {3, 4, 5}, pins.get(1L));
        assertArrayEquals(new int[] {0}, pins.get(7L));
    }

    @Test
    void badLinesNameTheirLineAndField() throws IOException {
        Path f = dir.resolve("pins.txt");
        for (String[] bad : new String[][] {{"1 2,3\n", "line"}, {"x: 1\n", "jobid"}, {"1: 1,9\n", "nodes"},
            {"1: 1,1\n", "nodes"}, {"1: 2\n1: 3\n", "jobid"}, {"1:\n", "nodes"}}) {
            Files.writeString(f, bad[0]);
            InputException e = assertThrows(InputException.class, () -> Pins.read(f, 8), bad[0]);
            assertEquals(bad[1], e.field(), bad[0]);
            assertTrue(e.line() >= 1, bad[0]);
        }
    }

    @Test
    void aPinnedJobWaitsForExactlyItsNodesAndOthersUseThePolicy() {
        MachineState m = new MachineState(new MeshTopology(4, 2));
        PinnedAllocator a = new PinnedAllocator(m, new SortedFreeListAllocator(m, new RowMajorCurve()),
                Map.of(2L, new int[] {6, 7}));
        m.occupy(new int[] {7});
        assertNull(a.allocate(job(1, 0, 2, 10, 10), 2), "job id 2 waits for node 7");
        assertArrayEquals(new int[] {0, 1}, a.allocate(job(0, 0, 2, 10, 10), 2), "job id 1 is not pinned");
        m.release(new int[] {7});
        assertArrayEquals(new int[] {6, 7}, a.allocate(job(1, 0, 2, 10, 10), 2));
    }
}
