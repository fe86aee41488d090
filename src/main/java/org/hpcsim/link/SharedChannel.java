package org.hpcsim.link;

import java.util.Arrays;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.NodeProtocol;

/**
 * What a shared channel (a network link, an I/O node) knows: the jobs on it, in join order, with
 * their weights and lead nodes, and the total weight. Its actor applies the instant's messages and, at
 * the end of the instant, sends the shares that are due. Plain Java, owned by one actor.
 *
 * <p>A job's stretch is the largest, over its links, of total / own weight, so a link need not tell a
 * job every change: only what could raise the job's largest ratio, or lower it where the link is the
 * largest. A share is due to a job at the end of an instant when
 * <ul>
 * <li>it joined (its first share),</li>
 * <li>the total is above the one last sent to it (so what the job holds for this link never falls
 * below the truth: it is the truth or an upper bound),</li>
 * <li>the job watches this link (its bottleneck: {@link LinkProtocol.Watch}) and the total changed, or</li>
 * <li>the job asked ({@link LinkProtocol.Refresh}, or turning a watch on).</li>
 * </ul>
 * Falls on links that are not a job's bottleneck are not sent; when the bottleneck falls, the job asks
 * the links whose bound lies above it ({@link org.hpcsim.node.FluidJob}). Over the first 20,000 jobs
 * of {@code bench run --scenario torus32k} this sent 9.9 M shares (and the leads 0.9 M requests) where
 * telling every job every change sent 33.8 M.
 */
public final class SharedChannel {
    private final int id;
    private int count;
    private int[] jobs = new int[4];
    private long[] weights = new long[4];
    @SuppressWarnings("unchecked")
    private Address<NodeProtocol>[] leads = new Address[4];
    private int[] positions = new int[4];
    private int[] epochs = new int[4];
    /** The total last sent to each job; -1 before its first share. */
    private long[] sent = new long[4];
    private boolean[] watched = new boolean[4];
    private boolean[] asked = new boolean[4];
    private long total;
    /** Whether jobs joined or left since the last end of instant (a load sample is due). */
    private boolean changed;
    /** Whether the end-of-instant call is already asked for. */
    private boolean due;

    /** @param id the channel's link id, as the leads know it */
    public SharedChannel(int id) {
        this.id = id;
    }

    /**
     * Applies one message; returns true when the actor must ask for its end-of-instant call (the
     * instant's first message that may make a share due).
     */
    public boolean apply(LinkProtocol message) {
        if (message instanceof LinkProtocol.Join join) {
            join(join);
            changed = true;
        } else if (message instanceof LinkProtocol.Leave leave) {
            remove(indexOf(leave.jobIndex()));
            changed = true;
        } else if (message instanceof LinkProtocol.Watch watch) {
            int i = indexOf(watch.jobIndex());
            watched[i] = watch.on();
            if (!watch.on()) {
                return false; // nothing to send
            }
            asked[i] = true;
        } else if (message instanceof LinkProtocol.Refresh refresh) {
            asked[indexOf(refresh.jobIndex())] = true;
        } else {
            throw new UnhandledMessage(message);
        }
        boolean first = !due;
        due = true;
        return first;
    }

    private void join(LinkProtocol.Join join) {
        if (count == jobs.length) {
            int n = 2 * count;
            jobs = Arrays.copyOf(jobs, n);
            weights = Arrays.copyOf(weights, n);
            leads = Arrays.copyOf(leads, n);
            positions = Arrays.copyOf(positions, n);
            epochs = Arrays.copyOf(epochs, n);
            sent = Arrays.copyOf(sent, n);
            watched = Arrays.copyOf(watched, n);
            asked = Arrays.copyOf(asked, n);
        }
        jobs[count] = join.jobIndex();
        weights[count] = join.weight();
        leads[count] = join.lead();
        positions[count] = join.position();
        epochs[count] = join.epoch();
        sent[count] = -1;
        watched[count] = false;
        asked[count] = false;
        count++;
        total += join.weight();
    }

    private void remove(int i) {
        total -= weights[i];
        // Keep join order: the order shares go out in.
        int tail = count - i - 1;
        System.arraycopy(jobs, i + 1, jobs, i, tail);
        System.arraycopy(weights, i + 1, weights, i, tail);
        System.arraycopy(leads, i + 1, leads, i, tail);
        System.arraycopy(positions, i + 1, positions, i, tail);
        System.arraycopy(epochs, i + 1, epochs, i, tail);
        System.arraycopy(sent, i + 1, sent, i, tail);
        System.arraycopy(watched, i + 1, watched, i, tail);
        System.arraycopy(asked, i + 1, asked, i, tail);
        count--;
        leads[count] = null;
    }

    private int indexOf(int jobIndex) {
        for (int i = 0; i < count; i++) {
            if (jobs[i] == jobIndex) {
                return i;
            }
        }
        throw new IllegalStateException("job index " + jobIndex + " is not on channel " + id
                + " (a leave, watch or refresh without a join)");
    }

    /** Receives one share message. */
    @FunctionalInterface
    public interface Sender {
        void send(Address<NodeProtocol> lead, NodeProtocol.LinkShare share);
    }

    /** At the end of an instant: sends every share that is due (see the class comment), in join order. */
    public void sendShares(Sender sender) {
        due = false;
        for (int i = 0; i < count; i++) {
            long last = sent[i];
            if (last < 0 || asked[i] || total > last || watched[i] && total != last) {
                sent[i] = total;
                asked[i] = false;
                sender.send(leads[i], new NodeProtocol.LinkShare(jobs[i], id, positions[i], epochs[i], total, weights[i]));
            }
        }
    }

    /** Whether jobs joined or left since the last call (then the load is worth a sample); clears it. */
    public boolean takeChanged() {
        boolean c = changed;
        changed = false;
        return c;
    }

    public long total() {
        return total;
    }

    /** Jobs on the channel. */
    public int jobs() {
        return count;
    }
}
