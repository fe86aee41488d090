package org.hpcsim.failure;

/**
 * What happens to a job whose node fails or whose network route is lost ({@code failures.on-job-failure}).
 */
public enum JobFate {
    /** The job ends with status {@code failed}. */
    KILL,
    /** The job goes back into the queue with its original submit time and runs again from scratch. */
    REQUEUE,
    /**
     * The job goes back into the queue and resumes from its last checkpoint: it checkpoints after
     * every {@code failures.checkpoint-interval} of work done, so the work up to the last multiple
     * survives and only the rest runs again.
     */
    REQUEUE_WITH_CHECKPOINT
}
