package org.hpcsim.storage;

import java.nio.file.Path;

/**
 * I/O on a line machine with I/O nodes (keys {@code io.*}).
 *
 * @param assign    which I/O node a job needs
 * @param jobsFile  per-job I/O node and volumes (CSV), or null
 * @param read      bytes a job reads at its start unless the file says otherwise
 * @param write     bytes a job writes at its end unless the file says otherwise
 * @param bandwidth bytes per second of an I/O phase when nothing shares its links or I/O node
 */
public record IoOptions(Assign assign, Path jobsFile, long read, long write, long bandwidth) {
    /** Which I/O node a job needs. */
    public enum Assign { ROUND_ROBIN, NEAREST, FILE }

    /** Whether any job moves data (a default volume or a file that may give some). */
    public boolean any() {
        return read > 0 || write > 0 || jobsFile != null;
    }
}
