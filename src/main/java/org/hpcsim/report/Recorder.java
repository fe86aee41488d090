package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.output.OutputException;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.RecorderProtocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.locality.Locality;
import org.hpcsim.locality.LocalityMeter;
import org.hpcsim.topology.Topology;

/**
 * Records every job's end: streams {@code jobs.csv} rows in the order they are recorded (which the
 * kernel makes deterministic) and accumulates the run's metrics, handed over when the simulation
 * ends. It also keeps the optional logs: the time series (the scheduler's counts, the room's samples,
 * the link loads), links.csv, the room's files, events and attempts, I/O, Batsim's jobs file.
 */
public final class Recorder implements Component<RecorderProtocol> {

    /** The recorder: receives from the scheduler, the links, the room and the CRAC units; sends nothing. */
    public static final ComponentType<RecorderProtocol> TYPE = ComponentType.of("recorder", RecorderProtocol.class,
            "Writes jobs.csv (a row per job, with its locality metrics) and the optional logs (time series,"
                    + " links, room, events and attempts, I/O, Batsim's jobs file); sums the run's metrics").withParameters(
                    param("allocator.span-curve", "the curve span metrics are measured along"),
                    param("output.timeseries", "timeseries.csv, at most one row per output.timeseries-interval"),
                    param("output.batsim", "batsim_jobs.csv"));

    private static final int FLUSH_AT = 1 << 16;

    private final LocalityMeter meter;
    private final LinksCsv links;
    private final ThermalLog thermal;
    private final FailureLog failures;
    private final IoLog io;
    private final TimeSeriesLog series;
    private final BatsimJobsLog batsim;
    private boolean linksPending;
    private final Writer out;
    private final StringBuilder buffer = new StringBuilder(FLUSH_AT + 4096);
    private final RunMetrics metrics;
    private final RunProgress progress;
    private final CompletableFuture<RunMetrics> result;
    private Context ctx;

    /**
     * {@code spanRanks}: each node's rank on the curve that spans are measured along; {@code links}:
     * the links.csv writer ({@link LinksCsv#off()} when it is not wanted); {@code thermal}: the room's
     * log, or null without a thermal model; {@code failures}: events.csv and attempts.csv, or null
     * when nothing can fail; {@code io}: io.csv, or null when no job does I/O; {@code series}:
     * timeseries.csv, or null when it is off; {@code batsim}: Batsim's jobs file, or null when it is off.
     */
    public Recorder(Topology topology, int[] spanRanks, Path jobsCsv, LinksCsv links, ThermalLog thermal,
                    FailureLog failures, IoLog io, TimeSeriesLog series, BatsimJobsLog batsim, RunProgress progress,
                    CompletableFuture<RunMetrics> result) {
        this.series = series;
        this.batsim = batsim;
        this.failures = failures;
        this.io = io;
        this.meter = new LocalityMeter(topology, spanRanks);
        this.links = links;
        this.thermal = thermal;
        this.out = OutputWriter.open(jobsCsv, 1 << 16);
        this.metrics = new RunMetrics(topology.size());
        this.progress = progress;
        this.result = result;
        buffer.append(JobsCsv.HEADER).append('\n');
    }

    @Override
    public void onMessage(RecorderProtocol message, Context context) {
        ctx = context;
        if (message instanceof RecorderProtocol.LinkLoad l) {
            if (series != null) {
                series.linkLoad(ctx.now(), l.link(), l.load());
            }
            if (links.on()) {
                links.changed(l.link(), l.load(), l.jobs());
                if (!linksPending) {
                    linksPending = true;
                    ctx.requestEndOfInstant();
                }
            }
            return;
        }
        if (message instanceof RecorderProtocol.Counts c) {
            series.counts(ctx.now(), c.busy(), c.failed(), c.drained(), c.queued(), c.running());
            return;
        }
        if (message instanceof RecorderProtocol.ThermalSample s) {
            thermal.sample(s);
            if (series != null) {
                series.room(ctx.now(), s.itPower(), s.coolingPower(), s.supply(), s.maxInletActual());
            }
            ctx.requestEndOfInstant();
            return;
        }
        if (message instanceof RecorderProtocol.InletTotals t) {
            thermal.inlets(t);
            return;
        }
        if (message instanceof RecorderProtocol.EventLogged e) {
            failures.event(e);
            return;
        }
        if (message instanceof RecorderProtocol.IoEnded e) {
            io.add(e);
            return;
        }
        if (message instanceof RecorderProtocol.AttemptEnded a) {
            failures.attempt(a);
            metrics.addInterrupted(a.nodes().length, a.start(), a.end(), a.lostNodeMicros());
            return;
        }
        if (!(message instanceof RecorderProtocol.JobEnded e)) {
            throw new UnhandledMessage(message);
        }
        Locality l = e.nodes() == null ? null : meter.measure(e.nodes());
        double cooling = thermal == null || e.nodes() == null ? Double.NaN : thermal.jobCoolingPower(e.start(), e.end());
        JobsCsv.appendRow(buffer, e.job(), e.start(), e.end(), e.nodes(), e.status(), e.reason(), l, e.network(),
                cooling, e.attempts(), e.firstStart());
        if (batsim != null) {
            batsim.add(e);
        }
        metrics.add(e.job().arrival(), e.firstStart(), e.start(), e.end(), e.nodes() == null ? 0 : e.nodes().length,
                e.status(), e.attempts());
        if (e.network() != null) {
            metrics.network().add(e.job(), e.end() - e.start(), e.status(), e.network());
        }
        if (l != null) {
            metrics.locality().add(l, e.end() - e.start());
        }
        progress.recorded();
        if (buffer.length() >= FLUSH_AT) {
            flush();
        }
    }

    @Override
    public void onEndOfInstant(Context context) {
        ctx = context;
        if (thermal != null) {
            thermal.endOfInstant(ctx.now());
        }
        if (linksPending) {
            linksPending = false;
            links.sample(ctx.now());
        }
    }

    private void flush() {
        try {
            out.append(buffer);
            buffer.setLength(0);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    @Override
    public void onSimulationEnd(Context context) {
        ctx = context;
        flush();
        if (thermal != null) {
            thermal.writeInlets(metrics.ran() == 0 ? 0 : metrics.lastEnd());
        }
        if (series != null) {
            series.close();
        }
        if (failures != null) {
            failures.close();
        }
        links.close();
        if (thermal != null) {
            thermal.close();
        }
        if (io != null) {
            io.close();
        }
        if (batsim != null) {
            batsim.close();
        }
        close();
        result.complete(metrics);
    }

    /**
     * Releases the files. After a success {@link #onSimulationEnd} has closed them (reporting any
     * error); after a failure the outputs are discarded, so an error here (the same full disk) would
     * only repeat the failure already reported.
     */
    @Override
    public void onStopped() {
        quietly(() -> {
            if (series != null) {
                series.close();
            }
        });
        quietly(() -> {
            if (failures != null) {
                failures.close();
            }
        });
        quietly(links::close);
        quietly(() -> {
            if (thermal != null) {
                thermal.close();
            }
        });
        quietly(() -> {
            if (io != null) {
                io.close();
            }
        });
        quietly(() -> {
            if (batsim != null) {
                batsim.close();
            }
        });
        quietly(this::close);
    }

    private static void quietly(Runnable close) {
        try {
            close.run();
        } catch (OutputException | UncheckedIOException e) {
            // See onStopped: the run's failure has been reported already.
        }
    }

    private void close() {
        try {
            out.close();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
