package org.hpcsim.report;

import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;
import org.hpcsim.batsim.BatsimJobsCsv;
import org.hpcsim.kernel.SimTime;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.workload.Job;
import org.hpcsim.protocol.RecorderProtocol;

/**
 * {@value BatsimJobsCsv#FILE} ({@code output.batsim}): Batsim's jobs file, one row per job in the order
 * jobs.csv has them ({@link BatsimJobsCsv} formats it). Written by the recorder only.
 */
public final class BatsimJobsLog {

    /** The watts each node of a job draws while it runs, given the job's network use (null without a network model). */
    @FunctionalInterface
    public interface NodeWatts {
        double of(RecorderProtocol.NetworkUse use);
    }

    private final OutputWriter out;
    private final Function<Job, String> ids;
    private final IntFunction<String> profiles;
    private final ToLongFunction<Job> walltimes;
    private final NodeWatts watts;
    private final StringBuilder buffer = new StringBuilder(1 << 16);
    private boolean closed;

    private BatsimJobsLog(Path file, Function<Job, String> ids, IntFunction<String> profiles,
                          ToLongFunction<Job> walltimes, NodeWatts watts) {
        this.out = OutputWriter.open(file, 1 << 16);
        this.ids = ids;
        this.profiles = profiles;
        this.walltimes = walltimes;
        this.watts = watts;
        buffer.append(BatsimJobsCsv.HEADER).append('\n');
    }

    /**
     * Opens the file. {@code ids}: a job's id as Batsim writes it (a Batsim workload's name for it);
     * {@code profiles}: a job's profile name by its index ("" when the trace has none);
     * {@code walltimes}: a job's walltime as Batsim has it (microseconds, -1 for none);
     * {@code watts}: the node power of a modelled room, or null when energy is not modelled (the
     * consumed_energy column is then -1, as Batsim writes it without energy).
     */
    public static BatsimJobsLog open(Path file, Function<Job, String> ids, IntFunction<String> profiles,
                                     ToLongFunction<Job> walltimes, NodeWatts watts) {
        return new BatsimJobsLog(file, ids, profiles, walltimes, watts);
    }

    void add(RecorderProtocol.JobEnded e) {
        double joules = Double.NaN;
        if (watts != null && e.nodes() != null && e.start() >= 0) {
            joules = watts.of(e.network()) * e.nodes().length * SimTime.toSeconds(e.end() - e.start());
        }
        BatsimJobsCsv.appendRow(buffer, e.job(), ids.apply(e.job()), profiles.apply(e.job().index()),
                walltimes.applyAsLong(e.job()), e.start(), e.end(), e.nodes(),
                e.status(), e.reason(), joules);
        if (buffer.length() >= 1 << 16) {
            flush();
        }
    }

    private void flush() {
        out.append(buffer);
        buffer.setLength(0);
    }

    void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            flush();
        } finally {
            out.close();
        }
    }
}
