package org.hpcsim.output;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A buffered UTF-8 writer on an output file whose failures name the file: every I/O error becomes an
 * {@link OutputException}, so that a full disk ends the run with "cannot write FILE: No space left on
 * device" wherever in the run it happens.
 */
public final class OutputWriter extends Writer {
    private final Path file;
    private final BufferedWriter out;

    private OutputWriter(Path file, BufferedWriter out) {
        this.file = file;
        this.out = out;
    }

    /** Opens (creates or truncates) {@code file} with a buffer of {@code buffer} characters. */
    public static OutputWriter open(Path file, int buffer) {
        try {
            return new OutputWriter(file, new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), buffer));
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }

    @Override
    public void write(char[] cbuf, int off, int len) {
        try {
            out.write(cbuf, off, len);
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }

    @Override
    public void write(String str, int off, int len) {
        try {
            out.write(str, off, len);
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }

    @Override
    public Writer append(CharSequence csq) {
        try {
            out.append(csq);
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
        return this;
    }

    @Override
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }

    /** Writes a whole file at once. */
    public static void write(Path file, CharSequence text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new OutputException(file, e);
        }
    }
}
