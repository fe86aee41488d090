package org.hpcsim.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.locality.Locality;
import org.hpcsim.locality.LocalityMeter;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/**
 * Records every job's end: streams {@code jobs.csv} rows in the order they are recorded (which the
 * kernel makes deterministic) and accumulates the run's metrics, handed over when the simulation
 * ends.
 */
public final class Recorder extends ComponentActor<Recorder.Command> {

    /** Messages the recorder accepts. */
    public sealed interface Command {
    }

    /**
     * Scheduler -> Recorder: a job has its final status. {@code start}, {@code end} and {@code nodes}
     * are -1, -1 and null for a rejected job, which carries its {@code reason}.
     */
    public record JobEnded(Job job, long start, long end, int[] nodes, JobStatus status, String reason)
            implements Command {
    }

    private static final int FLUSH_AT = 1 << 16;

    private final LocalityMeter meter;
    private final Writer out;
    private final StringBuilder buffer = new StringBuilder(FLUSH_AT + 4096);
    private final RunMetrics metrics;
    private final RunProgress progress;
    private final CompletableFuture<RunMetrics> result;

    private Recorder(ActorContext<KernelCommand> context, ComponentSetup setup, Topology topology, int[] spanRanks,
                     Path jobsCsv, RunProgress progress, CompletableFuture<RunMetrics> result) throws IOException {
        super(context, setup);
        this.meter = new LocalityMeter(topology, spanRanks);
        this.out = new BufferedWriter(Files.newBufferedWriter(jobsCsv, StandardCharsets.UTF_8), 1 << 16);
        this.metrics = new RunMetrics(topology.size());
        this.progress = progress;
        this.result = result;
        buffer.append(JobsCsv.HEADER).append('\n');
    }

    /** {@code spanRanks}: each node's rank on the curve that spans are measured along. */
    public static Behavior<KernelCommand> create(ComponentSetup setup, Topology topology, int[] spanRanks,
                                                 Path jobsCsv, RunProgress progress,
                                                 CompletableFuture<RunMetrics> result) {
        return Behaviors.setup(ctx -> new Recorder(ctx, setup, topology, spanRanks, jobsCsv, progress, result));
    }

    @Override
    protected void onMessage(Command message) {
        JobEnded e = (JobEnded) message;
        Locality l = e.nodes() == null ? null : meter.measure(e.nodes());
        JobsCsv.appendRow(buffer, e.job(), e.start(), e.end(), e.nodes(), e.status(), e.reason(), l);
        metrics.add(e.job().arrival(), e.start(), e.end(), e.nodes() == null ? 0 : e.nodes().length, e.status());
        if (l != null) {
            metrics.locality().add(l, e.end() - e.start());
        }
        progress.recorded();
        if (buffer.length() >= FLUSH_AT) {
            flush();
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
    protected void onSimulationEnd() {
        flush();
        close();
        result.complete(metrics);
    }

    @Override
    protected void onStopped() {
        close();
    }

    private void close() {
        try {
            out.close();
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
