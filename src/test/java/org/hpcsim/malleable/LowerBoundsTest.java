package org.hpcsim.malleable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.hpcsim.topology.LineTopology;
import org.junit.jupiter.api.Test;

class LowerBoundsTest {
    /** Malleable jobs with the same Q, ids 0.., from "io:load" pairs. */
    static Instance instance(LineTopology line, int q, String... jobs) {
        List<MalleableJob> list = new ArrayList<>();
        for (String j : jobs) {
            String[] parts = j.split(":");
            list.add(MalleableJob.malleable(list.size(), Double.parseDouble(parts[1]), q, Integer.parseInt(parts[0])));
        }
        return new Instance(line, list, Speedup.proportional());
    }

    @Test
    void theJobsOfOneIoNodeAreAddedUpAndOneIoNodeGivesItsOwnInterval() {
        // C4 IO C4, Q = 2: A = 3 + 5 = 8 on [r, d] = [4 - 2, 4 + 2] = [2, 6]; LB1 = 8 / 4 = 2 (the single
        // interval i = j, the only one there is), LB2 = 8 / 2 = 4.
        LowerBounds b = LowerBounds.of(instance(LineTopology.parse("C4 IO C4"), 2, "0:3", "0:5"));
        assertEquals(2.0, b.lb1(), 1e-12);
        assertEquals(4.0, b.lb2(), 1e-12);
        assertEquals(4.0, b.lb(), 1e-12);
    }

    @Test
    void ioNodesThatShareAGapAddUpInLbOne() {
        // IO2 C4, Q = 1: both I/O nodes have [r, d] = [0, 1], so all 3 + 2 of work is on node 0: LB1 = 5;
        // LB2 = max(3, 2) / 1 = 3.
        LowerBounds b = LowerBounds.of(instance(LineTopology.parse("IO2 C4"), 1, "0:3", "1:2"));
        assertEquals(5.0, b.lb1(), 1e-12);
        assertEquals(3.0, b.lb2(), 1e-12);
        assertEquals(5.0, b.lb(), 1e-12);
    }

    @Test
    void lbOneTakesTheDensestIntervalBetweenTwoIoNodes() {
        // IO C1 IO C1 IO (gaps 0, 1, 2), Q = 1: [r, d] = [0, 1], [0, 2], [1, 2], A = 2 each.
        // [0, 1]: 2 / 1; [1, 2]: 2 / 1; [0, 2] holds all three: 6 / 2 = 3. LB2 = 2.
        LowerBounds b = LowerBounds.of(instance(LineTopology.parse("IO C1 IO C1 IO"), 1, "0:2", "1:2", "2:2"));
        assertEquals(3.0, b.lb1(), 1e-12);
        assertEquals(2.0, b.lb2(), 1e-12);
        assertEquals(3.0, b.lb(), 1e-12);
    }

    @Test
    void anIntervalOnlyCountsTheIoNodesWhoseRangeLiesInsideIt() {
        // C1 IO C2 IO C1 (gaps 1, 3, m^C = 4), Q = 2: io0 [0, 3] with A = 4, io1 [1, 4] with A = 6.
        // [0, 3]: 4 / 3; [1, 4]: 6 / 3 = 2; [1, 3]: neither lies inside, 0; [0, 4]: 10 / 4 = 2.5.
        // LB2 = 6 / 2 = 3.
        LowerBounds b = LowerBounds.of(instance(LineTopology.parse("C1 IO C2 IO C1"), 2, "0:4", "1:6"));
        assertEquals(2.5, b.lb1(), 1e-12);
        assertEquals(3.0, b.lb2(), 1e-12);
        assertEquals(3.0, b.lb(), 1e-12);
    }

    @Test
    void ioNodesWithoutJobsAndTheOrderOfTheJobsChangeNothing() {
        LineTopology line = LineTopology.parse("IO C3 IO C3 IO");
        LowerBounds b = LowerBounds.of(instance(line, 3, "0:1.5", "2:4", "0:2.5"));
        LowerBounds reordered = LowerBounds.of(instance(line, 3, "2:4", "0:2.5", "0:1.5"));
        assertEquals(b, reordered);
        // io0 [0, 3] with A = 4, io2 [3, 6] with A = 4: LB1 = 4 / 3 on either, 8 / 6 on both; LB2 = 4 / 3.
        assertEquals(4.0 / 3, b.lb1(), 1e-12);
        assertEquals(4.0 / 3, b.lb2(), 1e-12);
    }

    @Test
    void onlyUniformProportionalInstancesHaveTheseBounds() {
        LineTopology line = LineTopology.parse("IO C4");
        Instance amdahl = new Instance(line, List.of(MalleableJob.malleable(0, 1, 2, 0)), Speedup.amdahl(0.1));
        Instance rigid = new Instance(line, List.of(MalleableJob.rigid(0, 1, 2, 0)), Speedup.proportional());
        Instance twoQ = new Instance(line, List.of(MalleableJob.malleable(0, 1, 2, 0), MalleableJob.malleable(1, 1, 3, 0)),
                Speedup.proportional());
        Instance empty = new Instance(line, List.of(), Speedup.proportional());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> LowerBounds.of(amdahl)).getMessage()
                .contains("proportional"));
        for (Instance i : List.of(rigid, twoQ, empty)) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> LowerBounds.of(i)).getMessage()
                    .contains("uniform"));
        }
    }
}
