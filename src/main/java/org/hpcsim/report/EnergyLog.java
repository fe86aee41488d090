package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.EnergyLogProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.time.SimTime;

/**
 * energy.csv ({@code node,energy_j}: what each node drew from time 0 to the run's end) and the totals
 * of summary.json's energy block. A sink on the scheduler's energy report.
 */
public final class EnergyLog extends FileSink<EnergyLogProtocol> {

    /** The energy log: receives each node's energy at the run's end; sends nothing. */
    public static final ComponentType<EnergyLogProtocol> TYPE = ComponentType.of("energy-log", EnergyLogProtocol.class,
            "Writes energy.csv: the energy each node drew from time 0 to the run's end; sums it for the summary")
            .withParameters(param("energy.enabled", "on with node power states")).asSink();

    /** Columns of energy.csv. */
    public static final String HEADER = "node,energy_j";

    private final Writer out;
    private double total = Double.NaN;
    private long end;

    private EnergyLog(Path file) throws IOException {
        out = OutputWriter.open(file, 1 << 14);
        out.write(HEADER + "\n");
    }

    public static EnergyLog open(Path file) {
        try {
            return new EnergyLog(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void onMessage(EnergyLogProtocol message, Context context) {
        if (message instanceof Report.EnergyTotals t) {
            totals(t);
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void totals(Report.EnergyTotals t) {
        StringBuilder sb = new StringBuilder(t.joules().length * 16);
        total = 0;
        for (int i = 0; i < t.joules().length; i++) {
            total += t.joules()[i];
            sb.append(i).append(',').append(String.format(java.util.Locale.ROOT, "%.3f", t.joules()[i])).append('\n');
        }
        end = t.time();
        try {
            out.append(sb);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected void finish() throws IOException {
        out.close();
    }

    /** Joules all nodes drew from time 0 to the run's end; NaN before the end. */
    public double totalJoules() {
        return total;
    }

    /** The run's end, to which energy is counted (microseconds). */
    public long end() {
        return end;
    }

    /** The nodes' mean power from time 0 to the run's end (W); 0 for a run of no length. */
    public double meanWatts() {
        return end == 0 ? 0 : total / SimTime.toSeconds(end);
    }
}
