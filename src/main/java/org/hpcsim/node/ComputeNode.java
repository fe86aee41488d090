package org.hpcsim.node;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.PowerProtocol;
import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.protocol.NodeProtocol;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.Addresses;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.Port;
import org.hpcsim.kernel.Ports;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.failure.FailureModel;
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
 * fails (0 W) or is repaired (idle), and with node power states whenever the scheduler changes its state
 * ({@link NodeProtocol.Draw}).
 *
 * <p>Failures: a node fails on a scripted event ({@link NodeProtocol.Fail}) or, under a stochastic failure model,
 * on its own, drawing its times to failure and to repair from its own random stream. A failed node
 * stops its job, reports the failure to the scheduler (after the report latency) and refuses jobs
 * until repaired. The scheduler stops the job's other nodes with {@link NodeProtocol.Abort}. Every node reports
 * each job it was given exactly once: its end, its abort, or its failure.
 */
public final class ComputeNode implements Component<NodeProtocol> {

    /** Where reports go. */
    public static final Port<SchedulerProtocol> SCHEDULER = Port.one("scheduler", SchedulerProtocol.class,
            "job ends, aborts, failures and repairs, over a connection of node.report-latency");
    /** Who hears its power draws, in a modelled room (the thermal actor, a power meter); none otherwise. */
    public static final Port<PowerProtocol> POWER = Port.many("power", PowerProtocol.class,
            "its draw whenever it changes, in a modelled room (the thermal actor, the power meter)");
    /** The links, by link id, then the I/O nodes (the channels a lead's flows and streams join). */
    public static final Port<LinkProtocol> LINKS = Port.many("links", LinkProtocol.class,
            "a lead's joins and leaves of the links and I/O nodes its job's flows cross (links model)");
    /** The machine's nodes, by node id (a lead tells its job's other nodes when the job is over). */
    public static final Port<NodeProtocol> PEERS = Port.many("peers", NodeProtocol.class,
            "a lead tells its job's other nodes that the job is over (links model)");
    /** A compute node: receives jobs and aborts from the scheduler, shares from the links, events from the kernel. */
    public static final ComponentType<NodeProtocol> TYPE = ComponentType.of("node", NodeProtocol.class,
            "One compute node: runs one job at a time for its run time (or to its estimate), reports its end;"
                    + " under links, a job's lead follows its stretch; fails and is repaired; draws power",
            SCHEDULER, POWER, LINKS, PEERS).withParameters(
                    param("node.report-latency", "how long after a job's end the scheduler hears of it"),
                    param("failures.model", "its own failures and repairs, from its own random stream"),
                    param("thermal.power", "its draw idle, computing and communicating, in a modelled room"),
                    param("network.model", "under links, a job's end follows the stretch its links report"));


    private final int node;
    private final Address<SchedulerProtocol> scheduler;
    private final Addresses<LinkProtocol> links;
    private final Addresses<NodeProtocol> peers;
    private final Address<NodeProtocol> self;
    private final Addresses<PowerProtocol> power;
    /** What it draws running no job: the room's idle power, or with power states its state's draw. */
    private double idleWatts;
    private final FailureModel failures;
    private boolean down;
    private String downCause;
    private int failureVersion;
    private int job = -1;
    private JobStatus status;
    private NodeProtocol.Flow flow;
    private FluidJob fluid;
    private int version;
    /**
     * Counts the lead's joins (each phase, each reroute): a share carries the epoch it was joined with,
     * so one still in flight from links the job has left is not taken for one of its new flow.
     */
    private int epoch;
    /** How the job's {@link FluidJob} asks its links for shares and watches. */
    private final FluidJob.Links linkRequests = new FluidJob.Links() {
        @Override
        public void refresh(int position) {
            ctx.send(links.get(flow.links()[position]), new LinkProtocol.Refresh(job));
        }

        @Override
        public void watch(int position, boolean on) {
            ctx.send(links.get(flow.links()[position]), new LinkProtocol.Watch(job, on));
        }
    };
    private long maxLinkLoad;
    /** The lead's phase under the links model: reading, computing or writing. */
    private Phase phase;
    /** The compute flow while an I/O phase runs, and the compute phase's outcome once it is over. */
    private NodeProtocol.Flow computeFlow;
    private long work;
    private long limit;
    private JobStatus computed;
    private double computeWork;
    private double sigmaMean;
    private double sigmaMax;
    private long phaseStart;
    private long readTime;
    private long writeTime;

    private Context ctx;

    private enum Phase { READ, COMPUTE, WRITE }

    /**
     * The {@code ports.index()}-th node: reports over its scheduler port's connection (the wiring plan
     * gives it the report latency); in a modelled room draws
     * {@code idleWatts} when idle; {@code failures} (null: none) draws its own failures once it gets
     * {@link NodeProtocol.StartFailures}.
     */
    public ComputeNode(Ports ports, double idleWatts, FailureModel failures) {
        this.node = ports.index();
        this.self = ports.self();
        this.scheduler = ports.to(SCHEDULER);
        this.power = ports.toAll(POWER);
        this.links = ports.toAll(LINKS);
        this.peers = ports.toAll(PEERS);
        this.failures = failures;
        this.idleWatts = idleWatts;
    }

    /**
     * The node's job and its run, and whether it is down. Its counters ({@code version}, {@code epoch},
     * {@code failureVersion}) only tell a live timer from a stale one, so pending timers are written as
     * live or not instead ({@link #writePending}).
     */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
        if (fluid != null || flow != null || computeFlow != null) {
            throw new UnsupportedOperationException("a node cannot fingerprint a job's flows (links model)");
        }
        out.add(down).add(downCause).add(job).add(status).add(phase).add(maxLinkLoad).add(work).add(limit)
                .add(computed).add(computeWork).add(sigmaMean).add(sigmaMax).add(phaseStart).add(readTime)
                .add(writeTime);
    }

    @Override
    public void writePending(NodeProtocol message, org.hpcsim.kernel.StateDigest out) {
        if (message instanceof NodeProtocol.RunEnds end) {
            out.add(1).add(end.jobIndex()).add(end.jobIndex() == job && end.version() == version);
        } else if (message instanceof NodeProtocol.PredictedEnd end) {
            out.add(2).add(end.jobIndex()).add(end.jobIndex() == job && end.version() == version);
        } else if (message instanceof NodeProtocol.FailureDue due) {
            out.add(3).add(due.repair()).add(due.version() == failureVersion);
        } else {
            org.hpcsim.kernel.Canonical.write(message, out);
        }
    }

    @Override
    public void onMessage(NodeProtocol message, Context context) {
        ctx = context;
        if (message instanceof NodeProtocol.StartJob start) {
            start(start);
        } else if (message instanceof NodeProtocol.RunEnds end) {
            if (end.jobIndex() == job && end.version() == version) {
                report(end.jobIndex(), status, null);
            }
        } else if (message instanceof NodeProtocol.LinkShare share) {
            if (share.jobIndex() != job || fluid == null) {
                return; // the job ended earlier in this instant
            }
            maxLinkLoad = Math.max(maxLinkLoad, share.total());
            if (share.epoch() == epoch
                    && fluid.update(ctx.now(), share.position(), share.total(), share.own(), linkRequests)) {
                predict();
            }
        } else if (message instanceof NodeProtocol.PredictedEnd end) {
            if (end.jobIndex() == job && end.version() == version) {
                phaseOver();
            }
        } else if (message instanceof NodeProtocol.JobOver over) {
            if (over.jobIndex() == job) {
                report(over.jobIndex(), over.status(), null);
            }
        } else if (message instanceof NodeProtocol.Abort abort) {
            if (abort.jobIndex() == job && !down) {
                SchedulerProtocol.Contention seen = contentionSoFar();
                double done = stop();
                ctx.send(scheduler, new SchedulerProtocol.NodeAborted(abort.jobIndex(), node, ctx.now(), done, seen));
                power(idleWatts);
            }
        } else if (message instanceof NodeProtocol.Reroute reroute) {
            if (reroute.jobIndex() == job && fluid != null) {
                // The job's compute flows move; its I/O streams (a line has no detours) stay.
                computeFlow = computeFlow.withLinks(reroute.flow().links(), reroute.flow().weights());
                if (phase == Phase.COMPUTE) {
                    reroute(computeFlow);
                }
            }
        } else if (message instanceof NodeProtocol.Fail fail) {
            fail(fail.cause());
        } else if (message instanceof NodeProtocol.Repair repair) {
            repair(repair.cause());
        } else if (message instanceof NodeProtocol.FailureDue due) {
            if (due.version() == failureVersion) {
                if (due.repair()) {
                    repair(failures.label());
                } else {
                    fail(failures.label());
                }
            }
        } else if (message instanceof NodeProtocol.StartFailures) {
            drawFailure();
        } else if (message instanceof NodeProtocol.Draw draw) {
            idleWatts = draw.watts();
            if (job < 0 && !down) {
                power(idleWatts);
            }
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void start(NodeProtocol.StartJob start) {
        if (job >= 0) {
            throw new IllegalStateException("node " + node + " got job index " + start.jobIndex()
                    + " while running job index " + job);
        }
        if (down) {
            // The scheduler placed the job before it heard of the failure (report latency).
            ctx.send(scheduler, new SchedulerProtocol.NodeFailed(node, ctx.now(), start.jobIndex(), Double.NaN, null,
                    downCause, false));
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
        ctx.send(self, new NodeProtocol.RunEnds(job, version), killed ? start.limit() : start.runTime());
    }

    /** The node fails now: its job stops and the scheduler hears of it. */
    private void fail(String source) {
        if (down) {
            ctx.send(scheduler, new SchedulerProtocol.NodeFailed(node, ctx.now(), -1, Double.NaN, null, source, true));
            return;
        }
        int stopped = job;
        SchedulerProtocol.Contention seen = contentionSoFar();
        double done = job >= 0 ? stop() : Double.NaN;
        down = true;
        downCause = source;
        power(0);
        ctx.send(scheduler, new SchedulerProtocol.NodeFailed(node, ctx.now(), stopped, done, seen, source, false));
        if (failures != null && failures.stochastic()) {
            failureVersion++;
            ctx.send(self, new NodeProtocol.FailureDue(failureVersion, true), failures.timeToRepair(ctx.random()));
        }
    }

    private void repair(String source) {
        boolean wasDown = down;
        down = false;
        ctx.send(scheduler, new SchedulerProtocol.NodeRepaired(node, ctx.now(), source, wasDown));
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
            ctx.send(self, new NodeProtocol.FailureDue(failureVersion, false), failures.timeToFailure(ctx.random()));
        }
    }

    /**
     * Stops the running job without reporting it; a lead leaves its links. Returns the work the job
     * has done (microseconds of its trace run time) when this node followed it (the lead under the
     * links model), else NaN.
     */
    /**
     * What a lead has seen of its job's contention until now, for an attempt cut short: sigma so far
     * in its compute phase (NaN before it), the largest link load, the I/O time so far; null for a
     * node that leads no job under the links model.
     */
    private SchedulerProtocol.Contention contentionSoFar() {
        if (job < 0 || fluid == null) {
            return null;
        }
        long now = ctx.now();
        return switch (phase) {
            case READ -> new SchedulerProtocol.Contention(Double.NaN, Double.NaN, maxLinkLoad, now - phaseStart, 0);
            case COMPUTE -> new SchedulerProtocol.Contention(fluid.sigmaMean(now), fluid.sigmaMax(), maxLinkLoad,
                    readTime, 0);
            case WRITE -> new SchedulerProtocol.Contention(sigmaMean, sigmaMax, maxLinkLoad, readTime, now - phaseStart);
        };
    }

    private double stop() {
        double done = Double.NaN;
        if (fluid != null) {
            done = phase == Phase.READ ? 0 : phase == Phase.WRITE ? computeWork : fluid.done(ctx.now());
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

    /** The lead joins every link of its flow with the job's weight there, as a new epoch. */
    private void joinLinks() {
        epoch++;
        for (int i = 0; i < flow.links().length; i++) {
            ctx.send(links.get(flow.links()[i]),
                    new LinkProtocol.Join(job, flow.weights()[i], self, i, epoch));
            maxLinkLoad = Math.max(maxLinkLoad, flow.weights()[i]);
        }
    }

    private void leaveLinks() {
        for (int link : flow.links()) {
            ctx.send(links.get(link), new LinkProtocol.Leave(job));
        }
    }

    private void reroute(NodeProtocol.Flow next) {
        leaveLinks();
        flow = next;
        fluid.reroute(ctx.now(), next.links().length);
        joinLinks();
        predict();
    }

    private void power(double watts) {
        if (power.size() > 0) {
            PowerProtocol.NodePower draw = new PowerProtocol.NodePower(node, watts);
            for (int i = 0; i < power.size(); i++) {
                ctx.send(power.get(i), draw);
            }
        }
    }

    private void lead(NodeProtocol.StartJob start) {
        computeFlow = start.flow();
        work = start.runTime();
        limit = start.limit();
        fluid = null;
        readTime = 0;
        writeTime = 0;
        maxLinkLoad = 0;
        NodeProtocol.IoPhases io = computeFlow.io();
        if (io != null && io.read() > 0) {
            ioPhase(Phase.READ, io.read());
        } else {
            compute();
        }
    }

    /** An I/O phase: streams on the I/O links and the I/O node, work = its time alone, rate 1/sigma. */
    private void ioPhase(Phase next, long alone) {
        NodeProtocol.IoPhases io = computeFlow.io();
        phase = next;
        phaseStart = ctx.now();
        flow = computeFlow.withLinks(io.links(), io.weights());
        fluid = new FluidJob(alone, 1, 1, ctx.now(), Long.MAX_VALUE / 4, io.links().length);
        joinLinks();
        predict();
    }

    private void compute() {
        phase = Phase.COMPUTE;
        flow = computeFlow;
        fluid = new FluidJob(work, flow.c(), flow.tau(), flow.speed(), ctx.now(), ctx.now() + limit,
                flow.links().length);
        joinLinks();
        predict();
    }

    private void predict() {
        long end = fluid.end(ctx.now());
        version++;
        ctx.send(self, new NodeProtocol.PredictedEnd(job, version), end - ctx.now());
    }

    /** The lead's current phase is over: the next one starts, or the job ends. */
    private void phaseOver() {
        leaveLinks();
        if (phase == Phase.READ) {
            readTime = ctx.now() - phaseStart;
            compute();
            return;
        }
        if (phase == Phase.COMPUTE) {
            computed = fluid.unfinished(ctx.now()) ? JobStatus.KILLED : JobStatus.COMPLETED;
            computeWork = fluid.done(ctx.now());
            sigmaMean = fluid.sigmaMean(ctx.now());
            sigmaMax = fluid.sigmaMax();
            NodeProtocol.IoPhases io = computeFlow.io();
            if (io != null && io.write() > 0) {
                ioPhase(Phase.WRITE, io.write());
                return;
            }
        } else {
            writeTime = ctx.now() - phaseStart;
        }
        NodeProtocol.JobOver over = new NodeProtocol.JobOver(job, computed);
        for (int other : flow.nodes()) {
            if (other != node) {
                ctx.send(peers.get(other), over);
            }
        }
        SchedulerProtocol.Contention stats = new SchedulerProtocol.Contention(sigmaMean, sigmaMax, maxLinkLoad, readTime,
                writeTime);
        flow = null;
        fluid = null;
        computeFlow = null;
        report(job, computed, stats);
    }

    private void report(int jobIndex, JobStatus ended, SchedulerProtocol.Contention stats) {
        ctx.send(scheduler, new SchedulerProtocol.NodeReport(jobIndex, node, ctx.now(), ended, stats));
        power(idleWatts);
        job = -1;
        status = null;
    }
}
