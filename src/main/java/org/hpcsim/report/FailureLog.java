package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.FailureLogProtocol;
import org.hpcsim.protocol.Report;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.time.SimTime;

/**
 * {@code events.csv} ({@code time,event,target,effect,cause}: every scripted or drawn event, with
 * what it did; cause = scenario or the failure model) and {@code attempts.csv} ({@code id,attempt,start,end,nodes,outcome,cause,saved_work,
 * lost_node_hours}: every attempt a failure cut short), in the order they are recorded, and the counts
 * summary.json reports. A sink on the events' effects (scheduler, CRAC units) and the failed attempts.
 */
public final class FailureLog extends FileSink<FailureLogProtocol> {

    /** The failure log: receives the events' effects and the attempts a failure cut short; sends nothing. */
    public static final ComponentType<FailureLogProtocol> TYPE = ComponentType.of("failure-log",
            FailureLogProtocol.class, "Writes events.csv (every scripted or drawn event, with what it did) and"
                    + " attempts.csv (every attempt a failure cut short); counts failures and repairs").withParameters(
                    param("failures.model", "on when nodes can fail (or events are scripted)")).asSink();

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

    @Override
    public void onMessage(FailureLogProtocol message, Context context) {
        if (message instanceof Report.EventLogged e) {
            event(e);
        } else if (message instanceof Report.AttemptEnded a) {
            attempt(a);
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void event(Report.EventLogged e) {
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

    private void attempt(Report.AttemptEnded a) {
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

    @Override
    protected void finish() throws IOException {
        events.close();
        attempts.close();
    }

    private static void write(Writer out, CharSequence text) {
        try {
            out.append(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
