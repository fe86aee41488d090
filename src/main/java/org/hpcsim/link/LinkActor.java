package org.hpcsim.link;

import java.util.Arrays;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.node.ComputeNodeActor;
import org.hpcsim.report.Recorder;

/**
 * One network link (a bidirectional channel between neighbouring nodes). Jobs join with their
 * aggregated flow weight on this link (one message per job, never one per communicating pair) and
 * leave when they end. Once the instant's joins and leaves are in (its end-of-instant call), a
 * changed total goes to the lead node of every job on the link, with that job's own weight, so each
 * job can recompute its stretch.
 */
public final class LinkActor extends ComponentActor<LinkActor.Command> {

    /** Messages a link accepts. */
    public sealed interface Command {
    }

    /** Lead ComputeNode -> Link: job {@code jobIndex} puts {@code weight} on this link; its lead is {@code lead}. */
    public record Join(int jobIndex, long weight, Address<ComputeNodeActor.Command> lead) implements Command {
    }

    /** Lead ComputeNode -> Link: job {@code jobIndex} has ended. */
    public record Leave(int jobIndex) implements Command {
    }

    private final int link;
    private final Address<Recorder.Command> recorder;
    private int count;
    private int[] jobs = new int[4];
    private long[] weights = new long[4];
    @SuppressWarnings("unchecked")
    private Address<ComputeNodeActor.Command>[] leads = new Address[4];
    private long total;
    private boolean changed;

    private LinkActor(ActorContext<KernelCommand> context, ComponentSetup setup, int link,
                      Address<Recorder.Command> recorder) {
        super(context, setup);
        this.link = link;
        this.recorder = recorder;
    }

    /**
     * @param link     the link's id in the machine's link map
     * @param recorder where load samples go for links.csv, or null when it is off
     */
    public static Behavior<KernelCommand> create(ComponentSetup setup, int link, Address<Recorder.Command> recorder) {
        return Behaviors.setup(ctx -> new LinkActor(ctx, setup, link, recorder));
    }

    @Override
    protected void onMessage(Command message) {
        if (message instanceof Join join) {
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
        } else if (message instanceof Leave leave) {
            int i = indexOf(leave.jobIndex());
            total -= weights[i];
            // Keep join order: the order updates go out in.
            System.arraycopy(jobs, i + 1, jobs, i, count - i - 1);
            System.arraycopy(weights, i + 1, weights, i, count - i - 1);
            System.arraycopy(leads, i + 1, leads, i, count - i - 1);
            count--;
            leads[count] = null;
        }
        if (!changed) {
            changed = true;
            requestEndOfInstant();
        }
    }

    private int indexOf(int jobIndex) {
        for (int i = 0; i < count; i++) {
            if (jobs[i] == jobIndex) {
                return i;
            }
        }
        throw new IllegalStateException("job index " + jobIndex + " left link " + link + " without joining it");
    }

    @Override
    protected void onEndOfInstant() {
        changed = false;
        for (int i = 0; i < count; i++) {
            send(leads[i], new ComputeNodeActor.LinkShare(jobs[i], link, total, weights[i]));
        }
        if (recorder != null) {
            send(recorder, new Recorder.LinkLoad(link, total, count));
        }
    }
}
