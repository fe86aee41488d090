package org.hpcsim.node;

import java.util.Arrays;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.link.LinkActor;
import org.hpcsim.room.ThermalActor;
import org.hpcsim.scheduling.SchedulerActor;
import org.hpcsim.workload.JobStatus;

/**
 * One compute node. It runs the job the scheduler starts on it for the job's run time, or until its
 * limit (the estimate) if that comes first, then reports the end to the scheduler after the
 * configured report latency. A node runs one job at a time.
 *
 * <p>Under the {@code links} network model a job's end is not known in advance: its lead node (the
 * lowest of its nodes) joins the job's links, follows the stretch they report through a
 * {@link FluidJob}, and when the job ends leaves the links and tells the job's other nodes, which
 * then report as usual.
 *
 * <p>In a modelled room a node tells the thermal actor its power draw whenever it starts or ends a job.
 */
public final class ComputeNodeActor extends ComponentActor<ComputeNodeActor.Command> {

    /** Messages a compute node accepts. */
    public sealed interface Command {
    }

    /**
     * Scheduler -> ComputeNode: run job {@code jobIndex} for {@code runTime} microseconds, killing
     * it at {@code limit} if it runs that long. One instance is shared by all the job's nodes when
     * {@code flow} is null; under the links model the lead's carries the flow and the others' say
     * {@code follower}: they wait for the lead's {@link JobOver}. While it runs the node draws
     * {@code watts} (reported to the thermal actor when the room is modelled).
     */
    public record StartJob(int jobIndex, long runTime, long limit, Flow flow, boolean follower, double watts)
            implements Command {
        /** A self-timed start (no links model). */
        public StartJob(int jobIndex, long runTime, long limit, double watts) {
            this(jobIndex, runTime, limit, null, false, watts);
        }
    }

    /**
     * What the lead of a job needs under the links model.
     *
     * @param nodes   the job's nodes (the lead first or not; the lead skips itself)
     * @param links   link ids the job's flows cross, ascending
     * @param weights the job's flow weight on each of them
     * @param linkBase component id of link 0
     * @param c       communication fraction
     * @param tau     delay factor
     */
    public record Flow(int[] nodes, int[] links, long[] weights, int linkBase, double c, double tau) {
    }

    /** ComputeNode -> itself: the job's time on this node is up. */
    record RunEnds(int jobIndex) implements Command {
    }

    /** Lead ComputeNode -> itself: the job ends now if {@code version} is still the latest prediction. */
    record PredictedEnd(int jobIndex, int version) implements Command {
    }

    /** Link -> lead ComputeNode: link {@code link} now carries {@code total}, of which {@code own} is the job's. */
    public record LinkShare(int jobIndex, int link, long total, long own) implements Command {
    }

    /** Lead ComputeNode -> follower ComputeNode: the job ended with {@code status}. */
    record JobOver(int jobIndex, JobStatus status) implements Command {
    }

    private final Address<SchedulerActor.Command> scheduler;
    private final Address<Command> self;
    private final long reportLatency;
    private final Address<ThermalActor.Command> thermal;
    private final double idleWatts;
    private int job = -1;
    private JobStatus status;
    private Flow flow;
    private FluidJob fluid;
    private int version;
    private long maxLinkLoad;

    private ComputeNodeActor(ActorContext<KernelCommand> context, ComponentSetup setup,
                             Address<SchedulerActor.Command> scheduler, long reportLatency,
                             Address<ThermalActor.Command> thermal, double idleWatts) {
        super(context, setup);
        this.scheduler = scheduler;
        this.self = new Address<>(setup.id());
        this.reportLatency = reportLatency;
        this.thermal = thermal;
        this.idleWatts = idleWatts;
    }

    public static Behavior<KernelCommand> create(ComponentSetup setup, Address<SchedulerActor.Command> scheduler,
                                                 long reportLatency) {
        return create(setup, scheduler, reportLatency, null, 0);
    }

    /** A node in a modelled room: it reports its power draw to {@code thermal}, {@code idleWatts} when idle. */
    public static Behavior<KernelCommand> create(ComponentSetup setup, Address<SchedulerActor.Command> scheduler,
                                                 long reportLatency, Address<ThermalActor.Command> thermal,
                                                 double idleWatts) {
        return Behaviors.setup(ctx -> new ComputeNodeActor(ctx, setup, scheduler, reportLatency, thermal, idleWatts));
    }

    @Override
    protected void onMessage(Command message) {
        if (message instanceof StartJob start) {
            if (job >= 0) {
                throw new IllegalStateException("node " + id() + " got job index " + start.jobIndex()
                        + " while running job index " + job);
            }
            job = start.jobIndex();
            if (thermal != null) {
                send(thermal, new ThermalActor.NodePower(id(), start.watts()));
            }
            if (start.follower()) {
                return;
            }
            if (start.flow() != null) {
                lead(start);
                return;
            }
            boolean killed = start.runTime() > start.limit();
            status = killed ? JobStatus.KILLED : JobStatus.COMPLETED;
            send(self, new RunEnds(job), killed ? start.limit() : start.runTime());
        } else if (message instanceof RunEnds end) {
            report(end.jobIndex(), status, null);
        } else if (message instanceof LinkShare share) {
            if (share.jobIndex() != job || fluid == null) {
                return; // the job ended earlier in this instant
            }
            maxLinkLoad = Math.max(maxLinkLoad, share.total());
            int position = Arrays.binarySearch(flow.links(), share.link());
            if (fluid.update(now(), position, share.total(), share.own())) {
                predict();
            }
        } else if (message instanceof PredictedEnd end) {
            if (end.jobIndex() == job && end.version() == version) {
                endLed();
            }
        } else if (message instanceof JobOver over) {
            report(over.jobIndex(), over.status(), null);
        }
    }

    private void lead(StartJob start) {
        flow = start.flow();
        fluid = new FluidJob(start.runTime(), flow.c(), flow.tau(), now(), now() + start.limit(), flow.links().length);
        maxLinkLoad = 0;
        for (int i = 0; i < flow.links().length; i++) {
            send(new Address<LinkActor.Command>(flow.linkBase() + flow.links()[i]),
                    new LinkActor.Join(job, flow.weights()[i], self));
            maxLinkLoad = Math.max(maxLinkLoad, flow.weights()[i]);
        }
        predict();
    }

    private void predict() {
        long end = fluid.end(now());
        version++;
        send(self, new PredictedEnd(job, version), end - now());
    }

    private void endLed() {
        JobStatus ended = fluid.unfinished(now()) ? JobStatus.KILLED : JobStatus.COMPLETED;
        for (int link : flow.links()) {
            send(new Address<LinkActor.Command>(flow.linkBase() + link), new LinkActor.Leave(job));
        }
        JobOver over = new JobOver(job, ended);
        for (int node : flow.nodes()) {
            if (node != id()) {
                send(new Address<Command>(node), over);
            }
        }
        SchedulerActor.Contention stats = new SchedulerActor.Contention(fluid.sigmaMean(now()), fluid.sigmaMax(),
                maxLinkLoad);
        flow = null;
        fluid = null;
        report(job, ended, stats);
    }

    private void report(int jobIndex, JobStatus ended, SchedulerActor.Contention stats) {
        send(scheduler, new SchedulerActor.NodeReport(jobIndex, id(), now(), ended, stats), reportLatency);
        if (thermal != null) {
            send(thermal, new ThermalActor.NodePower(id(), idleWatts));
        }
        job = -1;
        status = null;
    }
}
