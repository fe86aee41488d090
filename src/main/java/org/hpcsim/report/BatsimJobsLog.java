package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import java.nio.file.Path;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;
import org.hpcsim.batsim.BatsimJobsCsv;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.time.SimTime;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.workload.Job;
import org.hpcsim.protocol.BatsimJobsProtocol;
import org.hpcsim.protocol.Report;

/**
 * {@value BatsimJobsCsv#FILE} ({@code output.batsim}): Batsim's jobs file, one row per job in the order
 * jobs.csv has them ({@link BatsimJobsCsv} formats it). A sink on the scheduler's job ends.
 */
public final class BatsimJobsLog extends FileSink<BatsimJobsProtocol> {

    /** Batsim's jobs file: receives the jobs' ends; sends nothing. */
    public static final ComponentType<BatsimJobsProtocol> TYPE = ComponentType.of("batsim-jobs-log",
            BatsimJobsProtocol.class, "Writes batsim_jobs.csv: Batsim's jobs file, a row per job").withParameters(
                    param("output.batsim", "on or off")).asSink();

    /** The watts each node of a job draws while it runs, given the job's network use (null without a network model). */
    @FunctionalInterface
    public interface NodeWatts {
        double of(Report.NetworkUse use);
    }

    private final OutputWriter out;
    private final Function<Job, String> ids;
    private final IntFunction<String> profiles;
    private final ToLongFunction<Job> walltimes;
    private final NodeWatts watts;
    private final StringBuilder buffer = new StringBuilder(1 << 16);

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
     * {@code watts}: the node power of a modelled room, or null (the consumed_energy column is then
     * -1, as Batsim writes it without energy). A job's energy from the nodes' power states
     * ({@code energy.enabled}) comes first.
     */
    public static BatsimJobsLog open(Path file, Function<Job, String> ids, IntFunction<String> profiles,
                                     ToLongFunction<Job> walltimes, NodeWatts watts) {
        return new BatsimJobsLog(file, ids, profiles, walltimes, watts);
    }

    @Override
    public void onMessage(BatsimJobsProtocol message, Context context) {
        if (message instanceof Report.JobEnded e) {
            add(e);
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void add(Report.JobEnded e) {
        double joules = e.energy();
        if (Double.isNaN(joules) && watts != null && e.nodes() != null && e.start() >= 0) {
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

    @Override
    protected void finish() {
        try {
            flush();
        } finally {
            out.close();
        }
    }
}
