package org.hpcsim.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.hpcsim.failure.JobFate;
import org.hpcsim.time.SimTime;
import org.hpcsim.protocol.NodeProtocol;
import org.hpcsim.testing.Jobs;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

class AttemptAccountingTest {
    private static final long HOUR = SimTime.seconds(3600);
    private static final AttemptAccounting CHECKPOINTS = new AttemptAccounting(JobFate.REQUEUE_WITH_CHECKPOINT, HOUR);

    @Test
    void checkpointsSaveTheWorkDoneRoundedDownToTheInterval() {
        AttemptAccounting.Failure f = CHECKPOINTS.failed(10 * HOUR, 0, 2.5 * HOUR, 3 * HOUR, 4);
        assertEquals(2 * HOUR, f.saved());
        assertEquals(2 * HOUR, f.savedNow());
        assertEquals(2 * HOUR, f.kept(), "the job resumes from its last checkpoint");
    }

    @Test
    void workDoneAddsToWhatEarlierAttemptsSavedBeforeRounding() {
        // 1 h saved earlier and 1.5 h of work done now reach the 2 h checkpoint.
        AttemptAccounting.Failure f = CHECKPOINTS.failed(10 * HOUR, HOUR, 1.5 * HOUR, 2 * HOUR, 1);
        assertEquals(2 * HOUR, f.saved());
        assertEquals(HOUR, f.savedNow(), "only the checkpoint this attempt reached is new");
    }

    @Test
    void anAttemptFailingBeforeItsNextCheckpointNeverLosesSavedWork() {
        AttemptAccounting.Failure f = CHECKPOINTS.failed(10 * HOUR, 3 * HOUR, 0.5 * HOUR, HOUR, 2);
        assertEquals(3 * HOUR, f.saved());
        assertEquals(0, f.savedNow());
        assertEquals(3 * HOUR, f.kept());
    }

    @Test
    void savedWorkIsNeverMoreThanTheJobsWork() {
        AttemptAccounting.Failure f = CHECKPOINTS.failed(2 * HOUR + 5, 0, 2 * HOUR + 5, 3 * HOUR, 1);
        assertEquals(2 * HOUR, f.saved(), "rounded down, below the job's work");
        AttemptAccounting tight = new AttemptAccounting(JobFate.REQUEUE_WITH_CHECKPOINT, 1);
        assertEquals(2 * HOUR + 5, tight.failed(2 * HOUR + 5, 0, 2 * HOUR + 10, 3 * HOUR, 1).saved(),
                "capped at the job's work when a checkpoint lies past it");
    }

    @Test
    void lostNodeTimeIsTheUnsavedShareOfTheWorkDone() {
        // 4 nodes for 3 h, 2.5 h of work done, 2 h of it saved: a fifth of 12 node-hours is lost.
        AttemptAccounting.Failure f = CHECKPOINTS.failed(10 * HOUR, 0, 2.5 * HOUR, 3 * HOUR, 4);
        assertEquals(4.0 * 3 * HOUR * (1 - 2.0 / 2.5), f.lost(), 1e-6);
    }

    @Test
    void everythingIsLostWithoutCheckpointsOrWithoutWorkDone() {
        for (JobFate fate : new JobFate[] {JobFate.KILL, JobFate.REQUEUE}) {
            AttemptAccounting.Failure f = new AttemptAccounting(fate, HOUR).failed(10 * HOUR, 0, 5 * HOUR, 5 * HOUR,
                    3);
            assertEquals(0, f.saved(), fate.name());
            assertEquals(0, f.kept(), fate.name());
            assertEquals(3.0 * 5 * HOUR, f.lost(), fate.name());
        }
        assertEquals(2.0 * 7, CHECKPOINTS.failed(10 * HOUR, HOUR, 0, 7, 2).lost(), "no work done: all node-time lost");
    }

    @Test
    void aResumedJobRunsItsRemainingWorkWithItsEstimateLessTheSavedWork() {
        Job job = Jobs.job(3, 100, 4, 5 * 3600, 6 * 3600);
        Job resumed = AttemptAccounting.requeued(job, 2 * HOUR);
        assertEquals(3 * HOUR, resumed.runTime());
        assertEquals(4 * HOUR, resumed.estimate());
        assertEquals(job.submit(), resumed.submit(), "it keeps its place by submit time");
        assertEquals(job.index(), resumed.index());
        assertEquals(job.nodes(), resumed.nodes());
    }

    @Test
    void aResumedJobsEstimateNeverGoesBelowZeroAndAnUnknownOneStaysUnknown() {
        Job shortEstimate = Jobs.job(0, 0, 1, 5 * 3600, 3600);
        assertEquals(0, AttemptAccounting.requeued(shortEstimate, 2 * HOUR).estimate());
        Job unknown = new Job(1, 2, 2, 0, 0, 5 * HOUR, -1, 1, 1, null, null, null);
        assertEquals(-1, AttemptAccounting.requeued(unknown, 2 * HOUR).estimate());
    }

    @Test
    void aJobRequeuedWithoutSavedWorkIsTheTracesJobItself() {
        Job job = Jobs.job(0, 0, 1, 3600, 3600);
        assertSame(job, AttemptAccounting.requeued(job, 0));
    }

    @Test
    void workDoneIsWhatTheLeadReportedUnderTheLinksModel() {
        NetworkPlanner.Plan links = plan(10 * HOUR, true);
        assertEquals(1.5 * HOUR, AttemptAccounting.workDone(5 * HOUR, 1.5 * HOUR, links, 3 * HOUR));
        assertEquals(5 * HOUR, AttemptAccounting.workDone(5 * HOUR, 9.0 * HOUR, links, 3 * HOUR),
                "never more than the attempt's work");
    }

    @Test
    void workDoneUnderTheDistanceModelIsTheElapsedShareOfTheStretchedRunTime() {
        // 4 h of work stretched to 8 h: after 2 h, a quarter of it is done.
        assertEquals(HOUR, AttemptAccounting.workDone(4 * HOUR, Double.NaN, plan(8 * HOUR, false), 2 * HOUR), 1e-6);
        assertEquals(4 * HOUR, AttemptAccounting.workDone(4 * HOUR, Double.NaN, plan(8 * HOUR, false), 9 * HOUR),
                1e-6);
    }

    @Test
    void workDoneWithoutANetworkModelIsTheElapsedTime() {
        assertEquals(2 * HOUR, AttemptAccounting.workDone(4 * HOUR, Double.NaN, null, 2 * HOUR));
        assertEquals(4 * HOUR, AttemptAccounting.workDone(4 * HOUR, Double.NaN, null, 5 * HOUR));
        assertEquals(2 * HOUR, AttemptAccounting.workDone(4 * HOUR, Double.NaN, plan(0, false), 2 * HOUR),
                "a zero stretched run time has no share to take");
    }

    /** A plan running {@code runTime}, with a lead's flow (links model) or without (distance). */
    private static NetworkPlanner.Plan plan(long runTime, boolean flow) {
        NodeProtocol.Flow f = flow ? new NodeProtocol.Flow(new int[] {0, 1}, new int[] {0}, new long[] {1}, 0.3, 1)
                : null;
        return new NetworkPlanner.Plan(runTime, f, 1, 1, 1, Long.MAX_VALUE / 4, new int[] {0}, false);
    }
}
