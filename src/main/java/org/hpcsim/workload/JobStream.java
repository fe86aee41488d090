package org.hpcsim.workload;

import java.io.Closeable;

/** Jobs in arrival order (then trace order), one at a time, with one job of look-ahead. */
public interface JobStream extends Closeable {

    /** The next job without consuming it, or null at the end. */
    Job peek();

    /** The next job, or null at the end. */
    Job next();

    @Override
    void close();
}
