package org.hpcsim.workload;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The lines of a trace file with their numbers, skipping blank lines and comment lines. */
final class TraceLines implements Closeable {
    private final BufferedReader in;
    private long number;
    private long bytesRead;

    TraceLines(Path file) {
        this.in = TraceFiles.open(file, n -> bytesRead = n);
    }

    /**
     * The next line that is neither blank nor a comment (first non-blank character {@code comment}),
     * or null at the end. Comment lines passed on the way are added to {@code comments} if given.
     */
    String nextData(char comment, List<String> comments) throws IOException {
        return nextData(comment, comment, comments);
    }

    /** Like {@link #nextData(char, List)} with two comment characters. */
    String nextData(char comment, char otherComment, List<String> comments) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            number++;
            char first = Fields.firstNonBlank(line);
            if (first == comment || first == otherComment) {
                if (comments != null) {
                    comments.add(line);
                }
            } else if (first != 0) {
                return line;
            }
        }
        return null;
    }

    /** Bytes of the file read so far (ahead of the lines returned by up to a buffer; compressed bytes of a gzip file). */
    long bytesRead() {
        return bytesRead;
    }

    /** Number of the line last read (1-based). */
    long number() {
        return number;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
