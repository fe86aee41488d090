package org.hpcsim.scheduler;

import org.hpcsim.failure.JobFate;
import org.hpcsim.workload.Job;

/**
 * The arithmetic of an attempt a failure cut short, under the run's job fate: the work it did, the work
 * its checkpoints saved, the node-time lost, and the job as it is queued again. Plain Java; the scheduler
 * keeps the attempts and histories over time and asks this class what each failure amounts to. Times
 * are microseconds.
 */
public final class AttemptAccounting {

    /**
     * What a failed attempt amounts to.
     *
     * @param saved    the job's work saved by checkpoints after this attempt (never less than before it)
     * @param savedNow the part of {@code saved} this attempt added
     * @param lost     node-microseconds lost: the attempt's nodes times its elapsed time, times the share of
     *                 its work done that no checkpoint saved (all of it when it did no work)
     * @param kept     the saved work the job resumes from when queued again: {@code saved} when it
     *                 requeues from a checkpoint, else 0
     */
    public record Failure(long saved, long savedNow, double lost, long kept) {
    }

    private final JobFate fate;
    private final long checkpointInterval;

    /** {@code checkpointInterval}: work between two checkpoints (used by {@link JobFate#REQUEUE_WITH_CHECKPOINT}). */
    public AttemptAccounting(JobFate fate, long checkpointInterval) {
        this.fate = fate;
        this.checkpointInterval = checkpointInterval;
    }

    /**
     * An attempt of a job needing {@code runTime} of work in all failed after {@code elapsed} on {@code nodes}
     * nodes, having done {@code done} of work on top of the {@code savedBefore} earlier attempts saved. With
     * checkpoints the work saved rounds down to a multiple of the interval, is never more than the job's
     * work and never less than what was saved before.
     */
    public Failure failed(long runTime, long savedBefore, double done, long elapsed, int nodes) {
        long saved = savedBefore;
        if (fate == JobFate.REQUEUE_WITH_CHECKPOINT) {
            saved = Math.min(runTime, (long) Math.floor((savedBefore + done) / checkpointInterval)
                    * checkpointInterval);
            saved = Math.max(saved, savedBefore);
        }
        long savedNow = saved - savedBefore;
        double lostFraction = done > 0 ? Math.max(0, 1 - savedNow / done) : 1;
        double lost = (double) nodes * elapsed * lostFraction;
        return new Failure(saved, savedNow, lost, fate == JobFate.REQUEUE_WITH_CHECKPOINT ? saved : 0);
    }

    /**
     * The work (microseconds of the attempt's trace run time {@code work}) done in {@code elapsed}: as
     * {@code reported} by the lead under the links model (NaN when it reported none); under the distance
     * model (a plan without a flow) the elapsed share of the plan's stretched run time; otherwise the
     * elapsed time. Never more than the attempt's work.
     *
     * @param plan the attempt's network plan, or null without a network model
     */
    public static double workDone(long work, double reported, NetworkPlanner.Plan plan, long elapsed) {
        if (!Double.isNaN(reported)) {
            return Math.min(work, reported);
        }
        if (plan != null && plan.flow() == null && plan.runTime() > 0) {
            return Math.min(work, (double) elapsed * work / plan.runTime());
        }
        return Math.min(work, elapsed);
    }

    /** The job as it is queued again resuming from {@code kept} of saved work: itself when none was kept. */
    public static Job requeued(Job original, long kept) {
        return kept == 0 ? original : resumed(original, kept);
    }

    /** The job as it runs again after a checkpoint: its remaining work, and its estimate less the work saved. */
    static Job resumed(Job j, long saved) {
        long estimate = j.estimate() < 0 ? j.estimate() : Math.max(0, j.estimate() - saved);
        return new Job(j.index(), j.id(), j.line(), j.submit(), j.arrival(), j.runTime() - saved, estimate, j.procs(),
                j.nodes(), j.options(), j.swf(), j.rejectReason());
    }
}
