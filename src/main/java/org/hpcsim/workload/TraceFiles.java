package org.hpcsim.workload;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;

/** Opens trace files: plain or gzip (recognised by its magic bytes, whatever the name). */
public final class TraceFiles {
    private TraceFiles() {
    }

    public static BufferedReader open(Path file) {
        return open(file, null);
    }

    /**
     * As {@link #open(Path)}; {@code bytesRead}, when given, is told how many of the file's bytes have
     * been read so far (of a gzip file, compressed bytes: a fraction of its size on disk).
     */
    static BufferedReader open(Path file, LongConsumer bytesRead) {
        // Latin-1 maps every byte, so odd bytes in a header comment can never fail decoding.
        return new BufferedReader(new InputStreamReader(openStream(file, bytesRead), StandardCharsets.ISO_8859_1), 1 << 16);
    }

    /**
     * The bytes of a trace file, plain or gunzipped (by the magic bytes, whatever the name), for a
     * format that decodes them itself (JSON); {@code bytesRead} as in {@link #open(Path, LongConsumer)}.
     */
    static InputStream openStream(Path file, LongConsumer bytesRead) {
        if (Files.isDirectory(file)) {
            throw new InputException(file, 0, null, "is a directory, not a trace file");
        }
        try {
            InputStream onDisk = Files.newInputStream(file);
            InputStream raw = new BufferedInputStream(bytesRead == null ? onDisk : new Counting(onDisk, bytesRead), 1 << 16);
            raw.mark(2);
            int b1 = raw.read();
            int b2 = raw.read();
            raw.reset();
            return (b1 == 0x1f && b2 == 0x8b) ? new GZIPInputStream(raw, 1 << 16) : raw;
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
    }

    /** Counts the bytes read through it. */
    private static final class Counting extends FilterInputStream {
        private final LongConsumer sink;
        private long count;

        Counting(InputStream in, LongConsumer sink) {
            super(in);
            this.sink = sink;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                sink.accept(++count);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
                sink.accept(count);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += skipped;
            sink.accept(count);
            return skipped;
        }
    }
}
