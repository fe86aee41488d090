package org.hpcsim.failure;

import java.nio.file.Path;

/**
 * Failures (keys {@code failures.*} and {@code events-file}).
 *
 * @param model              failure model spec, e.g. {@code exponential[1000h,4h]}
 * @param onJobFailure       what happens to a job whose node fails
 * @param checkpointInterval work between checkpoints (requeue-with-checkpoint), microseconds
 * @param eventsFile         the events file, or null
 */
public record FailureOptions(String model, JobFate onJobFailure, long checkpointInterval, Path eventsFile) {
}
