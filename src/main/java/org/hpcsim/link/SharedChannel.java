package org.hpcsim.link;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.NodeProtocol;
import java.util.Arrays;
import org.hpcsim.kernel.Address;

/**
 * What a shared channel (a network link, an I/O node) knows: the jobs on it, in join order, with
 * their weights and lead nodes, and the total weight. Its actor applies the instant's joins and leaves
 * and, at the end of the instant, sends the shares once. Plain Java, owned by one actor.
 */
public final class SharedChannel {
    private final int id;
    private int count;
    private int[] jobs = new int[4];
    private long[] weights = new long[4];
    @SuppressWarnings("unchecked")
    private Address<NodeProtocol>[] leads = new Address[4];
    private long total;
    private boolean changed;

    /** @param id the channel's link id, as the leads know it */
    public SharedChannel(int id) {
        this.id = id;
    }

    /**
     * Applies a join or leave; returns true for the instant's first change, when the actor must ask for
     * its end-of-instant call.
     */
    public boolean apply(LinkProtocol message) {
        if (message instanceof LinkProtocol.Join join) {
            if (count == jobs.length) {
                jobs = Arrays.copyOf(jobs, 2 * count);
                weights = Arrays.copyOf(weights, 2 * count);
                leads = Arrays.copyOf(leads, 2 * count);
            }
            jobs[count] = join.jobIndex();
            weights[count] = join.weight();
            leads[count] = join.lead();
            count++;
            total += join.weight();
        } else if (message instanceof LinkProtocol.Leave leave) {
            int i = indexOf(leave.jobIndex());
            total -= weights[i];
            // Keep join order: the order updates go out in.
            System.arraycopy(jobs, i + 1, jobs, i, count - i - 1);
            System.arraycopy(weights, i + 1, weights, i, count - i - 1);
            System.arraycopy(leads, i + 1, leads, i, count - i - 1);
            count--;
            leads[count] = null;
        }
        boolean first = !changed;
        changed = true;
        return first;
    }

    private int indexOf(int jobIndex) {
        for (int i = 0; i < count; i++) {
            if (jobs[i] == jobIndex) {
                return i;
            }
        }
        throw new IllegalStateException("job index " + jobIndex + " left channel " + id + " without joining it");
    }

    /** Receives one share message per job on the channel. */
    @FunctionalInterface
    public interface Sender {
        void send(Address<NodeProtocol> lead, NodeProtocol.LinkShare share);
    }

    /** At the end of an instant with changes: tells every job's lead the total and its own weight, in join order. */
    public void sendShares(Sender sender) {
        changed = false;
        for (int i = 0; i < count; i++) {
            sender.send(leads[i], new NodeProtocol.LinkShare(jobs[i], id, total, weights[i]));
        }
    }

    public long total() {
        return total;
    }

    /** Jobs on the channel. */
    public int jobs() {
        return count;
    }
}
