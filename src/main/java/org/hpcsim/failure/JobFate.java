package org.hpcsim.failure;

/**
 * What happens to a job whose node fails or whose network route is lost ({@code failures.on-job-failure}).
 */
public enum JobFate {
    /** The job ends with status {@code failed}. */
    KILL("failed", "failed"),
    /** The job goes back into the queue with its original submit time and runs again from scratch. */
    REQUEUE("requeued", "requeued"),
    /**
     * The job goes back into the queue and resumes from its last checkpoint: it checkpoints after
     * every {@code failures.checkpoint-interval} of work done, so the work up to the last multiple
     * survives and only the rest runs again.
     */
    REQUEUE_WITH_CHECKPOINT("requeued from its last checkpoint", "resumed-from-checkpoint");

    private final String effect;
    private final String outcome;

    JobFate(String effect, String outcome) {
        this.effect = effect;
        this.outcome = outcome;
    }

    /** What became of the job, as events.csv words it: {@code job 8 requeued}. */
    public String effect() {
        return effect;
    }

    /** The outcome column of attempts.csv. */
    public String outcome() {
        return outcome;
    }
}
