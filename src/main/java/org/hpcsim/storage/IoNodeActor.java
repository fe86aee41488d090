package org.hpcsim.storage;

import org.hpcsim.protocol.LinkProtocol;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.link.SharedChannel;

/**
 * One I/O node of a line machine: the entry point to the file system that a job's read and write
 * streams go through. It speaks the link protocol ({@link LinkProtocol.Join}, {@link LinkProtocol.Leave}, sent
 * by a job's lead at the start and end of each I/O phase with the job's stream count) and, like a link,
 * tells every lead its share once the instant's joins and leaves are in, so jobs streaming through the
 * same I/O node at once share its bandwidth.
 */
public final class IoNodeActor extends ComponentActor<LinkProtocol> {
    private final SharedChannel channel;

    private IoNodeActor(ActorContext<KernelCommand> context, ComponentSetup setup, int channelId) {
        super(context, setup);
        this.channel = new SharedChannel(channelId);
    }

    /** @param channelId the pseudo-link id the leads know this I/O node by (after the network's links) */
    public static Behavior<KernelCommand> create(ComponentSetup setup, int channelId) {
        return Behaviors.setup(ctx -> new IoNodeActor(ctx, setup, channelId));
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
    }
}
