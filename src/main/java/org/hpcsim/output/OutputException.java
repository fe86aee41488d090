package org.hpcsim.output;

import java.io.IOException;
import java.nio.file.Path;
import org.hpcsim.workload.FileErrors;

/**
 * An output file could not be written (a full disk, no permission, an I/O error): not a bug, and
 * not bad input; the command ends with one line naming the file and exit status 3.
 */
public final class OutputException extends RuntimeException {
    private final transient Path file;

    public OutputException(Path file, IOException cause) {
        this("cannot write", file, cause);
    }

    /** As the other constructor, {@code doing} saying what failed ("cannot create output directory"). */
    public OutputException(String doing, Path file, IOException cause) {
        super(doing + " " + file + ": " + FileErrors.reason(cause), cause);
        this.file = file;
    }

    /** The file (or directory) being written. */
    public Path file() {
        return file;
    }
}
