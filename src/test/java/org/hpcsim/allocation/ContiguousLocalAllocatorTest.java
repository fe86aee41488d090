package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hpcsim.storage.IoAssignment;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

class ContiguousLocalAllocatorTest {
    private static final LineTopology LINE = LineTopology.parse("C4 IO C4 IO C4");

    /** Job index k needs I/O node k mod 2 (round robin). */
    private static Job job(int index, int nodes) {
        return new Job(index, index + 1, index + 1, 0, 0, 100, 100, nodes, nodes, null, null, null);
    }

    private static IoAssignment io(IoOptions.Assign assign) {
        return IoAssignment.of(LINE, new IoOptions(assign, null, 0, 0, 1));
    }

    @Test
    void theLeftmostRangeLocalToTheJobsIoNodeWins() {
        MachineState m = new MachineState(LINE);
        ContiguousLocalAllocator a = new ContiguousLocalAllocator(m, io(IoOptions.Assign.ROUND_ROBIN), true);
        assertArrayEquals(new int[] {1, 2, 3}, a.allocate(job(0, 3), 3), "I/O node 0 sits after compute node 3");
        assertArrayEquals(new int[] {5, 6, 7}, a.allocate(job(1, 3), 3), "I/O node 1 sits after compute node 7");
        assertArrayEquals(new int[] {0, 1, 2, 3}, a.allocate(job(0, 4), 4), "ending just before I/O node 0");
        m.allocate(new int[] {1}, 9);
        assertArrayEquals(new int[] {2, 3, 4, 5}, a.allocate(job(0, 4), 4), "spanning it when the left is short");
        m.allocate(new int[] {3}, 9);
        assertArrayEquals(new int[] {4, 5, 6, 7}, a.allocate(job(0, 4), 4), "starting just after it");
    }

    @Test
    void aJobHoldsItsHullsIoNodeSoAnotherJobNeedingItWaits() {
        MachineState m = new MachineState(LINE);
        ContiguousLocalAllocator a = new ContiguousLocalAllocator(m, io(IoOptions.Assign.ROUND_ROBIN), true);
        Job first = job(0, 2);
        int[] nodes = a.allocate(first, 2);
        m.allocate(nodes, 0);
        a.started(first, nodes);
        assertNull(a.allocate(job(2, 2), 2), "I/O node 0 is held, though compute nodes 0-1 and 4-7 are free");
        a.ended(first, nodes);
        m.release(nodes);
        assertArrayEquals(new int[] {2, 3}, a.allocate(job(2, 2), 2));
    }

    @Test
    void aJobSpanningAnIoNodeHoldsItToo() {
        MachineState m = new MachineState(LINE);
        ContiguousLocalAllocator a = new ContiguousLocalAllocator(m, io(IoOptions.Assign.ROUND_ROBIN), true);
        Job wide = job(1, 4); // needs I/O node 1 (gap 8); nodes 4..7 would be local, take 5..8 instead
        m.allocate(new int[] {4}, 99);
        int[] nodes = a.allocate(wide, 4);
        assertArrayEquals(new int[] {5, 6, 7, 8}, nodes);
        m.allocate(nodes, 1);
        a.started(wide, nodes);
        assertNull(a.allocate(job(3, 1), 1), "I/O node 1 is inside the running job's range");
    }

    @Test
    void nearestMeansAnyIoNodeInIdOrder() {
        MachineState m = new MachineState(LINE);
        ContiguousLocalAllocator a = new ContiguousLocalAllocator(m, io(IoOptions.Assign.NEAREST), true);
        m.allocate(new int[] {0, 1, 2, 3, 4, 5}, 7);
        assertArrayEquals(new int[] {6, 7}, a.allocate(job(0, 2), 2), "I/O node 0's neighbourhood is taken");
    }

    @Test
    void lineContiguousTakesTheLeftmostFreeRangeWhateverTheIoNode() {
        MachineState m = new MachineState(LINE);
        ContiguousLocalAllocator a = new ContiguousLocalAllocator(m, io(IoOptions.Assign.ROUND_ROBIN), false);
        m.allocate(new int[] {2}, 5);
        assertArrayEquals(new int[] {3, 4, 5, 6, 7}, a.allocate(job(1, 5), 5));
        assertNull(a.allocate(job(1, 10), 10), "no free range of ten");
    }

    @Test
    void itNeedsALineAndLocalityNeedsIoNodes() {
        assertThrows(IllegalArgumentException.class,
                () -> new ContiguousLocalAllocator(new MachineState(new MeshTopology(4, 4)), null, false));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new ContiguousLocalAllocator(
                new MachineState(LineTopology.parse("C8")), null, true)).getMessage().contains("I/O nodes"));
    }
}
