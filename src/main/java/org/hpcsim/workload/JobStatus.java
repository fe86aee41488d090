package org.hpcsim.workload;

import java.util.Locale;

/** How a job ended; every job of a trace ends with exactly one. */
public enum JobStatus {
    /** Ran to the end of its run time. */
    COMPLETED,
    /** Outran its estimate and was killed at it, or was killed by its scheduler (the reason says so). */
    KILLED,
    /** Never ran: unusable fields, or wider than the machine; the reason is recorded. */
    REJECTED,
    /**
     * Ended by a failure: a node it ran on failed or its network route was lost (with
     * {@code on-job-failure = kill}), it could not be routed at its start, or it could never be placed
     * again because nodes stayed down; the reason is recorded.
     */
    FAILED,
    /** Still queued or running when the run was stopped early (a console's {@code quit}, an interrupt). */
    UNFINISHED,
    /** Not yet submitted when the run was stopped early: its arrival lay after the stop. */
    NOT_SUBMITTED;

    /** The name written in outputs ({@code not-submitted}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
