package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file that exists but cannot be read (no permission, an I/O error): not bad input, since the
 * file's content may be fine, and not a bug; the CLI prints the message on one line and exits with
 * status 3. A file that does not exist is bad input instead ({@link FileErrors#reading}).
 */
public final class ReadException extends RuntimeException {

    /**
     * @param file  the file being read
     * @param field the option or key that named it, or null
     * @param cause what the system said
     */
    public ReadException(Path file, String field, IOException cause) {
        super(file + ": " + (field == null ? "" : field + ": ") + "cannot read: " + FileErrors.reason(cause), cause);
    }
}
