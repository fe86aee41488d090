package org.hpcsim.report;

import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.RecorderProtocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;
import org.hpcsim.kernel.SimTime;

/**
 * {@code events.csv} ({@code time,event,target,effect,cause}: every scripted or drawn event, with
 * what it did; cause = scenario or the failure model) and {@code attempts.csv} ({@code id,attempt,start,end,nodes,outcome,cause,saved_work,
 * lost_node_hours}: every attempt a failure cut short), written by the recorder in recording order,
 * and the counts summary.json reports.
 */
public final class FailureLog {
    /** Columns of events.csv. */
    public static final String EVENTS_HEADER = "time,event,target,effect,cause";
    /** Columns of attempts.csv. */
    public static final String ATTEMPTS_HEADER = "id,attempt,start,end,nodes,outcome,cause,saved_work,lost_node_hours";

    private final Writer events;
    private final Writer attempts;
    private final StringBuilder row = new StringBuilder(256);
    private long nodeFailures;
    private long nodeRepairs;
    private long linkFailures;
    private long linkRepairs;
    private long eventRows;
    private boolean closed;

    private FailureLog(Path eventsCsv, Path attemptsCsv) throws IOException {
        this.events = OutputWriter.open(eventsCsv, 1 << 14);
        this.attempts = OutputWriter.open(attemptsCsv, 1 << 14);
        events.write(EVENTS_HEADER + "\n");
        attempts.write(ATTEMPTS_HEADER + "\n");
    }

    public static FailureLog open(Path eventsCsv, Path attemptsCsv) {
        try {
            return new FailureLog(eventsCsv, attemptsCsv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void event(RecorderProtocol.EventLogged e) {
        eventRows++;
        boolean changed = e.changed();
        if (changed && e.event().equals("fail") && e.target().startsWith("node")) {
            nodeFailures++;
        } else if (changed && e.event().equals("repair") && e.target().startsWith("node")) {
            nodeRepairs++;
        } else if (changed && e.event().equals("fail") && e.target().startsWith("link")) {
            linkFailures++;
        } else if (changed && e.event().equals("repair") && e.target().startsWith("link")) {
            linkRepairs++;
        }
        row.setLength(0);
        SimTime.appendSeconds(row, e.time());
        row.append(',').append(e.event()).append(',');
        JobsCsv.appendQuoted(row, e.target());
        row.append(',');
        JobsCsv.appendQuoted(row, e.effect());
        row.append(',');
        JobsCsv.appendQuoted(row, e.cause());
        write(events, row.append('\n'));
    }

    void attempt(RecorderProtocol.AttemptEnded a) {
        row.setLength(0);
        row.append(a.job().id()).append(',').append(a.attempt()).append(',');
        SimTime.appendSeconds(row, a.start());
        row.append(',');
        SimTime.appendSeconds(row, a.end());
        row.append(',');
        JobsCsv.appendNodes(row, a.nodes());
        row.append(',').append(a.outcome()).append(',');
        JobsCsv.appendQuoted(row, a.cause());
        row.append(',');
        SimTime.appendSeconds(row, a.savedWork());
        row.append(',').append(String.format(Locale.ROOT, "%.6f", a.lostNodeMicros() / 3.6e9));
        write(attempts, row.append('\n'));
    }

    /** Node failures that took a working node down (scripted or drawn). */
    public long nodeFailures() {
        return nodeFailures;
    }

    public long nodeRepairs() {
        return nodeRepairs;
    }

    public long linkFailures() {
        return linkFailures;
    }

    public long linkRepairs() {
        return linkRepairs;
    }

    /** Rows of events.csv. */
    public long events() {
        return eventRows;
    }

    void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            events.close();
            attempts.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Writer out, CharSequence text) {
        try {
            out.append(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
