package org.hpcsim.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An output file could not be written (a full disk, no permission, an I/O error): not a bug, and
 * not bad input; the command ends with one line naming the file and exit status 3.
 */
public final class OutputException extends RuntimeException {
    private final transient Path file;

    public OutputException(Path file, IOException cause) {
        super("cannot write " + file + ": " + reason(cause), cause);
        this.file = file;
    }

    /** The file (or directory) being written. */
    public Path file() {
        return file;
    }

    /** The system's reason without the file name it may repeat ("No space left on device"). */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
