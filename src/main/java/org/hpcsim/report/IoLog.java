package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.IoLogProtocol;
import org.hpcsim.protocol.Report;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.time.SimTime;

/**
 * io.csv: one row per job that did I/O and ended ({@code id,io_node,read_bytes,write_bytes,read_s,write_s,io_s}),
 * and the totals summary.json reports. A sink on the scheduler's I/O reports.
 */
public final class IoLog extends FileSink<IoLogProtocol> {

    /** The I/O log: receives the I/O of each job that did some; sends nothing. */
    public static final ComponentType<IoLogProtocol> TYPE = ComponentType.of("io-log", IoLogProtocol.class,
            "Writes io.csv: a row per job that read or wrote through an I/O node; sums the run's I/O").withParameters(
                    param("io.read", "on when jobs read or write"), param("io.write", "on when jobs read or write")).asSink();

    /** Columns of io.csv. */
    public static final String HEADER = "id,io_node,read_bytes,write_bytes,read_s,write_s,io_s";

    private final Writer out;
    private final StringBuilder row = new StringBuilder(128);
    private long jobs;
    private long bytes;
    private long readMicros;
    private long writeMicros;

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

    @Override
    public void onMessage(IoLogProtocol message, Context context) {
        if (message instanceof Report.IoEnded e) {
            add(e);
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void add(Report.IoEnded e) {
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

    @Override
    protected void finish() throws IOException {
        out.close();
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
