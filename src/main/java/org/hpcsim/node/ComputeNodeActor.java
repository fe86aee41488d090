package org.hpcsim.node;

import java.util.Arrays;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.failure.FailureModel;
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
 * <p>In a modelled room a node tells the thermal actor its power draw whenever it starts or ends a job,
 * fails (0 W) or is repaired (idle).
 *
 * <p>Failures: a node fails on a scripted event ({@link Fail}) or, under a stochastic failure model,
 * on its own, drawing its times to failure and to repair from its own random stream. A failed node
 * stops its job, reports the failure to the scheduler (after the report latency) and refuses jobs
 * until repaired. The scheduler stops the job's other nodes with {@link Abort}. Every node reports
 * each job it was given exactly once: its end, its abort, or its failure.
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
     * @param io      the job's I/O streams (a line with I/O nodes), or null when it does no I/O
     */
    public record Flow(int[] nodes, int[] links, long[] weights, int linkBase, double c, double tau, IoPhases io) {
        /** A flow without I/O. */
        public Flow(int[] nodes, int[] links, long[] weights, int linkBase, double c, double tau) {
            this(nodes, links, weights, linkBase, c, tau, null);
        }

        /** The same flow over other links (a reroute); its I/O stays. */
        public Flow withLinks(int[] links, long[] weights) {
            return new Flow(nodes, links, weights, linkBase, c, tau, io);
        }
    }

    /**
     * A job's I/O on a line: before computing it reads, after it writes, each phase a fluid flow over
     * the links between its I/O node and its nodes and over the I/O node itself (a pseudo-link after the
     * network's links, served by an I/O node actor), at a rate 1/sigma of its time alone.
     *
     * @param links   link ids (the I/O node's pseudo-link last), ascending
     * @param weights the job's streams on each
     * @param read    the read phase's time alone, microseconds (0: none)
     * @param write   the write phase's time alone, microseconds (0: none)
     */
    public record IoPhases(int[] links, long[] weights, long read, long write) {
    }

    /** ComputeNode -> itself: the job's time on this node is up, if {@code version} is still its latest start. */
    record RunEnds(int jobIndex, int version) implements Command {
    }

    /**
     * Kernel (a scenario event) -> ComputeNode: the node fails now; {@code cause} is what events.csv
     * names as the cause ({@code scenario}).
     */
    public record Fail(String cause) implements Command {
    }

    /** Kernel (a scenario event) -> ComputeNode: the node is repaired now. */
    public record Repair(String cause) implements Command {
    }

    /** Kernel -> ComputeNode, at the start of a run under a stochastic failure model: start failing on its own. */
    public record StartFailures() implements Command {
    }

    /** ComputeNode -> itself: a drawn failure (or repair) is due, if {@code version} is still the latest draw. */
    record FailureDue(int version, boolean repair) implements Command {
    }

    /**
     * Scheduler -> ComputeNode: stop job {@code jobIndex} (another of its nodes failed, or its route
     * was lost) and report it with {@code NodeAborted}; ignored if the node no longer runs it.
     */
    public record Abort(int jobIndex) implements Command {
    }

    /** Scheduler -> lead ComputeNode (links model): the job's flows now cross these links (a link failed or came back). */
    public record Reroute(int jobIndex, Flow flow) implements Command {
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
    private final FailureModel failures;
    private boolean down;
    private String downCause;
    private int failureVersion;
    private int job = -1;
    private JobStatus status;
    private Flow flow;
    private FluidJob fluid;
    private int version;
    private long maxLinkLoad;
    /** The lead's phase under the links model: reading, computing or writing. */
    private Phase phase;
    /** The compute flow while an I/O phase runs, and the compute phase's outcome once it is over. */
    private Flow computeFlow;
    private long work;
    private long limit;
    private JobStatus computed;
    private double computeWork;
    private double sigmaMean;
    private double sigmaMax;
    private long phaseStart;
    private long readTime;
    private long writeTime;

    private enum Phase { READ, COMPUTE, WRITE }

    private ComputeNodeActor(ActorContext<KernelCommand> context, ComponentSetup setup,
                             Address<SchedulerActor.Command> scheduler, long reportLatency,
                             Address<ThermalActor.Command> thermal, double idleWatts, FailureModel failures) {
        super(context, setup);
        this.failures = failures;
        this.scheduler = scheduler;
        this.self = new Address<>(setup.id());
        this.reportLatency = reportLatency;
        this.thermal = thermal;
        this.idleWatts = idleWatts;
    }

    public static Behavior<KernelCommand> create(ComponentSetup setup, Address<SchedulerActor.Command> scheduler,
                                                 long reportLatency) {
        return create(setup, scheduler, reportLatency, null, 0, null);
    }

    /**
     * A node in a modelled room reports its power draw to {@code thermal} (null: no room), {@code idleWatts}
     * when idle; {@code failures} (null: none) draws its own failures once it gets {@link StartFailures}.
     */
    public static Behavior<KernelCommand> create(ComponentSetup setup, Address<SchedulerActor.Command> scheduler,
                                                 long reportLatency, Address<ThermalActor.Command> thermal,
                                                 double idleWatts, FailureModel failures) {
        return Behaviors.setup(ctx -> new ComputeNodeActor(ctx, setup, scheduler, reportLatency, thermal, idleWatts,
                failures));
    }

    @Override
    protected void onMessage(Command message) {
        if (message instanceof StartJob start) {
            start(start);
        } else if (message instanceof RunEnds end) {
            if (end.jobIndex() == job && end.version() == version) {
                report(end.jobIndex(), status, null);
            }
        } else if (message instanceof LinkShare share) {
            if (share.jobIndex() != job || fluid == null) {
                return; // the job ended earlier in this instant
            }
            maxLinkLoad = Math.max(maxLinkLoad, share.total());
            int position = Arrays.binarySearch(flow.links(), share.link());
            if (position >= 0 && fluid.update(now(), position, share.total(), share.own())) {
                predict();
            }
        } else if (message instanceof PredictedEnd end) {
            if (end.jobIndex() == job && end.version() == version) {
                phaseOver();
            }
        } else if (message instanceof JobOver over) {
            if (over.jobIndex() == job) {
                report(over.jobIndex(), over.status(), null);
            }
        } else if (message instanceof Abort abort) {
            if (abort.jobIndex() == job && !down) {
                double done = stop();
                send(scheduler, new SchedulerActor.NodeAborted(abort.jobIndex(), id(), now(), done), reportLatency);
                power(idleWatts);
            }
        } else if (message instanceof Reroute reroute) {
            if (reroute.jobIndex() == job && fluid != null) {
                // The job's compute flows move; its I/O streams (a line has no detours) stay.
                computeFlow = computeFlow.withLinks(reroute.flow().links(), reroute.flow().weights());
                if (phase == Phase.COMPUTE) {
                    reroute(computeFlow);
                }
            }
        } else if (message instanceof Fail fail) {
            fail(fail.cause());
        } else if (message instanceof Repair repair) {
            repair(repair.cause());
        } else if (message instanceof FailureDue due) {
            if (due.version() == failureVersion) {
                if (due.repair()) {
                    repair(failures.label());
                } else {
                    fail(failures.label());
                }
            }
        } else if (message instanceof StartFailures) {
            drawFailure();
        }
    }

    private void start(StartJob start) {
        if (job >= 0) {
            throw new IllegalStateException("node " + id() + " got job index " + start.jobIndex()
                    + " while running job index " + job);
        }
        if (down) {
            // The scheduler placed the job before it heard of the failure (report latency).
            send(scheduler, new SchedulerActor.NodeFailed(id(), now(), start.jobIndex(), Double.NaN, downCause, false),
                    reportLatency);
            return;
        }
        job = start.jobIndex();
        version++;
        power(start.watts());
        if (start.follower()) {
            return;
        }
        if (start.flow() != null) {
            lead(start);
            return;
        }
        boolean killed = start.runTime() > start.limit();
        status = killed ? JobStatus.KILLED : JobStatus.COMPLETED;
        send(self, new RunEnds(job, version), killed ? start.limit() : start.runTime());
    }

    /** The node fails now: its job stops and the scheduler hears of it. */
    private void fail(String source) {
        if (down) {
            send(scheduler, new SchedulerActor.NodeFailed(id(), now(), -1, Double.NaN, source, true), reportLatency);
            return;
        }
        int stopped = job;
        double done = job >= 0 ? stop() : Double.NaN;
        down = true;
        downCause = source;
        power(0);
        send(scheduler, new SchedulerActor.NodeFailed(id(), now(), stopped, done, source, false), reportLatency);
        if (failures != null && failures.stochastic()) {
            failureVersion++;
            send(self, new FailureDue(failureVersion, true), failures.timeToRepair(random()));
        }
    }

    private void repair(String source) {
        boolean wasDown = down;
        down = false;
        send(scheduler, new SchedulerActor.NodeRepaired(id(), now(), source, wasDown), reportLatency);
        if (!wasDown) {
            return;
        }
        power(idleWatts);
        drawFailure();
    }

    /** Under a stochastic model, the next failure of this (working) node. */
    private void drawFailure() {
        if (failures != null && failures.stochastic()) {
            failureVersion++;
            send(self, new FailureDue(failureVersion, false), failures.timeToFailure(random()));
        }
    }

    /**
     * Stops the running job without reporting it; a lead leaves its links. Returns the work the job
     * has done (microseconds of its trace run time) when this node followed it (the lead under the
     * links model), else NaN.
     */
    private double stop() {
        double done = Double.NaN;
        if (fluid != null) {
            done = phase == Phase.READ ? 0 : phase == Phase.WRITE ? computeWork : fluid.done(now());
            leaveLinks();
            flow = null;
            fluid = null;
            computeFlow = null;
        }
        version++;
        job = -1;
        status = null;
        return done;
    }

    /** The lead joins every link of its flow with the job's weight there. */
    private void joinLinks() {
        for (int i = 0; i < flow.links().length; i++) {
            send(new Address<LinkActor.Command>(flow.linkBase() + flow.links()[i]),
                    new LinkActor.Join(job, flow.weights()[i], self));
            maxLinkLoad = Math.max(maxLinkLoad, flow.weights()[i]);
        }
    }

    private void leaveLinks() {
        for (int link : flow.links()) {
            send(new Address<LinkActor.Command>(flow.linkBase() + link), new LinkActor.Leave(job));
        }
    }

    private void reroute(Flow next) {
        leaveLinks();
        flow = next;
        fluid.reroute(now(), next.links().length);
        joinLinks();
        predict();
    }

    private void power(double watts) {
        if (thermal != null) {
            send(thermal, new ThermalActor.NodePower(id(), watts));
        }
    }

    private void lead(StartJob start) {
        computeFlow = start.flow();
        work = start.runTime();
        limit = start.limit();
        fluid = null;
        readTime = 0;
        writeTime = 0;
        maxLinkLoad = 0;
        IoPhases io = computeFlow.io();
        if (io != null && io.read() > 0) {
            ioPhase(Phase.READ, io.read());
        } else {
            compute();
        }
    }

    /** An I/O phase: streams on the I/O links and the I/O node, work = its time alone, rate 1/sigma. */
    private void ioPhase(Phase next, long alone) {
        IoPhases io = computeFlow.io();
        phase = next;
        phaseStart = now();
        flow = computeFlow.withLinks(io.links(), io.weights());
        fluid = new FluidJob(alone, 1, 1, now(), Long.MAX_VALUE / 4, io.links().length);
        joinLinks();
        predict();
    }

    private void compute() {
        phase = Phase.COMPUTE;
        flow = computeFlow;
        fluid = new FluidJob(work, flow.c(), flow.tau(), now(), now() + limit, flow.links().length);
        joinLinks();
        predict();
    }

    private void predict() {
        long end = fluid.end(now());
        version++;
        send(self, new PredictedEnd(job, version), end - now());
    }

    /** The lead's current phase is over: the next one starts, or the job ends. */
    private void phaseOver() {
        leaveLinks();
        if (phase == Phase.READ) {
            readTime = now() - phaseStart;
            compute();
            return;
        }
        if (phase == Phase.COMPUTE) {
            computed = fluid.unfinished(now()) ? JobStatus.KILLED : JobStatus.COMPLETED;
            computeWork = fluid.done(now());
            sigmaMean = fluid.sigmaMean(now());
            sigmaMax = fluid.sigmaMax();
            IoPhases io = computeFlow.io();
            if (io != null && io.write() > 0) {
                ioPhase(Phase.WRITE, io.write());
                return;
            }
        } else {
            writeTime = now() - phaseStart;
        }
        JobOver over = new JobOver(job, computed);
        for (int node : flow.nodes()) {
            if (node != id()) {
                send(new Address<Command>(node), over);
            }
        }
        SchedulerActor.Contention stats = new SchedulerActor.Contention(sigmaMean, sigmaMax, maxLinkLoad, readTime,
                writeTime);
        flow = null;
        fluid = null;
        computeFlow = null;
        report(job, computed, stats);
    }

    private void report(int jobIndex, JobStatus ended, SchedulerActor.Contention stats) {
        send(scheduler, new SchedulerActor.NodeReport(jobIndex, id(), now(), ended, stats), reportLatency);
        power(idleWatts);
        job = -1;
        status = null;
    }
}
