package org.hpcsim.workload;

import java.nio.file.Path;

/**
 * Bad input a user must fix: names the file, the line (0 if none) and the field or key. The CLI
 * prints the message on one line and exits with status 2.
 */
public final class InputException extends RuntimeException {
    private final String source;
    private final long line;
    private final String field;

    public InputException(String source, long line, String field, String message) {
        super(format(source, line, field, message));
        this.source = source;
        this.line = line;
        this.field = field;
    }

    public InputException(Path file, long line, String field, String message) {
        this(file.toString(), line, field, message);
    }

    /** An error with no file position (a command-line value, for example). */
    public InputException(String message) {
        super(message);
        this.source = null;
        this.line = 0;
        this.field = null;
    }

    private static String format(String source, long line, String field, String message) {
        StringBuilder sb = new StringBuilder();
        if (source != null) {
            sb.append(source);
            if (line > 0) {
                sb.append(':').append(line);
            }
            sb.append(": ");
        }
        // A -Dkey source already names its key.
        if (field != null && !("-D" + field).equals(source)) {
            sb.append(field).append(": ");
        }
        return sb.append(message).toString();
    }

    public String source() {
        return source;
    }

    public long line() {
        return line;
    }

    public String field() {
        return field;
    }
}
