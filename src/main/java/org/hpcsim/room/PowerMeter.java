package org.hpcsim.room;

import static org.hpcsim.kernel.ComponentType.param;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.protocol.PowerProtocol;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.thermal.RoomLayout;

/**
 * A power meter on every rack of a modelled room: it listens to the nodes' power reports (the
 * {@link PowerProtocol.NodePower} they send to the thermal actor, wired to it as well) and, once
 * per instant in which a draw changed, writes a row of {@code power.csv} (the draws as the instant
 * settled: an instant whose rounds end jobs and then start others has one row):
 * {@code time,it_power_w,rack_ROW_RACK_w,...} (racks in row-major order, watts with three decimals).
 * Before the first row every node draws its idle power. It is an instrument, like SST's statistics:
 * it writes its own file (staged with the run's other outputs) and sends nothing.
 */
public final class PowerMeter implements Component<PowerProtocol> {

    /** The power meter: receives the nodes' power draws; it has no ports. */
    public static final ComponentType<PowerProtocol> TYPE = ComponentType.of("power-meter", PowerProtocol.class,
            "Writes power.csv: the IT power of every rack and of the room, a row per instant a node's draw"
                    + " changed").withParameters(
                    param("thermal.power-csv", "on or off")).asSink();

    private final int[] rackOf;
    private final double[] nodeWatts;
    private final double[] rackWatts;
    private final OutputWriter out;
    private final StringBuilder row = new StringBuilder(256);
    private boolean changed;
    /** The instant whose row is in {@link #row}, not written yet (a later end-of-instant call may replace it). */
    private long pending = Long.MIN_VALUE;

    /**
     * @param layout    the room's rows and racks
     * @param nodes     the machine's nodes (at most the layout's)
     * @param idleWatts every node's draw before its first report
     * @param file      where power.csv goes
     */
    public PowerMeter(RoomLayout layout, int nodes, double idleWatts, Path file) {
        int racks = layout.rows() * layout.racksPerRow();
        this.rackOf = new int[nodes];
        this.nodeWatts = new double[nodes];
        this.rackWatts = new double[racks];
        for (int i = 0; i < nodes; i++) {
            rackOf[i] = layout.row(i) * layout.racksPerRow() + layout.rack(i);
            nodeWatts[i] = idleWatts;
        }
        this.out = OutputWriter.open(file, 1 << 16);
        row.append("time,it_power_w");
        for (int r = 0; r < racks; r++) {
            row.append(",rack_").append(r / layout.racksPerRow()).append('_').append(r % layout.racksPerRow())
                    .append("_w");
        }
        write();
    }

    @Override
    public void onMessage(PowerProtocol message, Context context) {
        if (message instanceof PowerProtocol.NodePower p) {
            nodeWatts[p.node()] = p.watts();
            if (!changed) {
                changed = true;
                context.requestEndOfInstant();
            }
        } else {
            throw new UnhandledMessage(message);
        }
    }

    /** Sums the racks afresh from the nodes, so that rounding never accumulates over a long run. */
    @Override
    public void onEndOfInstant(Context context) {
        changed = false;
        if (pending != context.now()) {
            write();
        }
        row.setLength(0);
        pending = context.now();
        Arrays.fill(rackWatts, 0);
        double total = 0;
        for (int i = 0; i < nodeWatts.length; i++) {
            rackWatts[rackOf[i]] += nodeWatts[i];
            total += nodeWatts[i];
        }
        SimTime.appendSeconds(row, context.now());
        row.append(',').append(watts(total));
        for (double w : rackWatts) {
            row.append(',').append(watts(w));
        }
    }

    /** The file is complete when the simulation ends (a failed run's outputs are discarded whole). */
    @Override
    public void onSimulationEnd(Context context) {
        write();
        out.close();
    }

    @Override
    public void onStopped() {
        out.close();
    }

    /** Writes the row held, if any. */
    private void write() {
        if (row.length() > 0) {
            row.append('\n');
            out.append(row);
            row.setLength(0);
        }
    }

    private static String watts(double w) {
        return String.format(Locale.ROOT, "%.3f", w);
    }
}
