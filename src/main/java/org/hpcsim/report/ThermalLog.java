package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.RoomLogProtocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.workload.JobStatus;
import org.hpcsim.thermal.RoomLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The room's time series and energy: {@code thermal.csv} (one row per instant the room changed:
 * {@code time,it_power_w,cooling_power_w,supply_c,max_inlet_c,max_inlet_actual_c,hottest_node,redline_violation}),
 * optionally {@code node-power.csv} ({@code time,node,watts} per change), {@code inlet.csv} (each
 * node's time-weighted mean and hottest delivered inlet:
 * {@code node,row,rack,slot,mean_inlet_c,max_inlet_c}), the IT and cooling energy integrated over the
 * run, peak inlet temperatures and redline violations. Every value holds from its sample until the
 * next (a step function). A sink on the thermal actor's samples and inlet totals and on the
 * scheduler's job ends (the last end, up to which inlets are averaged and energy integrated).
 */
public final class ThermalLog extends FileSink<RoomLogProtocol> {

    /** The room's logs: receive the thermal actor's samples and totals and the jobs' ends; send nothing. */
    public static final ComponentType<RoomLogProtocol> TYPE = ComponentType.of("room-log", RoomLogProtocol.class,
            "Writes thermal.csv (a row per instant the room changed), node-power.csv and inlet.csv; sums the"
                    + " room's energy, peak inlets and redline violations for the summary").withParameters(
                    param("thermal.enabled", "on with the room model"),
                    param("thermal.node-power-csv", "node-power.csv")).asSink();

    private static final Logger LOG = LoggerFactory.getLogger(ThermalLog.class);
    private static final int FLUSH_AT = 1 << 16;

    private final Writer out;
    private final Writer power;
    private final Path inletFile;
    private final RoomLayout layout;
    private Report.InletTotals inlets;
    private final StringBuilder buffer = new StringBuilder(FLUSH_AT + 1024);
    private final StringBuilder powerBuffer = new StringBuilder();
    /** Samples committed, the first one's time and the last one's (they hold until the next). */
    private int samples;
    private long firstTime;
    private long lastTime;
    private double it;
    private double itEnergy;
    /**
     * The cooling power since the last sample and the cooling energy up to it, integrated as the IT
     * energy is: only the total is reported here (jobs.csv's sink keeps the history a job's mean needs).
     */
    private double cooling;
    private double coolingEnergy;
    private double peakInlet = Double.NEGATIVE_INFINITY;
    private double peakActual = Double.NEGATIVE_INFINITY;
    private double coldestSupply = Double.POSITIVE_INFINITY;
    private boolean violating;
    private long violationStart;
    private long violationTime;
    private int violations;
    private Report.ThermalSample pending;
    private Report.ThermalSample last;
    /** The end of the last job that ran, Long.MIN_VALUE before any. */
    private long lastEnd = Long.MIN_VALUE;

    private ThermalLog(Path file, Path nodePower, Path inletFile, RoomLayout layout) throws IOException {
        this.inletFile = inletFile;
        this.layout = layout;
        this.out = OutputWriter.open(file, 1 << 16);
        out.write("time,it_power_w,cooling_power_w,supply_c,max_inlet_c,max_inlet_actual_c,hottest_node,redline_violation\n");
        if (nodePower != null) {
            this.power = OutputWriter.open(nodePower, 1 << 16);
            power.write("time,node,watts\n");
        } else {
            this.power = null;
        }
    }

    /**
     * Writes {@code thermal.csv} to {@code file}, unless null {@code node-power.csv} to {@code nodePower},
     * and at the end {@code inlet.csv} to {@code inletFile}, placing nodes in the room by {@code layout}.
     */
    public static ThermalLog open(Path file, Path nodePower, Path inletFile, RoomLayout layout) {
        try {
            return new ThermalLog(file, nodePower, inletFile, layout);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The room as of the last instant simulated (the state a paused run's console shows), or null before
     * the room's first sample.
     */
    public Report.ThermalSample lastSample() {
        return last;
    }

    @Override
    public void onMessage(RoomLogProtocol message, Context context) {
        if (message instanceof Report.ThermalSample s) {
            // The instant's last sample wins, committed at its end.
            pending = s;
            context.requestEndOfInstant();
        } else if (message instanceof Report.InletTotals t) {
            inlets = t;
        } else if (message instanceof Report.JobEnded e) {
            if (e.status() != JobStatus.REJECTED && e.start() >= 0) {
                lastEnd = Math.max(lastEnd, e.end());
            }
        } else {
            throw new UnhandledMessage(message);
        }
    }

    @Override
    public void onEndOfInstant(Context context) {
        long time = context.now();
        Report.ThermalSample s = pending;
        if (s == null) {
            return;
        }
        pending = null;
        last = s;
        advance(time);
        if (samples++ == 0) {
            firstTime = time;
        }
        cooling = s.coolingPower();
        lastTime = time;
        it = s.itPower();
        peakInlet = Math.max(peakInlet, s.maxInlet());
        peakActual = Math.max(peakActual, s.maxInletActual());
        if (!Double.isNaN(s.supply())) {
            coldestSupply = Math.min(coldestSupply, s.supply());
        }
        if (s.violation() && !violating) {
            violations++;
            violationStart = time;
            LOG.warn("redline exceeded at {} s: node {} inlet {} C", SimTime.toSeconds(time), s.hottestNode(),
                    String.format(Locale.ROOT, "%.3f", s.maxInletActual()));
        } else if (!s.violation() && violating) {
            violationTime += time - violationStart;
        }
        violating = s.violation();
        SimTime.appendSeconds(buffer, time);
        buffer.append(',');
        decimal(buffer, s.itPower(), 3);
        buffer.append(',');
        decimal(buffer, s.coolingPower(), 3);
        buffer.append(',');
        if (!Double.isNaN(s.supply())) {
            decimal(buffer, s.supply(), 6);
        }
        buffer.append(',');
        decimal(buffer, s.maxInlet(), 6);
        buffer.append(',');
        decimal(buffer, s.maxInletActual(), 6);
        buffer.append(',').append(s.hottestNode()).append(',').append(s.violation() ? 1 : 0).append('\n');
        if (power != null && s.nodes() != null) {
            for (int i = 0; i < s.nodes().length; i++) {
                SimTime.appendSeconds(powerBuffer, time);
                powerBuffer.append(',').append(s.nodes()[i]).append(',');
                decimal(powerBuffer, s.watts()[i], 3);
                powerBuffer.append('\n');
            }
        }
        if (buffer.length() >= FLUSH_AT || powerBuffer.length() >= FLUSH_AT) {
            flush();
        }
    }

    private void advance(long time) {
        if (samples > 0) {
            itEnergy += it * SimTime.toSeconds(time - lastTime);
            coolingEnergy += cooling * SimTime.toSeconds(time - lastTime);
        }
    }

    /** The run ends: inlet.csv, up to the last job's end (0 when none ran), and the files closed. */
    @Override
    public void onSimulationEnd(Context context) {
        writeInlets(lastEnd == Long.MIN_VALUE ? 0 : lastEnd);
        close();
    }

    /**
     * Writes inlet.csv, one row per node: its delivered inlet's time-weighted mean from the first sample
     * to {@code end} (the last job's end, or the last sample if later: the span {@link #summary} integrates
     * energy over) and its maximum over every sample, six decimals. Both are empty if the room was never
     * sampled.
     */
    private void writeInlets(long end) {
        StringBuilder sb = new StringBuilder(64 * layout.nodes() + 64);
        sb.append("node,row,rack,slot,mean_inlet_c,max_inlet_c\n");
        Report.InletTotals t = inlets;
        long to = t == null ? end : Math.max(end, t.last());
        double tail = t == null ? 0 : SimTime.toSeconds(to - t.last());
        double span = t == null ? 0 : SimTime.toSeconds(to - t.first());
        for (int i = 0; i < layout.nodes(); i++) {
            sb.append(i).append(',').append(layout.row(i)).append(',').append(layout.rack(i)).append(',')
                    .append(layout.slot(i)).append(',');
            if (t != null) {
                double last = t.lastInlet()[i];
                decimal(sb, span > 0 ? (t.inletSeconds()[i] + last * tail) / span : last, 6);
                sb.append(',');
                decimal(sb, t.maxInlet()[i], 6);
            } else {
                sb.append(',');
            }
            sb.append('\n');
        }
        OutputWriter.write(inletFile, sb);
    }

    /**
     * The run's figures, integrated up to {@code end} (the last job's end); {@code meanJobCoolingPower}
     * from the jobs' sink, which measures each job's.
     */
    public Summary summary(long end, double meanJobCoolingPower) {
        long from = samples == 0 ? end : firstTime;
        long to = Math.max(end, lastTime);
        double itJ = itEnergy + it * SimTime.toSeconds(to - lastTime);
        double coolJ = samples == 0 || to == lastTime ? coolingEnergy
                : coolingEnergy + cooling * SimTime.toSeconds(to - lastTime);
        double seconds = SimTime.toSeconds(to - from);
        long violated = violationTime + (violating ? to - violationStart : 0);
        return new Summary(itJ / 3.6e6, coolJ / 3.6e6, seconds > 0 ? itJ / seconds : it,
                seconds > 0 ? coolJ / seconds : cooling, meanJobCoolingPower,
                peakInlet, peakActual, coldestSupply, violations, SimTime.toSeconds(violated), samples);
    }

    /**
     * The room's figures over a run.
     *
     * @param itEnergyKwh          IT energy
     * @param coolingEnergyKwh     cooling energy
     * @param meanItPower          time-weighted mean IT power, W
     * @param meanCoolingPower     time-weighted mean cooling power, W
     * @param meanJobCoolingPower  mean over jobs of each job's mean cooling power during its run, W
     * @param peakInlet            highest inlet temperature at the nominal supply (T_sup + D P), C
     * @param peakInletActual      highest inlet temperature with the supply the units delivered, C
     * @param coldestSupply        coldest supply any unit delivered, C
     * @param redlineViolations    times the delivered inlet temperature went over the redline
     * @param violationSeconds     time spent over the redline
     * @param samples              instants sampled
     */
    public record Summary(double itEnergyKwh, double coolingEnergyKwh, double meanItPower, double meanCoolingPower,
                          double meanJobCoolingPower, double peakInlet, double peakInletActual, double coldestSupply,
                          int redlineViolations, double violationSeconds, int samples) {
    }

    private static void decimal(StringBuilder sb, double v, int digits) {
        sb.append(String.format(Locale.ROOT, "%." + digits + "f", v));
    }

    private void flush() {
        try {
            out.append(buffer);
            buffer.setLength(0);
            if (power != null) {
                power.append(powerBuffer);
                powerBuffer.setLength(0);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected void finish() throws IOException {
        flush();
        out.close();
        if (power != null) {
            power.close();
        }
    }
}
