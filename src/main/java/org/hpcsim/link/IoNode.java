package org.hpcsim.link;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;

/**
 * One I/O node of a line machine: the entry point to the file system that a job's read and write
 * streams go through. It speaks the link protocol ({@link LinkProtocol.Join}, {@link LinkProtocol.Leave}, sent
 * by a job's lead at the start and end of each I/O phase with the job's stream count) and, like a link,
 * tells every lead its share once the instant's joins and leaves are in, so jobs streaming through the
 * same I/O node at once share its bandwidth.
 */
public final class IoNode implements Component<LinkProtocol> {

    /** An I/O node: receives the link protocol from the jobs' lead nodes; it sends only to them. */
    public static final ComponentType<LinkProtocol> TYPE = ComponentType.of("io-node", LinkProtocol.class,
            "One I/O node of a line machine: the jobs' read and write streams through it share its bandwidth, as"
                    + " flows share a link").withParameters(
                    param("io.bandwidth", "what one stream moves when alone"),
                    param("io.read", "bytes every job reads at its start"),
                    param("io.write", "bytes every job writes at its end"));

    private final SharedChannel channel;

    /** @param channelId the pseudo-link id the leads know this I/O node by (after the network's links) */
    public IoNode(int channelId) {
        this.channel = new SharedChannel(channelId);
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
    }
}
