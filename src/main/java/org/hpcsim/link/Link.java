package org.hpcsim.link;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.kernel.Addresses;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.Port;
import org.hpcsim.kernel.Ports;

/**
 * One network link (a bidirectional channel between neighbouring nodes). Jobs join with their
 * aggregated flow weight on this link (one message per job, never one per communicating pair) and
 * leave when they end. Once the instant's messages are in (its end-of-instant call), the link tells
 * the lead nodes of the jobs on it what could change their stretch ({@link SharedChannel}), and the
 * listeners to its load (links.csv, the time series) its load if jobs joined or left.
 */
public final class Link implements Component<LinkProtocol> {

    /** Who hears its load: links.csv and timeseries.csv when on. */
    public static final Port<Report.LinkLoad> LOADS = Port.many("loads", Report.LinkLoad.class,
            "its load when jobs join or leave (links.csv, the time series); none when both are off");
    /** A link: receives the link protocol from the jobs' lead nodes, answers them at the addresses they join with. */
    public static final ComponentType<LinkProtocol> TYPE = ComponentType.of("link", LinkProtocol.class,
            "One network link (links model): sums the flows of the jobs crossing it and tells their leads what"
                    + " could change their stretch", LOADS).withParameters(
                    param("network.model", "links: one per link of the mesh, torus or line"),
                    param("network.links-csv", "its load into links.csv"));

    private final int link;
    private final Addresses<Report.LinkLoad> loads;
    private final SharedChannel channel;

    /** The {@code ports.index()}-th link of the machine's link map. */
    public Link(Ports ports) {
        this.link = ports.index();
        this.loads = ports.toAll(LOADS);
        this.channel = new SharedChannel(link);
    }

    @Override
    public void onMessage(LinkProtocol message, Context context) {
        if (channel.apply(message)) {
            context.requestEndOfInstant();
        }
    }

    @Override
    public void onEndOfInstant(Context context) {
        channel.sendShares(context::send);
        if (channel.takeChanged() && loads.size() > 0) {
            Report.LinkLoad load = new Report.LinkLoad(link, channel.total(), channel.jobs());
            for (int i = 0; i < loads.size(); i++) {
                context.send(loads.get(i), load);
            }
        }
    }
}
