package org.hpcsim.node;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.scheduling.SchedulerActor;
import org.hpcsim.workload.JobStatus;

/**
 * One compute node. It runs the job the scheduler starts on it for the job's run time, or until its
 * limit (the estimate) if that comes first, then reports the end to the scheduler after the
 * configured report latency. A node runs one job at a time.
 */
public final class ComputeNodeActor extends ComponentActor<ComputeNodeActor.Command> {

    /** Messages a compute node accepts. */
    public sealed interface Command {
    }

    /**
     * Scheduler -> ComputeNode: run job {@code jobIndex} for {@code runTime} microseconds, killing
     * it at {@code limit} if it runs that long. One instance is shared by all the job's nodes.
     */
    public record StartJob(int jobIndex, long runTime, long limit) implements Command {
    }

    /** ComputeNode -> itself: the job's time on this node is up. */
    record RunEnds(int jobIndex) implements Command {
    }

    private final Address<SchedulerActor.Command> scheduler;
    private final Address<Command> self;
    private final long reportLatency;
    private int job = -1;
    private JobStatus status;

    private ComputeNodeActor(ActorContext<KernelCommand> context, ComponentSetup setup,
                             Address<SchedulerActor.Command> scheduler, long reportLatency) {
        super(context, setup);
        this.scheduler = scheduler;
        this.self = new Address<>(setup.id());
        this.reportLatency = reportLatency;
    }

    public static Behavior<KernelCommand> create(ComponentSetup setup, Address<SchedulerActor.Command> scheduler,
                                                 long reportLatency) {
        return Behaviors.setup(ctx -> new ComputeNodeActor(ctx, setup, scheduler, reportLatency));
    }

    @Override
    protected void onMessage(Command message) {
        if (message instanceof StartJob start) {
            if (job >= 0) {
                throw new IllegalStateException("node " + id() + " got job index " + start.jobIndex()
                        + " while running job index " + job);
            }
            job = start.jobIndex();
            boolean killed = start.runTime() > start.limit();
            status = killed ? JobStatus.KILLED : JobStatus.COMPLETED;
            send(self, new RunEnds(job), killed ? start.limit() : start.runTime());
        } else if (message instanceof RunEnds end) {
            send(scheduler, new SchedulerActor.NodeReport(end.jobIndex(), id(), now(), status), reportLatency);
            job = -1;
            status = null;
        }
    }
}
