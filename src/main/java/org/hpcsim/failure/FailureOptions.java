package org.hpcsim.failure;

import java.nio.file.Path;

/**
 * Failures (keys {@code failures.*} and {@code events-file}).
 *
 * @param model              failure model spec, e.g. {@code exponential[1000h,4h]}
 * @param onJobFailure       what happens to a job whose node fails
 * @param checkpointInterval work between checkpoints (requeue-with-checkpoint), microseconds
 * @param eventsFile         the events file, or null
 * @param maxAttempts        attempts after which a requeued job's next failure ends it failed, at least 1
 * @param stallLimit         under a stochastic model: how long, once the trace has ended and nothing runs,
 *                           queued jobs may wait for a start before they end failed and the run ends,
 *                           microseconds
 */
public record FailureOptions(String model, JobFate onJobFailure, long checkpointInterval, Path eventsFile,
                             int maxAttempts, long stallLimit) {
}
