package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OccupancyTest {
    /** Job 0 on nodes 0-3 over [0, 10); job 1 on 0-1 over [10, 20); job 2 on 2-3 over [10, 15). */
    private static final Jobs.Holds HOLDS = new Jobs.Holds(3, new int[] {0, 1, 2}, new double[] {0, 10, 10},
            new double[] {10, 20, 15}, new int[][] {{0, 1, 2, 3}, {0, 1}, {2, 3}});

    @Test
    void theBusiestInstantIsTheFirstWithTheMostNodesAndOfThoseTheMostJobs() {
        assertEquals(10, new Occupancy(HOLDS, 6).busiestTime(),
                "four nodes are busy from 0 and from 10, by two jobs from 10");
        assertTrue(Double.isNaN(new Occupancy(new Jobs.Holds(0, new int[0], new double[0], new double[0],
                new int[0][]), 6).busiestTime()));
    }

    @Test
    void aJobRunsFromItsStartUntilJustBeforeItsEnd() {
        Occupancy o = new Occupancy(HOLDS, 6);
        assertArrayEquals(new int[] {0, 0, 0, 0, -1, -1}, o.jobsAt(0));
        assertArrayEquals(new int[] {1, 1, 2, 2, -1, -1}, o.jobsAt(10));
        assertArrayEquals(new int[] {1, 1, -1, -1, -1, -1}, o.jobsAt(15));
        assertArrayEquals(new int[] {-1, -1, -1, -1, -1, -1}, o.jobsAt(20));
    }

    @Test
    void busyTimeAddsEveryHoldOfANode() {
        assertArrayEquals(new double[] {20, 20, 15, 15, 0, 0}, new Occupancy(HOLDS, 6).busySeconds());
    }
}
