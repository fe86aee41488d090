package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Opens a trace file of one format: how {@link Trace} reads the built-in formats ({@link TraceFormat})
 * and a plugin's own. Each call opens a new reader from the start of the file.
 */
@FunctionalInterface
public interface TraceOpener {

    /** A reader of {@code file} from its first job, its jobs made with {@code options}. */
    TraceReader open(Path file, WorkloadOptions options) throws IOException;
}
