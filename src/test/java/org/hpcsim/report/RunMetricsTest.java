package org.hpcsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.hpcsim.time.SimTime;
import org.hpcsim.workload.JobStatus;
import org.junit.jupiter.api.Test;

class RunMetricsTest {
    private static final long S = SimTime.MICROS_PER_SECOND;

    @Test
    void metricsFollowTheirDefinitions() {
        RunMetrics m = new RunMetrics(4);
        m.add(0, 0, 100 * S, 2, JobStatus.COMPLETED);
        m.add(10 * S, 100 * S, 105 * S, 4, JobStatus.KILLED);
        m.add(20 * S, -1, -1, 0, JobStatus.REJECTED);
        assertEquals(3, m.total());
        assertEquals(2, m.ran());
        assertEquals(105 * S, m.makespan());
        assertEquals(45.0, m.meanWaitSeconds(), 1e-12);
        assertEquals(90.0, m.maxWaitSeconds(), 1e-12);
        assertEquals((100 + 95) / 2.0, m.meanResponseSeconds(), 1e-12);
        // max(1, 100/100) = 1 and max(1, 95/max(5, 10)) = 9.5
        assertEquals((1 + 9.5) / 2, m.meanBoundedSlowdown(), 1e-12);
        assertEquals((2 * 100 + 4 * 5) / (4.0 * 105), m.utilization(), 1e-12);
    }

    @Test
    void anAttemptAFailureEndsCountsOnceInUtilizationWhetherTheJobFailsOrRunsAgain() {
        RunMetrics m = new RunMetrics(4);
        // Job A fails for good (kill): its attempt is reported as interrupted, then as the job's end.
        m.addInterrupted(4, 0, 10 * S, 4 * 10 * S);
        m.add(0, 0, 0, 10 * S, 4, JobStatus.FAILED, 1);
        // Job B is requeued: the interrupted attempt, then the one that completes.
        m.addInterrupted(2, 10 * S, 15 * S, 2 * 5 * S);
        m.add(10 * S, 10 * S, 20 * S, 40 * S, 2, JobStatus.COMPLETED, 2);
        assertEquals((4 * 10 + 2 * 5 + 2 * 20) / (4.0 * 40), m.utilization(), 1e-12);
    }

    @Test
    void meanHopsAreRoundedHalfToEvenFromTheExactFraction() {
        StringBuilder sb = new StringBuilder();
        JobsCsv.appendFraction(sb, 10, 6);
        sb.append(' ');
        JobsCsv.appendFraction(sb, 7, 1);
        sb.append(' ');
        JobsCsv.appendFraction(sb, 0, 0);
        sb.append(' ');
        JobsCsv.appendFraction(sb, 1, 2_000_000);
        sb.append(' ');
        JobsCsv.appendFraction(sb, 3, 2_000_000);
        assertEquals("1.666667 7.000000 0.000000 0.000000 0.000002", sb.toString());
    }
}
