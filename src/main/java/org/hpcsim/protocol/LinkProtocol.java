package org.hpcsim.protocol;

import org.hpcsim.kernel.Address;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.NodeProtocol;
/**
 * The link protocol: what a link (or an I/O node) accepts. Each record says who sends it to whom.
 */
public sealed interface LinkProtocol {

    /**
     * Lead ComputeNode -> Link: job {@code jobIndex} puts {@code weight} on this link, the {@code position}-th
     * of its flow {@code epoch}; its lead is {@code lead}. The link's shares carry the position and epoch back.
     */
    public record Join(int jobIndex, long weight, Address<NodeProtocol> lead, int position, int epoch)
            implements LinkProtocol {
    }

    /** Lead ComputeNode -> Link: job {@code jobIndex} has ended (or its flows moved). */
    public record Leave(int jobIndex) implements LinkProtocol {
    }

    /**
     * Lead ComputeNode -> Link: this link is (on) or no longer is (off) job {@code jobIndex}'s bottleneck.
     * While on, the link reports every change of its total to the job, not only rises; turning it on is
     * answered with a share at the end of the instant.
     */
    public record Watch(int jobIndex, boolean on) implements LinkProtocol {
    }

    /** Lead ComputeNode -> Link: send job {@code jobIndex} its current share at the end of the instant. */
    public record Refresh(int jobIndex) implements LinkProtocol {
    }
}
