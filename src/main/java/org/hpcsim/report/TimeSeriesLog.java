package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.time.SimTime;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.TimeSeriesProtocol;

/**
 * {@code timeseries.csv}: the machine's state at the end of each instant at which something it shows
 * changed, thinned to at most one row per interval.
 *
 * <p>Columns: {@code time,busy_nodes,failed_nodes,drained_nodes,queued_jobs,running_jobs,utilization},
 * then with the thermal model {@code it_power_w,cooling_power_w,supply_c,max_inlet_c} (the room's last
 * sample; empty before the first), then with the links model {@code mean_link_load,max_link_load}.
 *
 * <p>Updates come with the time of the instant they belong to. An instant's state is complete when the
 * first update of a later instant arrives (or the log is closed): only then is it compared with the
 * previous instant's and, if it differs, written or held. So a component may report several times in
 * one instant (the last report wins) and the row still shows the instant's end. Thinning: a changed
 * instant is written when it is at least {@code interval} after the last written row; the first changed
 * instant always is, and the last one is written when the log closes if it was held back.
 *
 * <p>A sink on the scheduler's counts, the room's samples and the links' loads.
 */
public final class TimeSeriesLog extends FileSink<TimeSeriesProtocol> {

    /** The time series: receives the machine's counts, the room's samples, the links' loads; sends nothing. */
    public static final ComponentType<TimeSeriesProtocol> TYPE = ComponentType.of("timeseries-log",
            TimeSeriesProtocol.class, "Writes timeseries.csv: the machine's state (and the room's and the links'"
                    + " figures when modelled) at the instants it changed").withParameters(
                    param("output.timeseries", "on or off"),
                    param("output.timeseries-interval", "at most one row per interval")).asSink();

    private static final int FLUSH_AT = 1 << 16;

    private final Writer out;
    private final int nodes;
    private final boolean thermal;
    /** Whether the nodes' power states are modelled: their power and states are columns. */
    private final boolean energy;
    private final long interval;
    private final StringBuilder buffer = new StringBuilder(FLUSH_AT + 256);
    /** Each link's load (links model), for the mean and the max; null without the links model. */
    private final long[] loads;
    /** The state as updated so far (of instant {@code instant}). */
    private final State now = new State();
    /**
     * The state at the end of the last changed instant (at first the state before any: nothing running,
     * no sample): what {@code now} must differ from to make a row.
     */
    private final State shown = new State();
    /** The last changed instant when it was held back by the interval, to be written if nothing follows. */
    private final State held = new State();
    private boolean holding;
    private long instant = Long.MIN_VALUE;
    private boolean dirty;
    /** {@code now.maxLoad} may be above every link's load: the link that had it lost load. */
    private boolean maxStale;
    private long lastWritten = Long.MIN_VALUE;
    private boolean written;

    /** What one row shows. */
    private static final class State {
        long time;
        int busy;
        int failed;
        int drained;
        int queued;
        int running;
        double itPower = Double.NaN;
        double coolingPower = Double.NaN;
        double supply = Double.NaN;
        double maxInlet = Double.NaN;
        long totalLoad;
        long maxLoad;
        double nodePower = Double.NaN;
        int sleeping;
        int switching;

        void copy(State s) {
            nodePower = s.nodePower;
            sleeping = s.sleeping;
            switching = s.switching;
            time = s.time;
            busy = s.busy;
            failed = s.failed;
            drained = s.drained;
            queued = s.queued;
            running = s.running;
            itPower = s.itPower;
            coolingPower = s.coolingPower;
            supply = s.supply;
            maxInlet = s.maxInlet;
            totalLoad = s.totalLoad;
            maxLoad = s.maxLoad;
        }

        /** Same values (the time aside); NaN equals NaN. */
        boolean sameAs(State s) {
            return busy == s.busy && failed == s.failed && drained == s.drained && queued == s.queued
                    && running == s.running && Double.compare(itPower, s.itPower) == 0
                    && Double.compare(coolingPower, s.coolingPower) == 0 && Double.compare(supply, s.supply) == 0
                    && Double.compare(maxInlet, s.maxInlet) == 0 && totalLoad == s.totalLoad && maxLoad == s.maxLoad
                    && Double.compare(nodePower, s.nodePower) == 0 && sleeping == s.sleeping && switching == s.switching;
        }
    }

    /**
     * Writes to {@code out} for a machine of {@code nodes} nodes; {@code thermal}: with the room's
     * columns; {@code links}: the machine's links under the links model (mean over all of them), or -1
     * without the link columns; {@code interval} in microseconds.
     */
    TimeSeriesLog(Writer out, int nodes, boolean thermal, int links, long interval) {
        this(out, nodes, thermal, links, interval, false);
    }

    /** As above; {@code energy}: with the nodes' power and power states (and, in a modelled room, the sum of IT and cooling power). */
    TimeSeriesLog(Writer out, int nodes, boolean thermal, int links, long interval, boolean energy) {
        if (interval < 0) {
            throw new IllegalArgumentException("negative interval " + interval);
        }
        this.out = out;
        this.nodes = nodes;
        this.thermal = thermal;
        this.energy = energy;
        this.loads = links < 0 ? null : new long[links];
        this.interval = interval;
        buffer.append(header(thermal, links >= 0)).append(energy ? energyHeader(thermal) : "").append('\n');
    }

    /** Writes {@code timeseries.csv} to {@code file}; see {@link #TimeSeriesLog(Writer, int, boolean, int, long)}. */
    public static TimeSeriesLog open(Path file, int nodes, boolean thermal, int links, long interval) {
        return open(file, nodes, thermal, links, interval, false);
    }

    /** As above, with the energy columns when {@code energy}. */
    public static TimeSeriesLog open(Path file, int nodes, boolean thermal, int links, long interval, boolean energy) {
        return new TimeSeriesLog(OutputWriter.open(file, 1 << 16), nodes, thermal, links, interval, energy);
    }

    /** The energy columns, after the others: the nodes' power and states, and in a modelled room IT plus cooling. */
    public static String energyHeader(boolean thermal) {
        return ",node_power_w,sleeping_nodes,switching_nodes" + (thermal ? ",total_power_w" : "");
    }

    /** The header line, with the optional column groups. */
    public static String header(boolean thermal, boolean links) {
        return "time,busy_nodes,failed_nodes,drained_nodes,queued_jobs,running_jobs,utilization"
                + (thermal ? ",it_power_w,cooling_power_w,supply_c,max_inlet_c" : "")
                + (links ? ",mean_link_load,max_link_load" : "");
    }

    @Override
    public void onMessage(TimeSeriesProtocol message, Context context) {
        if (message instanceof Report.Counts c) {
            counts(context.now(), c.busy(), c.failed(), c.drained(), c.queued(), c.running());
        } else if (message instanceof Report.ThermalSample s) {
            room(context.now(), s.itPower(), s.coolingPower(), s.supply(), s.maxInletActual());
        } else if (message instanceof Report.LinkLoad l) {
            linkLoad(context.now(), l.link(), l.load());
        } else if (message instanceof Report.NodePowers p) {
            advance(context.now());
            now.nodePower = p.watts();
            now.sleeping = p.sleeping();
            now.switching = p.switching();
            dirty = true;
        } else {
            throw new UnhandledMessage(message);
        }
    }

    /** The scheduler's counts at {@code time}, after its pass. */
    void counts(long time, int busy, int failed, int drained, int queued, int running) {
        advance(time);
        State s = now;
        s.busy = busy;
        s.failed = failed;
        s.drained = drained;
        s.queued = queued;
        s.running = running;
        dirty = true;
    }

    /** The room's sample at {@code time}: IT and cooling power (W), the coldest working supply (NaN: none) and the hottest delivered inlet (C). */
    void room(long time, double itPower, double coolingPower, double supply, double maxInlet) {
        advance(time);
        State s = now;
        s.itPower = itPower;
        s.coolingPower = coolingPower;
        s.supply = supply;
        s.maxInlet = maxInlet;
        dirty = true;
    }

    /**
     * Link {@code link} carries {@code load} from {@code time} on. The total is kept as loads change and
     * the max raised at once; when the link holding the max loses load, the max is found again only when
     * the instant is evaluated (O(links), at most once per instant).
     */
    void linkLoad(long time, int link, long load) {
        advance(time);
        long old = loads[link];
        if (old == load) {
            return;
        }
        loads[link] = load;
        State s = now;
        s.totalLoad += load - old;
        if (load >= s.maxLoad) {
            s.maxLoad = load;
            maxStale = false;
        } else if (old == s.maxLoad) {
            maxStale = true;
        }
        dirty = true;
    }

    /** A later instant begins: the one before is complete; compare it with the last and write or hold it. */
    private void advance(long time) {
        if (time == instant) {
            return;
        }
        evaluate();
        instant = time;
    }

    private void evaluate() {
        if (!dirty) {
            return;
        }
        dirty = false;
        if (maxStale) {
            long max = 0;
            for (long l : loads) {
                max = Math.max(max, l);
            }
            now.maxLoad = max;
            maxStale = false;
        }
        if (now.sameAs(shown)) {
            return;
        }
        now.time = instant;
        shown.copy(now);
        if (!written || instant - lastWritten >= interval) {
            write(now);
            holding = false;
        } else {
            held.copy(now);
            holding = true;
        }
    }

    private void write(State s) {
        written = true;
        lastWritten = s.time;
        StringBuilder sb = buffer;
        SimTime.appendSeconds(sb, s.time);
        sb.append(',').append(s.busy).append(',').append(s.failed).append(',').append(s.drained).append(',')
                .append(s.queued).append(',').append(s.running).append(',');
        JobsCsv.appendFraction(sb, s.busy, nodes);
        if (thermal) {
            sb.append(',');
            decimal(sb, s.itPower, 3);
            sb.append(',');
            decimal(sb, s.coolingPower, 3);
            sb.append(',');
            decimal(sb, s.supply, 6);
            sb.append(',');
            decimal(sb, s.maxInlet, 6);
        }
        if (loads != null) {
            sb.append(',');
            JobsCsv.appendFraction(sb, s.totalLoad, loads.length);
            sb.append(',').append(s.maxLoad);
        }
        if (energy) {
            sb.append(',');
            decimal(sb, s.nodePower, 3);
            sb.append(',').append(s.sleeping).append(',').append(s.switching);
            if (thermal) {
                sb.append(',');
                decimal(sb, s.itPower + s.coolingPower, 3);
            }
        }
        sb.append('\n');
        if (sb.length() >= FLUSH_AT) {
            flush();
        }
    }

    /** As thermal.csv writes them; empty for NaN (no sample yet, or no working unit). */
    private static void decimal(StringBuilder sb, double v, int digits) {
        if (!Double.isNaN(v)) {
            sb.append(String.format(Locale.ROOT, "%." + digits + "f", v));
        }
    }

    private void flush() {
        try {
            out.append(buffer);
            buffer.setLength(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected void finish() throws IOException {
        evaluate();
        if (holding) {
            write(held);
            holding = false;
        }
        flush();
        out.close();
    }
}
