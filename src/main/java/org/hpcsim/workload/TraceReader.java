package org.hpcsim.workload;

import java.io.Closeable;
import java.io.IOException;

/**
 * Reads a trace one job at a time, in file order, so a large trace is never held in memory.
 * Malformed lines raise {@link InputException} naming file, line and field; lines that parse but
 * cannot run (unknown run time, no processors) become jobs with a reject reason.
 */
public interface TraceReader extends Closeable {

    /** The next job, or null at the end of the trace. */
    Job next() throws IOException;

    /** The trace's header (empty if the format has none). */
    TraceHeader header();

    /** Bytes of the file read so far, for progress displays (of a gzip file, compressed bytes). */
    long bytesRead();
}
