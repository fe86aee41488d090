package org.hpcsim.scheduling;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.node.ComputeNodeActor;
import org.hpcsim.report.Recorder;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/**
 * The scheduler: queues arriving jobs, and once every arrival and completion of an instant has been
 * applied (its end-of-instant call) runs one pass of the policy, which starts jobs by messaging
 * their nodes. A job's nodes are freed when all of them have reported its end; reports arrive
 * asynchronously, each after the nodes' report latency. Final statuses of the instant go to the
 * recorder in the same end-of-instant call, so recording costs no extra round.
 */
public final class SchedulerActor extends ComponentActor<SchedulerActor.Command> {

    /** Messages the scheduler accepts. */
    public sealed interface Command {
    }

    /** TraceFeeder -> Scheduler: a job arrives (at its arrival time). */
    public record JobArrived(Job job) implements Command {
    }

    /**
     * ComputeNode -> Scheduler: the job's run on {@code node} ended at {@code endTime} with
     * {@code status}; a lead node under the links model adds the contention it saw, others null.
     */
    public record NodeReport(int jobIndex, int node, long endTime, JobStatus status, Contention contention)
            implements Command {
    }

    /** The contention a job met: time-weighted mean and largest stretch, and the most load on one of its links. */
    public record Contention(double sigmaMean, double sigmaMax, long maxLinkLoad) {
    }

    /** A running job waiting for its nodes' reports. */
    private static final class Pending {
        final RunningJob run;
        int remaining;
        long end;
        JobStatus status = JobStatus.COMPLETED;
        final NetworkPlanner.Plan plan;
        Contention contention;

        Pending(RunningJob run, NetworkPlanner.Plan plan) {
            this.run = run;
            this.plan = plan;
            this.remaining = run.nodes().length;
        }
    }

    private final SchedulerCore core;
    private final Address<Recorder.Command> recorder;
    private final Map<Integer, Pending> pending = new HashMap<>();
    private final List<Recorder.JobEnded> ended = new ArrayList<>();
    private final Address<ComputeNodeActor.Command>[] nodes;
    private final NetworkPlanner network;
    private final PowerModel power;

    @SuppressWarnings({"unchecked", "rawtypes"})
    private SchedulerActor(ActorContext<KernelCommand> context, ComponentSetup setup, SchedulerCore core,
                           Address<Recorder.Command> recorder, NetworkPlanner network, PowerModel power) {
        super(context, setup);
        this.core = core;
        this.recorder = recorder;
        this.network = network;
        this.power = power;
        this.nodes = new Address[core.machine().size()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = new Address<>(i);
        }
    }

    /** {@code network}: the network model's planner, or null when run times ignore the network. */
    public static Behavior<KernelCommand> create(ComponentSetup setup, SchedulerCore core,
                                                 Address<Recorder.Command> recorder, NetworkPlanner network) {
        return create(setup, core, recorder, network, null);
    }

    /** {@code power}: the node power model of a modelled room, or null; it sets the watts nodes draw running a job. */
    public static Behavior<KernelCommand> create(ComponentSetup setup, SchedulerCore core,
                                                 Address<Recorder.Command> recorder, NetworkPlanner network,
                                                 PowerModel power) {
        return Behaviors.setup(ctx -> new SchedulerActor(ctx, setup, core, recorder, network, power));
    }

    @Override
    protected void onMessage(Command message) {
        if (message instanceof JobArrived arrived) {
            Job job = arrived.job();
            String reason = core.submit(job);
            if (reason != null) {
                ended.add(new Recorder.JobEnded(job, -1, -1, null, JobStatus.REJECTED, reason, null));
            }
            requestEndOfInstant();
        } else if (message instanceof NodeReport report) {
            Pending p = pending.get(report.jobIndex());
            if (p == null) {
                throw new IllegalStateException("report from node " + report.node() + " for job index "
                        + report.jobIndex() + ", which is not running");
            }
            p.end = Math.max(p.end, report.endTime());
            if (report.status() == JobStatus.KILLED) {
                p.status = JobStatus.KILLED;
            }
            if (report.contention() != null) {
                p.contention = report.contention();
            }
            if (--p.remaining == 0) {
                pending.remove(report.jobIndex());
                core.finish(report.jobIndex());
                RunningJob r = p.run;
                ended.add(new Recorder.JobEnded(r.job(), r.start(), p.end, r.nodes(), p.status, null, use(p)));
                requestEndOfInstant();
            }
        }
    }

    @Override
    protected void onEndOfInstant() {
        for (Recorder.JobEnded e : ended) {
            send(recorder, e);
        }
        ended.clear();
        List<RunningJob> started = core.schedule(now());
        for (RunningJob r : started) {
            Job job = r.job();
            NetworkPlanner.Plan plan = network == null ? null : network.plan(job, r.nodes(), random());
            pending.put(job.index(), new Pending(r, plan));
            double watts = watts(plan);
            if (plan != null && plan.flow() != null) {
                int lead = r.nodes()[0];
                ComputeNodeActor.StartJob follow = new ComputeNodeActor.StartJob(job.index(), plan.runTime(),
                        plan.limit(), null, true, watts);
                for (int node : r.nodes()) {
                    send(nodes[node], node == lead
                            ? new ComputeNodeActor.StartJob(job.index(), plan.runTime(), plan.limit(), plan.flow(), false,
                                    watts)
                            : follow);
                }
                continue;
            }
            ComputeNodeActor.StartJob start = new ComputeNodeActor.StartJob(job.index(),
                    plan == null ? job.runTime() : plan.runTime(), plan == null ? job.estimate() : plan.limit(), watts);
            for (int node : r.nodes()) {
                send(nodes[node], start);
            }
        }
    }

    /**
     * The watts a node of the job draws: the power model's mix for the default communication share,
     * or with a network model the job's own share, c tau / ((1 - c) + c tau) of its stretched run
     * time (Meng et al.'s Eq. 2). 0 without a modelled room.
     */
    private double watts(NetworkPlanner.Plan plan) {
        if (power == null) {
            return 0;
        }
        if (plan == null) {
            return power.busy();
        }
        double c = network.communicationFraction();
        double comm = c * plan.tau();
        return 1 - c + comm > 0 ? power.busy(comm / (1 - c + comm)) : power.busy(c);
    }

    /** What the recorder reports of the job's network use, or null without a network model. */
    private static Recorder.NetworkUse use(Pending p) {
        if (p.plan == null) {
            return null;
        }
        Contention c = p.contention;
        return new Recorder.NetworkUse(p.plan.tau(), c == null ? Double.NaN : c.sigmaMean(),
                c == null ? Double.NaN : c.sigmaMax(), p.plan.hopBytes(),
                c == null ? p.plan.maxOwnWeight() : c.maxLinkLoad());
    }
}
