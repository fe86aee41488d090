package org.hpcsim.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.ViewProtocol;

/**
 * The live view's sink ({@code run --serve}): keeps what the page shows that no model state holds, the
 * room's last sample and every node's inlet, each link's load and the latest events, for the view's
 * sampler to read between instants (the kernel calls it then, when nothing runs). It writes nothing and
 * sends nothing, so a run with it gives the outputs of the same run without it.
 */
public final class ViewSink implements Component<ViewProtocol> {

    /** The live view: receives the events, the room's samples and inlets, the links' loads; sends nothing. */
    public static final ComponentType<ViewProtocol> TYPE = ComponentType.of("view", ViewProtocol.class,
            "Keeps what the live view of run --serve shows that no model holds (the room's last sample and"
                    + " inlets, the links' loads, the latest events), for its sampler to read between instants").asSink();

    /** How many of the latest events it keeps. */
    public static final int EVENTS = 100;

    private final long[] loads;
    private final ArrayDeque<Report.EventLogged> events = new ArrayDeque<>();
    private Report.ThermalSample sample;
    private double[] inlets;

    /** For a machine of {@code links} links under the links model, else 0. */
    public ViewSink(int links) {
        this.loads = new long[links];
    }

    @Override
    public void onMessage(ViewProtocol message, Context context) {
        if (message instanceof Report.EventLogged e) {
            if (events.size() == EVENTS) {
                events.removeFirst();
            }
            events.addLast(e);
        } else if (message instanceof Report.ThermalSample s) {
            sample = s;
        } else if (message instanceof Report.InletMap m) {
            inlets = m.inlets();
        } else if (message instanceof Report.LinkLoad l) {
            loads[l.link()] = l.load();
        } else {
            throw new UnhandledMessage(message);
        }
    }

    /** The room's last sample, or null (no room, or not sampled yet). */
    public Report.ThermalSample sample() {
        return sample;
    }

    /** A copy of every node's inlet at the last sample, or null. */
    public double[] inlets() {
        return inlets == null ? null : inlets.clone();
    }

    /** A copy of each link's load (empty without the links model). */
    public long[] loads() {
        return Arrays.copyOf(loads, loads.length);
    }

    /** The latest events, oldest first. */
    public List<Report.EventLogged> events() {
        return new ArrayList<>(events);
    }
}
