package org.hpcsim.report;

/** Jobs recorded so far, for progress displays; written by the jobs' sink only. */
public final class RunProgress {
    private volatile int jobsDone;

    void recorded() {
        jobsDone++;
    }

    public int jobsDone() {
        return jobsDone;
    }
}
