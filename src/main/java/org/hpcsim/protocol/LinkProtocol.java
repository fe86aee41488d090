package org.hpcsim.protocol;

import org.hpcsim.kernel.Address;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.NodeProtocol;
/**
 * The link protocol: what a link (or an I/O node) accepts. Each record says who sends it to whom.
 */
public sealed interface LinkProtocol {

    /** Lead ComputeNode -> Link: job {@code jobIndex} puts {@code weight} on this link; its lead is {@code lead}. */
    public record Join(int jobIndex, long weight, Address<NodeProtocol> lead) implements LinkProtocol {
    }

    /** Lead ComputeNode -> Link: job {@code jobIndex} has ended. */
    public record Leave(int jobIndex) implements LinkProtocol {
    }
}
