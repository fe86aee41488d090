package org.hpcsim.workload;

import java.util.Locale;

/** How a job ended; every job of a trace ends with exactly one. */
public enum JobStatus {
    /** Ran to the end of its run time. */
    COMPLETED,
    /** Outran its estimate and was killed at it. */
    KILLED,
    /** Never ran: unusable fields, or wider than the machine; the reason is recorded. */
    REJECTED;

    /** The name written in outputs. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
