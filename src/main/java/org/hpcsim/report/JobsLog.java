package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.locality.Locality;
import org.hpcsim.locality.LocalityMeter;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.JobsProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.topology.Topology;

/**
 * Records every job's end: streams {@code jobs.csv} rows, with each job's locality metrics, in the
 * order they are recorded (which the kernel makes deterministic), and accumulates the run's metrics,
 * handed over when the simulation ends. In a modelled room it also listens to the room's samples: a
 * job's cooling power is the room's mean cooling power over its run, known only from their history.
 */
public final class JobsLog extends FileSink<JobsProtocol> {

    /** The jobs' sink: receives the jobs' ends and failed attempts from the scheduler, the room's samples; sends nothing. */
    public static final ComponentType<JobsProtocol> TYPE = ComponentType.of("jobs-log", JobsProtocol.class,
            "Writes jobs.csv (a row per job, with its locality metrics and, in a modelled room, its cooling power);"
                    + " sums the run's metrics").withParameters(
                    param("allocator.span-curve", "the curve span metrics are measured along")).asSink();

    private static final int FLUSH_AT = 1 << 16;

    private final LocalityMeter meter;
    private final CoolingHistory cooling = new CoolingHistory();
    /** The cooling power of the instant's last room sample, committed at its end when {@code samplePending}. */
    private double pendingCooling;
    private boolean samplePending;
    private final Writer out;
    private final StringBuilder buffer = new StringBuilder(FLUSH_AT + 4096);
    private final RunMetrics metrics;
    /** Whether rows end with the job's energy. */
    private final boolean energy;
    private final RunProgress progress;
    private final CompletableFuture<RunMetrics> result;

    /**
     * {@code spanRanks}: each node's rank on the curve that spans are measured along; {@code result}: the
     * run's metrics, completed when the simulation ends.
     */
    public JobsLog(Topology topology, int[] spanRanks, Path jobsCsv, RunProgress progress,
                   CompletableFuture<RunMetrics> result) {
        this(topology, spanRanks, jobsCsv, progress, result, false);
    }

    /** As above; {@code energy}: energy is modelled, and each row ends with the job's energy_j. */
    public JobsLog(Topology topology, int[] spanRanks, Path jobsCsv, RunProgress progress,
                   CompletableFuture<RunMetrics> result, boolean energy) {
        this.energy = energy;
        this.meter = new LocalityMeter(topology, spanRanks);
        this.out = OutputWriter.open(jobsCsv, 1 << 16);
        this.metrics = new RunMetrics(topology.size());
        this.progress = progress;
        this.result = result;
        buffer.append(JobsCsv.HEADER).append(energy ? JobsCsv.ENERGY_COLUMN : "").append('\n');
    }

    @Override
    public void onMessage(JobsProtocol message, Context context) {
        if (message instanceof Report.JobEnded e) {
            ended(e);
        } else if (message instanceof Report.AttemptEnded a) {
            metrics.addInterrupted(a.nodes().length, a.start(), a.end(), a.lostNodeMicros());
        } else if (message instanceof Report.ThermalSample s) {
            pendingCooling = s.coolingPower();
            samplePending = true;
            context.requestEndOfInstant();
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void ended(Report.JobEnded e) {
        Locality l = e.nodes() == null ? null : meter.measure(e.nodes());
        double coolingPower = Double.NaN;
        if (e.nodes() != null && cooling.samples() > 0 && e.end() > e.start()) {
            coolingPower = cooling.meanPower(e.start(), e.end());
            metrics.addJobCoolingPower(coolingPower);
        }
        JobsCsv.appendRow(buffer, e.job(), e.start(), e.end(), e.nodes(), e.status(), e.reason(), l, e.network(),
                coolingPower, e.attempts(), e.firstStart());
        if (energy) {
            // The row's line end moves after the job's energy.
            buffer.setLength(buffer.length() - 1);
            buffer.append(',');
            if (!Double.isNaN(e.energy())) {
                buffer.append(String.format(java.util.Locale.ROOT, "%.3f", e.energy()));
                metrics.addJobEnergy(e.energy());
            }
            buffer.append('\n');
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

    /** The room's last sample of the instant holds from now on (a job ending now is measured before it). */
    @Override
    public void onEndOfInstant(Context context) {
        if (samplePending) {
            cooling.commit(context.now(), pendingCooling);
            samplePending = false;
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
        close();
        result.complete(metrics);
    }

    @Override
    protected void finish() throws IOException {
        flush();
        out.close();
    }
}
