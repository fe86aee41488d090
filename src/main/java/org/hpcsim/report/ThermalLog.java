package org.hpcsim.report;

import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.RecorderProtocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.hpcsim.kernel.SimTime;
import org.hpcsim.thermal.RoomLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The room's time series and energy: {@code thermal.csv} (one row per instant the room changed:
 * {@code time,it_power_w,cooling_power_w,supply_c,max_inlet_c,max_inlet_actual_c,hottest_node,redline_violation}),
 * optionally {@code node-power.csv} ({@code time,node,watts} per change), {@code inlet.csv} (each
 * node's time-weighted mean and hottest delivered inlet:
 * {@code node,row,rack,slot,mean_inlet_c,max_inlet_c}), the IT and cooling energy integrated over the
 * run, peak inlet temperatures, redline violations, and each job's mean cooling power over its run.
 * Every value holds from its sample until the next (a step function).
 */
public final class ThermalLog {
    private static final Logger LOG = LoggerFactory.getLogger(ThermalLog.class);
    private static final int FLUSH_AT = 1 << 16;

    private final Writer out;
    private final Writer power;
    private final Path inletFile;
    private final RoomLayout layout;
    private RecorderProtocol.InletTotals inlets;
    private final StringBuilder buffer = new StringBuilder(FLUSH_AT + 1024);
    private final StringBuilder powerBuffer = new StringBuilder();
    private long[] times = new long[1024];
    /** Cooling energy (J) from the first sample to times[i]. */
    private double[] coolingEnergy = new double[1024];
    private int samples;
    private long lastTime;
    private double it;
    private double cooling;
    private double itEnergy;
    private double peakInlet = Double.NEGATIVE_INFINITY;
    private double peakActual = Double.NEGATIVE_INFINITY;
    private double coldestSupply = Double.POSITIVE_INFINITY;
    private boolean violating;
    private long violationStart;
    private long violationTime;
    private int violations;
    private double jobPowerSum;
    private long jobs;
    private RecorderProtocol.ThermalSample pending;
    private RecorderProtocol.ThermalSample last;
    private boolean closed;

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
    public RecorderProtocol.ThermalSample lastSample() {
        return last;
    }

    /** A sample taken at {@code time}; the instant's last sample wins, committed by {@link #endOfInstant}. */
    void sample(RecorderProtocol.ThermalSample s) {
        pending = s;
    }

    void endOfInstant(long time) {
        RecorderProtocol.ThermalSample s = pending;
        if (s == null) {
            return;
        }
        pending = null;
        last = s;
        advance(time);
        if (samples == times.length) {
            times = Arrays.copyOf(times, 2 * samples);
            coolingEnergy = Arrays.copyOf(coolingEnergy, 2 * samples);
        }
        times[samples] = time;
        coolingEnergy[samples] = samples == 0 ? 0 : coolingEnergy[samples - 1]
                + cooling * SimTime.toSeconds(time - times[samples - 1]);
        samples++;
        lastTime = time;
        it = s.itPower();
        cooling = s.coolingPower();
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
        }
    }

    /** Cooling energy (J) from the first sample to {@code time} (at or after the first sample). */
    private double coolingEnergyAt(long time) {
        int i = Arrays.binarySearch(times, 0, samples, time);
        if (i >= 0) {
            return coolingEnergy[i];
        }
        int before = -i - 2;
        if (before < 0) {
            return 0;
        }
        double rate = before == samples - 1 ? cooling : (coolingEnergy[before + 1] - coolingEnergy[before])
                / SimTime.toSeconds(times[before + 1] - times[before]);
        return coolingEnergy[before] + rate * SimTime.toSeconds(time - times[before]);
    }

    /** The mean cooling power (W) over a job's run [start, end), or NaN for a run of no length; counted in the summary. */
    double jobCoolingPower(long start, long end) {
        if (samples == 0 || end <= start) {
            return Double.NaN;
        }
        double mean = (coolingEnergyAt(end) - coolingEnergyAt(start)) / SimTime.toSeconds(end - start);
        jobPowerSum += mean;
        jobs++;
        return mean;
    }

    /** The thermal actor's per-node inlet totals, sent as the run ends. */
    void inlets(RecorderProtocol.InletTotals totals) {
        inlets = totals;
    }

    /**
     * Writes inlet.csv, one row per node: its delivered inlet's time-weighted mean from the first sample
     * to {@code end} (the last job's end, or the last sample if later: the span {@link #summary} integrates
     * energy over) and its maximum over every sample, six decimals. Both are empty if the room was never
     * sampled.
     */
    void writeInlets(long end) {
        StringBuilder sb = new StringBuilder(64 * layout.nodes() + 64);
        sb.append("node,row,rack,slot,mean_inlet_c,max_inlet_c\n");
        RecorderProtocol.InletTotals t = inlets;
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

    /** The run's figures, integrated up to {@code end} (the last job's end). */
    public Summary summary(long end) {
        long from = samples == 0 ? end : times[0];
        long to = Math.max(end, lastTime);
        double itJ = itEnergy + it * SimTime.toSeconds(to - lastTime);
        double coolJ = coolingEnergyAt(to);
        double seconds = SimTime.toSeconds(to - from);
        long violated = violationTime + (violating ? to - violationStart : 0);
        return new Summary(itJ / 3.6e6, coolJ / 3.6e6, seconds > 0 ? itJ / seconds : it,
                seconds > 0 ? coolJ / seconds : cooling, jobs == 0 ? Double.NaN : jobPowerSum / jobs,
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

    /** Flushes and closes the files; later calls do nothing (the recorder may stop after the run's end). */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            flush();
            out.close();
            if (power != null) {
                power.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
