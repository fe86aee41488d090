package org.hpcsim.report;

import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.RecorderProtocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import org.hpcsim.kernel.SimTime;

/**
 * io.csv: one row per job that did I/O and ended ({@code id,io_node,read_bytes,write_bytes,read_s,write_s,io_s}),
 * and the totals summary.json reports. Written by the recorder only.
 */
public final class IoLog {
    /** Columns of io.csv. */
    public static final String HEADER = "id,io_node,read_bytes,write_bytes,read_s,write_s,io_s";

    private final Writer out;
    private final StringBuilder row = new StringBuilder(128);
    private long jobs;
    private long bytes;
    private long readMicros;
    private long writeMicros;
    private boolean closed;

    private IoLog(Path file) throws IOException {
        out = OutputWriter.open(file, 1 << 14);
        out.write(HEADER + "\n");
    }

    public static IoLog open(Path file) {
        try {
            return new IoLog(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void add(RecorderProtocol.IoEnded e) {
        jobs++;
        bytes += e.readBytes() + e.writeBytes();
        readMicros += e.readTime();
        writeMicros += e.writeTime();
        row.setLength(0);
        row.append(e.job().id()).append(',').append(e.ioNode()).append(',').append(e.readBytes()).append(',')
                .append(e.writeBytes()).append(',');
        SimTime.appendSeconds(row, e.readTime());
        row.append(',');
        SimTime.appendSeconds(row, e.writeTime());
        row.append(',');
        SimTime.appendSeconds(row, e.readTime() + e.writeTime());
        row.append('\n');
        try {
            out.append(row);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Jobs that did I/O. */
    public long jobs() {
        return jobs;
    }

    /** Bytes read and written in all. */
    public long bytes() {
        return bytes;
    }

    /** Mean read plus write time per job, seconds (0 when none). */
    public double meanIoSeconds() {
        return jobs == 0 ? 0 : (readMicros + writeMicros) / 1e6 / jobs;
    }

    public double meanReadSeconds() {
        return jobs == 0 ? 0 : readMicros / 1e6 / jobs;
    }

    public double meanWriteSeconds() {
        return jobs == 0 ? 0 : writeMicros / 1e6 / jobs;
    }
}
