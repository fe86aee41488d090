package org.hpcsim.link;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.RecorderProtocol;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;

/**
 * One network link (a bidirectional channel between neighbouring nodes). Jobs join with their
 * aggregated flow weight on this link (one message per job, never one per communicating pair) and
 * leave when they end. Once the instant's joins and leaves are in (its end-of-instant call), a
 * changed total goes to the lead node of every job on the link, with that job's own weight, so each
 * job can recompute its stretch.
 */
public final class LinkActor extends ComponentActor<LinkProtocol> {


    private final int link;
    private final Address<RecorderProtocol> recorder;
    private final SharedChannel channel;

    private LinkActor(ActorContext<KernelCommand> context, ComponentSetup setup, int link,
                      Address<RecorderProtocol> recorder) {
        super(context, setup);
        this.link = link;
        this.recorder = recorder;
        this.channel = new SharedChannel(link);
    }

    /**
     * @param link     the link's id in the machine's link map
     * @param recorder where load samples go for links.csv and timeseries.csv, or null when both are off
     */
    public static Behavior<KernelCommand> create(ComponentSetup setup, int link, Address<RecorderProtocol> recorder) {
        return Behaviors.setup(ctx -> new LinkActor(ctx, setup, link, recorder));
    }

    @Override
    protected void onMessage(LinkProtocol message) {
        if (channel.apply(message)) {
            requestEndOfInstant();
        }
    }

    @Override
    protected void onEndOfInstant() {
        channel.sendShares(this::send);
        if (recorder != null) {
            send(recorder, new RecorderProtocol.LinkLoad(link, channel.total(), channel.jobs()));
        }
    }
}
