package org.hpcsim.kernel;

/**
 * Live, read-only view of a running simulation for progress displays. Written by the coordinator
 * only; reading it never influences the simulation.
 */
public final class KernelProgress {
    private volatile long time;
    private volatile long events;

    public void update(long time, long events) {
        this.time = time;
        this.events = events;
    }

    /** Current virtual time in microseconds. */
    public long time() {
        return time;
    }

    /** Events handled so far. */
    public long events() {
        return events;
    }
}
