package org.hpcsim.failure;

/**
 * How many attempts a job is expected to need when each of its nodes fails at a constant rate, one
 * over the failure model's mean time to failure, while it runs (its waits and repairs do not count).
 * Under requeue, an attempt must run the whole job without a failure: with n nodes, work w and mean
 * time to failure m, that succeeds with probability exp(-n w / m), so exp(n w / m) attempts are
 * expected. Under requeue-with-checkpoint, each interval of work between checkpoints (and the rest
 * after the last one) must be run without a failure once, and every failure costs one attempt: the
 * expected attempts are 1 + the sum over these pieces of (exp(n piece / m) - 1). For a Weibull model
 * this takes its mean time to failure as if failures were memoryless: a rough guide, used for warnings.
 */
public final class AttemptOutlook {

    private AttemptOutlook() {
    }

    /**
     * The expected attempts of a job of {@code nodes} nodes and {@code workSeconds} of work, with a node
     * mean time to failure of {@code mttfSeconds}, under {@code fate} ({@code checkpointSeconds}: the
     * work between checkpoints); 1 under kill (the first failure ends the job), infinite when too
     * large for a double.
     */
    public static double expectedAttempts(int nodes, double workSeconds, double mttfSeconds, JobFate fate,
                                          double checkpointSeconds) {
        double rate = nodes / mttfSeconds;
        return switch (fate) {
            case KILL -> 1;
            case REQUEUE -> Math.exp(rate * workSeconds);
            case REQUEUE_WITH_CHECKPOINT -> {
                double pieces = Math.floor(workSeconds / checkpointSeconds);
                double rest = workSeconds - pieces * checkpointSeconds;
                yield 1 + pieces * Math.expm1(rate * checkpointSeconds) + Math.expm1(rate * rest);
            }
        };
    }

    /** Node failures an attempt of {@code nodes} nodes expects while it runs {@code seconds}. */
    public static double failuresPerAttempt(int nodes, double seconds, double mttfSeconds) {
        return nodes * seconds / mttfSeconds;
    }
}
