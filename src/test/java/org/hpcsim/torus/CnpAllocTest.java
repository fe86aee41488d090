package org.hpcsim.torus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CnpAllocTest {
    /** Jobs from "dimension:time" pairs. */
    static List<TorusJob> jobs(String... pairs) {
        List<TorusJob> list = new ArrayList<>();
        for (String p : pairs) {
            String[] dt = p.split(":");
            list.add(new TorusJob(Integer.parseInt(dt[0]), Rational.parseDecimal(dt[1])));
        }
        return list;
    }

    private static final List<TorusJob> PAPER = jobs("8:2", "4:2", "4:4", "4:4", "4:1", "2:4");

    private static List<String> column(CnpAlloc.Schedule s, java.util.function.Function<CnpAlloc.Placement, Object> f) {
        return s.placements().stream().map(p -> f.apply(p).toString()).toList();
    }

    @Test
    void thePapersExampleComesOutAsItsAvailabilityMatrices() {
        CnpAlloc.Schedule s = CnpAlloc.schedule(8, PAPER);
        assertEquals(List.of("1", "2", "3", "4", "5", "6"), column(s, CnpAlloc.Placement::id));
        assertEquals(List.of("8", "4", "4", "4", "4", "2"), column(s, CnpAlloc.Placement::dimension));
        assertEquals(List.of("0", "2", "2", "2", "2", "4"), column(s, CnpAlloc.Placement::start));
        // The paper's table says 8.5 for J3; its last matrix (5.5 at time 4) and Theorem 1 say 9.5.
        assertEquals(List.of("2", "5.875", "9.5", "9", "4", "10.75"), column(s, CnpAlloc.Placement::finish));
        assertEquals(List.of("(0,0)", "(0,0)", "(1,1)", "(0,1)", "(1,0)", "(1,0)"),
                column(s, p -> "(" + p.row() + "," + p.col() + ")"));
        assertEquals("10.75", s.makespan().toString());
    }

    @Test
    void thePapersTableValueForJobThreeIsItsFinishBeforeJobSixIsPlaced() {
        CnpAlloc.Schedule s = CnpAlloc.schedule(8, PAPER.subList(0, 5));
        // J4's load 3 = min(4,2)/2 + min(4,4)/2; J2 3.5 and J3 6.5 after J5, relative to time 2.
        assertEquals(List.of("2", "5.5", "8.5", "9", "4"), column(s, CnpAlloc.Placement::finish));
    }

    @Test
    void withoutContentionTheSameGreedyTakesTheFirstFreeSubtorusAndNothingIsDilated() {
        // J2..J5 start at 2 on (0,0), (0,1), (1,0), (1,1) and end at 4, 6, 6, 3; J6 starts at 3.
        assertEquals("7", CnpAlloc.schedule(8, PAPER).makespanWithoutContention().toString());
    }

    @Test
    void aLinkDisjointSubtorusIsChosenAndSharingALinkDilatesBothJobs() {
        CnpAlloc.Schedule two = CnpAlloc.schedule(8, jobs("4:2", "4:2"));
        assertEquals(List.of("(0,0)", "(1,1)"), column(two, p -> "(" + p.row() + "," + p.col() + ")"));
        assertEquals(List.of("2", "2"), column(two, CnpAlloc.Placement::finish));
        // The third shares row 0 with J1 and column 1 with J2 for 2 each: load (2 + 2) / 2; each
        // of them gains 2 / 2.
        CnpAlloc.Schedule three = CnpAlloc.schedule(8, jobs("4:2", "4:2", "4:2"));
        assertEquals(List.of("(0,0)", "(1,1)", "(0,1)"), column(three, p -> "(" + p.row() + "," + p.col() + ")"));
        assertEquals(List.of("3", "3", "4"), column(three, CnpAlloc.Placement::finish));
        assertEquals("4", three.makespan().toString());
        assertEquals("2", three.makespanWithoutContention().toString());
    }

    @Test
    void aSmallJobPaysForEverySubJobOfALargerOneWhichPaysOnce() {
        // T4: J1 (0,0), J2 (1,1); J3 (0,1) overlaps both for 1: load 2/2, J1 and J2 gain 1/2.
        // J4 on the 1x1 (1,0) sees J2 twice in its row and J1 twice in its column: load 4 x 1/4;
        // J1 and J2 gain 1/4 once each.
        CnpAlloc.Schedule s = CnpAlloc.schedule(4, jobs("2:4", "2:4", "2:1", "1:1"));
        assertEquals(List.of("(0,0)", "(1,1)", "(0,1)", "(1,0)"), column(s, p -> "(" + p.row() + "," + p.col() + ")"));
        assertEquals(List.of("0", "0", "0", "0"), column(s, CnpAlloc.Placement::start));
        assertEquals(List.of("4.75", "4.75", "2", "2"), column(s, CnpAlloc.Placement::finish));
        assertEquals("4", s.makespanWithoutContention().toString());
    }

    @Test
    void aJobWaitsForTheEarliestAvailableSubtorusOfItsSize() {
        // The whole torus is busy until 3; then J2 takes (0,0) and J3 the link-disjoint (1,1).
        CnpAlloc.Schedule s = CnpAlloc.schedule(2, jobs("2:3", "1:1", "1:1"));
        assertEquals(List.of("0", "3", "3"), column(s, CnpAlloc.Placement::start));
        assertEquals(List.of("3", "4", "4"), column(s, CnpAlloc.Placement::finish));
        assertEquals(List.of("(0,0)", "(0,0)", "(1,1)"), column(s, p -> "(" + p.row() + "," + p.col() + ")"));
        // On one processor the jobs run one after the other.
        CnpAlloc.Schedule one = CnpAlloc.schedule(1, jobs("1:2", "1:0.5"));
        assertEquals(List.of("0", "2"), column(one, CnpAlloc.Placement::start));
        assertEquals("2.5", one.makespan().toString());
    }

    @Test
    void instancesOutsideThePapersDefinitionAreRefusedWithTheReason() {
        assertEquals("jobs must come in non-increasing order of dimension: job 3 (dimension 4) follows job 2"
                + " (dimension 2)", message(8, jobs("8:1", "2:1", "4:1")));
        assertEquals("the torus side m must be a power of two from 1 to 2^30, got 6", message(6, jobs("2:1")));
        assertEquals("job 2: dimension 3 is not a power of two", message(8, jobs("4:1", "3:1")));
        assertEquals("job 1: dimension 16 is larger than the torus side 8", message(8, jobs("16:1")));
        assertEquals("job 1: time must be positive, got 0", message(8, jobs("8:0")));
        assertEquals("no jobs", message(8, List.of()));
        assertEquals("the availability matrix would be 2048 x 2048 (m / smallest dimension); at most 1024 x 1024",
                message(2048, jobs("1:1")));
    }

    private static String message(int m, List<TorusJob> jobs) {
        return assertThrows(IllegalArgumentException.class, () -> CnpAlloc.schedule(m, jobs)).getMessage();
    }
}
