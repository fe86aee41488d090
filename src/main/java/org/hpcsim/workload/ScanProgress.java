package org.hpcsim.workload;

/**
 * How far {@link Trace#scan} has read a trace, for progress displays: written by the scanning thread
 * every {@value #EVERY} jobs and at the end, read by others; reading it never influences the scan.
 */
public final class ScanProgress {
    /** Jobs between two updates: often enough for a display, rarely enough to cost nothing. */
    static final int EVERY = 1024;

    private volatile long bytesRead;
    private volatile int jobs;
    private volatile boolean done;

    void update(long bytesRead, int jobs) {
        this.bytesRead = bytesRead;
        this.jobs = jobs;
    }

    void finish(long bytesRead, int jobs) {
        update(bytesRead, jobs);
        done = true;
    }

    /** Bytes of the file read so far (of a gzip file, compressed bytes: compare with its size on disk). */
    public long bytesRead() {
        return bytesRead;
    }

    /** Jobs read so far. */
    public int jobs() {
        return jobs;
    }

    /** Whether the whole trace has been read. */
    public boolean done() {
        return done;
    }
}
