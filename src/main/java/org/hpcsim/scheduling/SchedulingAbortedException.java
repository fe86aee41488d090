package org.hpcsim.scheduling;

/**
 * A policy can no longer go on: its external scheduler died, timed out, sent a malformed message or
 * decided something impossible. The run stops as a stop from outside does (jobs still queued or
 * running end unfinished), its outputs are written and marked incomplete, and the run fails with
 * this message.
 */
public final class SchedulingAbortedException extends RuntimeException {

    public SchedulingAbortedException(String message) {
        super(message);
    }

    public SchedulingAbortedException(String message, Throwable cause) {
        super(message, cause);
    }
}
