package org.hpcsim.scheduler;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.protocol.Report;
import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.protocol.NodeProtocol;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hpcsim.energy.PowerLedger;
import org.hpcsim.failure.JobFate;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.Addresses;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.Port;
import org.hpcsim.kernel.Ports;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.network.NoRouteException;
import org.hpcsim.scheduling.PowerCappedEasyPolicy;
import org.hpcsim.scheduling.ReactivePolicy;
import org.hpcsim.scheduling.RunningJob;
import org.hpcsim.scheduling.SchedulerCore;
import org.hpcsim.scheduling.SchedulingAbortedException;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.topology.NodeRanges;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/**
 * The scheduler: queues arriving jobs, and once every arrival and completion of an instant has been
 * applied (its end-of-instant call) runs one pass of the policy, which starts jobs by messaging
 * their nodes. A job's nodes are freed when all of them have reported its end; reports arrive
 * asynchronously, each after the nodes' report latency. Final statuses of the instant go to the
 * output sinks that listen to them in the same end-of-instant call, so recording costs no extra round.
 *
 * <p>Faults: a node reports its failure and repair; the scheduler takes it out of (and back into)
 * service, stops the failed node's job on its other nodes, and when they have all reported applies
 * the job's fate ({@link JobFate}: kill, requeue, requeue from the last checkpoint). Drain and resume
 * events and link failures come to it directly (it owns routing). Each event's effect goes to the
 * failure log as a row of events.csv. When the run is about to end, jobs still queued (no usable nodes
 * were left for them) fail, and after a stop from outside, queued and running jobs end unfinished.
 *
 * <p>The state over time (pending attempts, histories, counts) lives here; what each step amounts to
 * is plain Java: {@link AttemptAccounting} (a failed attempt's saved and lost work, the job requeued),
 * {@link ReroutePlan} (a link event's reroutes), {@link JobIo} (a job's I/O node and phases) and
 * {@link NodePower} (the watts of its nodes).
 *
 * <p>With the time series wired, the end of each pass sends it the machine's counts (busy,
 * failed and drained nodes, queued and running jobs) when they differ from the last ones sent.
 */
public final class Scheduler implements Component<SchedulerProtocol> {

    /** The machine's nodes, by node id: where starts, aborts and reroutes go. */
    public static final Port<NodeProtocol> NODES = Port.many("nodes", NodeProtocol.class,
            "job starts, aborts and reroutes, to the job's nodes");
    /** Who hears every job's final status. */
    public static final Port<Report.JobEnded> JOBS = Port.many("jobs", Report.JobEnded.class,
            "every job's final status (jobs.csv, the room's logs, batsim_jobs.csv)");
    /** Who hears the attempts a failure cut short. */
    public static final Port<Report.AttemptEnded> ATTEMPTS = Port.many("attempts", Report.AttemptEnded.class,
            "each attempt a failure cut short (jobs.csv's metrics, attempts.csv)");
    /** Who hears the events' effects. */
    public static final Port<Report.EventLogged> EVENTS = Port.many("events", Report.EventLogged.class,
            "each event's effect (events.csv); none to log none");
    /** Who hears the jobs' I/O. */
    public static final Port<Report.IoEnded> IO = Port.many("io", Report.IoEnded.class,
            "the I/O of each job that did some, at its end (io.csv)");
    /** Who hears each node's energy at the run's end; none when energy is not modelled. */
    public static final Port<Report.EnergyTotals> ENERGY = Port.many("energy", Report.EnergyTotals.class,
            "each node's energy at the run's end (summary.json); none when energy is not modelled");
    /** Who hears the energy at each job start, job end and power-state change (Batsim's consumed_energy file). */
    public static final Port<Report.EnergySample> ENERGY_SAMPLES = Port.many("energy-samples",
            Report.EnergySample.class, "the energy so far at each job start and end and power-state change"
                    + " (batsim_consumed_energy.csv); none when not written");
    /** Who hears the nodes' machine states as they change (Batsim's machine_states file). */
    public static final Port<Report.MachineStates> MACHINE_STATES = Port.many("machine-states",
            Report.MachineStates.class, "how many nodes sleep, switch, idle and compute, at each change"
                    + " (batsim_machine_states.csv); none when not written");
    /** Who hears the power-state changes (Batsim's pstate_changes file). */
    public static final Port<Report.PstateChange> PSTATE_CHANGES = Port.many("pstate-changes",
            Report.PstateChange.class, "each power-state request and its completion (batsim_pstate_changes.csv);"
                    + " none when not written");
    /** Who hears the nodes' power and power states after each pass that changed them (the time series). */
    public static final Port<Report.NodePowers> NODE_POWERS = Port.many("node-powers", Report.NodePowers.class,
            "the nodes' power and how many sleep or switch, after a pass that changed them (the time series);"
                    + " none when energy is not modelled");
    /** Who hears the machine's counts; none: they are not counted. */
    public static final Port<Report.Counts> COUNTS = Port.many("counts", Report.Counts.class,
            "the machine's counts after a pass that changed them (the time series); none to count none");
    /** The scheduler: receives arrivals from the feeder, reports from the nodes, events from the kernel. */
    public static final ComponentType<SchedulerProtocol> TYPE = ComponentType.of("scheduler", SchedulerProtocol.class,
            "The scheduler: queues arrivals, runs one pass of its policy per instant, starts jobs on the nodes its"
                    + " allocator proposes, applies failures, drains and link events, gives every job its final status",
            NODES, JOBS, ATTEMPTS, EVENTS, IO, COUNTS, ENERGY, ENERGY_SAMPLES, MACHINE_STATES, PSTATE_CHANGES,
            NODE_POWERS)
            .withParameters(
                    param("scheduler.policy", "the scheduling policy (or an external scheduler)"),
                    param("allocator.policy", "the allocator"),
                    param("network.model", "how the network lengthens run times, and routing"),
                    param("failures.on-job-failure", "what becomes of a job whose node fails"),
                    param("failures.max-attempts", "after how many attempts a failure ends a job"),
                    param("failures.stall-limit", "how long queued jobs may wait with nothing running"),
                    param("malleable.enabled", "jobs that start on fewer nodes than they ask for"),
                    param("energy.enabled", "node power states: a job's speed and energy, switching nodes off and on"));


    /**
     * How the scheduler treats failures: the fate of a failed job and its checkpoint interval; whether
     * failures go on for ever (a stochastic model), so that the scheduler ends the run once every job
     * has ended, or once queued jobs have waited {@code stallLimit} with nothing running after the
     * trace's end; and the attempts after which a requeued job's next failure ends it failed.
     */
    public record FailurePolicy(JobFate fate, long checkpointInterval, boolean stopWhenDone, int maxAttempts,
                                long stallLimit) {
        /** Failures kill jobs; the run ends when nothing is pending. */
        public static final FailurePolicy DEFAULT = new FailurePolicy(JobFate.KILL, 3_600_000_000L, false, 10,
                30 * 86_400_000_000L);

        public FailurePolicy {
            if (maxAttempts < 1 || stallLimit <= 0) {
                throw new IllegalArgumentException("max attempts " + maxAttempts + " and stall limit " + stallLimit
                        + " must be positive");
            }
        }
    }

    /** A running job waiting for its nodes' reports. */
    private static final class Pending {
        final RunningJob run;
        int remaining;
        long end;
        JobStatus status = JobStatus.COMPLETED;
        NetworkPlanner.Plan plan;
        SchedulerProtocol.Contention contention;
        /** Why the policy killed the job (an external scheduler's KILL_JOB), else null. */
        String killed;
        /** Nodes that stopped the job before its end (each answered an abort). */
        int cut;
        /** When a failure cut the attempt short, else -1; then why, and the lead's work done if known. */
        long failedAt = -1;
        String failure;
        double workDone = Double.NaN;
        /** The joules its nodes drew so far, each counted when it stopped the job (energy modelled). */
        double energy;
        final JobIo io;

        Pending(RunningJob run, NetworkPlanner.Plan plan, JobIo io) {
            this.run = run;
            this.plan = plan;
            this.io = io;
            this.remaining = run.nodes().length;
        }
    }

    /** A job that lost an attempt: the trace's job, attempts so far, its first start and the work saved. */
    private record History(Job original, int attempts, long firstStart, long saved) {
    }

    /** The start of an events.csv effect that changed nothing. */
    private static final String NONE = Report.EventLogged.NO_EFFECT;

    private final SchedulerCore core;
    /** The policy, when it hears events and makes decisions of its own (an external scheduler), else null. */
    private final ReactivePolicy reactive;
    private final Address<SchedulerProtocol> self;
    private final Addresses<Report.JobEnded> jobEnds;
    private final Addresses<Report.AttemptEnded> attemptEnds;
    private final Addresses<Report.EventLogged> events;
    private final Addresses<Report.IoEnded> ioEnds;
    private final Addresses<Report.Counts> counts;
    private final Addresses<Report.EnergyTotals> energyTotals;
    private final Addresses<Report.EnergySample> energySamples;
    private final Addresses<Report.MachineStates> machineStates;
    private final Addresses<Report.PstateChange> pstateChanges;
    private final Addresses<Report.NodePowers> nodePowers;
    /** The node powers last sent (NaN: none yet). */
    private double sentWatts = Double.NaN;
    private int sentSleeping;
    private int sentSwitching;
    /** The nodes' power states and energy (the core's), or null when energy is not modelled. */
    private final PowerLedger energy;
    /** Whether nodes report their draws to a modelled room by their power states (energy and room both modelled). */
    private final boolean reportDraws;
    /** The papers' communication fraction: the part of a run time a slower computing state does not slow. */
    private final double communicationFraction;
    private final TreeMap<Integer, Pending> pending = new TreeMap<>();
    private final Map<Integer, History> histories = new HashMap<>();
    /**
     * The instant's reports, in the order they were made, and beside each the sinks that listen to it
     * (two lists rather than a pair per report: nothing allocated per report but the report).
     */
    private final List<Object> records = new ArrayList<>();
    private final List<Addresses<?>> listeners = new ArrayList<>();
    private final Addresses<NodeProtocol> nodes;
    private final NetworkPlanner network;
    private final NodePower nodePower;
    private final FailurePolicy failures;
    private final AttemptAccounting accounting;
    /** The counts last sent, in {@link Report.Counts}'s order (all 0 before any). */
    private int sentBusy;
    private int sentFailed;
    private int sentDrained;
    private int sentQueued;
    private int sentRunning;
    private boolean traceEnded;
    /**
     * The stall watch (stochastic failures only): armed when, after the trace's end, jobs are queued and
     * none runs; a {@link SchedulerProtocol.StallCheck} of the current epoch due {@code stallLimit} later
     * ends the run unless a job started since. {@code stalled}: the run ended so.
     */
    private boolean stallArmed;
    private long stallEpoch;
    private boolean stalled;
    /** Why the reactive policy could not go on, once it could not; then it is told nothing more. */
    private String aborted;
    private Context ctx;

    /**
     * {@code network}: the network model's planner, or null when run times ignore the network;
     * {@code power}: the node power model of a modelled room, or null; it sets the watts nodes draw
     * running a job. {@code failures}: what becomes of a job whose node fails, and whether to end the
     * run once every job has ended (under a failure model that never stops drawing failures).
     */
    public Scheduler(Ports ports, SchedulerCore core, NetworkPlanner network, PowerModel power,
                          FailurePolicy failures) {
        this(ports, core, network, power, failures, 0);
    }

    /**
     * As above; {@code communicationFraction} is the part of a job's run time that a computing power
     * state slower than the trace's leaves as it is (the network's c; used with the core's power states).
     */
    public Scheduler(Ports ports, SchedulerCore core, NetworkPlanner network, PowerModel power,
                     FailurePolicy failures, double communicationFraction) {
        this.core = core;
        this.reactive = core.policy() instanceof ReactivePolicy r ? r : null;
        this.self = ports.self();
        this.jobEnds = ports.toAll(JOBS);
        this.attemptEnds = ports.toAll(ATTEMPTS);
        this.events = ports.toAll(EVENTS);
        this.ioEnds = ports.toAll(IO);
        this.counts = ports.toAll(COUNTS);
        this.energyTotals = ports.toAll(ENERGY);
        this.energySamples = ports.toAll(ENERGY_SAMPLES);
        this.machineStates = ports.toAll(MACHINE_STATES);
        this.pstateChanges = ports.toAll(PSTATE_CHANGES);
        this.nodePowers = ports.toAll(NODE_POWERS);
        this.energy = core.energy();
        this.reportDraws = energy != null && power != null;
        this.communicationFraction = communicationFraction;
        this.network = network;
        this.nodePower = new NodePower(power, network == null ? Double.NaN : network.communicationFraction());
        this.failures = failures;
        this.accounting = new AttemptAccounting(failures.fate(), failures.checkpointInterval());
        this.nodes = ports.toAll(NODES);
        if (energy != null && (energySamples.size() > 0 || machineStates.size() > 0 || pstateChanges.size() > 0)) {
            core.observePower(new SchedulerCore.PowerObserver() {
                @Override
                public void switchRequested(int[] changing, int pstate, boolean toSleep) {
                    sample('p');
                    pstateChange(changing, toSleep ? -2 : -1);
                }

                @Override
                public void modesChanged(boolean jobStarted) {
                    machineStates();
                    if (jobStarted) {
                        sample('s');
                    }
                }
            });
        }
        if (nodes.size() != core.machine().size()) {
            throw new IllegalArgumentException("the scheduler is wired to " + nodes.size() + " nodes, the machine has "
                    + core.machine().size());
        }
    }

    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
        if (reactive != null || network != null || nodePower.modelled()) {
            throw new UnsupportedOperationException("the scheduler cannot fingerprint an external policy, a network"
                    + " model or node power");
        }
        core.writeState(out);
        out.add(pending.size());
        for (Map.Entry<Integer, Pending> e : pending.entrySet()) {
            Pending p = e.getValue();
            if (p.plan != null) {
                throw new UnsupportedOperationException("the scheduler cannot fingerprint a job's network plan");
            }
            out.addValue(p.io).add(e.getKey()).add(p.remaining).add(p.end).add(p.status).add(p.killed).add(p.cut).add(p.failedAt)
                    .add(p.failure).add(p.workDone).addValue(p.contention);
        }
        List<Integer> lost = new ArrayList<>(histories.keySet());
        java.util.Collections.sort(lost);
        out.add(lost.size());
        for (Integer index : lost) {
            History h = histories.get(index);
            out.add(index).add(h.attempts()).add(h.firstStart()).add(h.saved());
            h.original().writeKey(out);
        }
        out.add(records.size()).add(sentBusy).add(sentFailed).add(sentDrained).add(sentQueued).add(sentRunning)
                .add(traceEnded).add(stallArmed).add(stalled).add(aborted);
    }

    /** A stall check by whether it is the current one (its epoch only numbers the past). */
    @Override
    public void writePending(SchedulerProtocol message, org.hpcsim.kernel.StateDigest out) {
        if (message instanceof SchedulerProtocol.StallCheck check) {
            out.add(check.epoch() == stallEpoch);
        } else {
            org.hpcsim.kernel.Canonical.write(message, out);
        }
    }

    @Override
    public void onMessage(SchedulerProtocol message, Context context) {
        ctx = context;
        if (message instanceof SchedulerProtocol.NotSubmitted never) {
            // After this actor's own wind-down: record them and ask for nothing more.
            for (Job job : never.jobs()) {
                ended(job, -1, -1, null, JobStatus.NOT_SUBMITTED, "not submitted: the run was stopped before its"
                        + " arrival", null);
            }
            flushRecords();
            return;
        }
        ctx.requestWindDownCall();
        if (message instanceof SchedulerProtocol.JobArrived arrived) {
            Job job = arrived.job();
            String reason = core.submit(job);
            if (reason != null) {
                record(jobEnds, new Report.JobEnded(job, -1, -1, null, JobStatus.REJECTED, reason, null));
            }
            ctx.requestEndOfInstant();
        } else if (message instanceof SchedulerProtocol.Called) {
            if (reactive != null && aborted == null) {
                react(() -> reactive.called(ctx.now()));
            }
            ctx.requestEndOfInstant();
        } else if (message instanceof SchedulerProtocol.NodeReport report) {
            Pending p = pendingFor(report.jobIndex(), report.node());
            p.end = Math.max(p.end, report.endTime());
            stopped(p, report.node(), report.endTime());
            if (report.status() == JobStatus.KILLED) {
                p.status = JobStatus.KILLED;
            }
            if (report.contention() != null) {
                p.contention = report.contention();
            }
            reported(report.jobIndex(), p);
        } else if (message instanceof SchedulerProtocol.NodeAborted aborted) {
            Pending p = pendingFor(aborted.jobIndex(), aborted.node());
            stopped(p, aborted.node(), aborted.time());
            if (!Double.isNaN(aborted.workDone())) {
                p.workDone = aborted.workDone();
            }
            if (aborted.contention() != null) {
                p.contention = aborted.contention();
            }
            p.cut++;
            reported(aborted.jobIndex(), p);
        } else if (message instanceof SchedulerProtocol.NodeFailed failed) {
            nodeFailed(failed);
        } else if (message instanceof SchedulerProtocol.NodeRepaired repaired) {
            int node = repaired.node();
            boolean up = repaired.wasDown() && core.repair(node);
            if (up && energy != null) {
                energy.up(node, repaired.time());
                draw(node);
            }
            if (up && core.usable(node)) {
                available(new int[] {node}, true);
            }
            String effect = !up ? NONE + "the node was not down"
                    : core.isDrained(node) ? "node up, still drained" : "node up";
            log(repaired.time(), "repair", "node " + node, effect, repaired.cause());
        } else if (message instanceof SchedulerProtocol.Drain drain) {
            drain(drain);
        } else if (message instanceof SchedulerProtocol.Resume resume) {
            int changed = 0;
            List<Integer> back = new ArrayList<>();
            for (int node : resume.nodes()) {
                changed += core.resume(node) ? 1 : 0;
                if (core.usable(node)) {
                    back.add(node);
                }
            }
            if (changed > 0) {
                available(back.stream().mapToInt(Integer::intValue).toArray(), true);
            }
            log(ctx.now(), "resume", NodeRanges.describe(resume.nodes()), changed == 0 ? NONE + "no node was drained"
                    : changed + " node" + (changed == 1 ? "" : "s") + " back in service", resume.cause());
        } else if (message instanceof SchedulerProtocol.SetPowerState set) {
            setPowerState(set);
        } else if (message instanceof SchedulerProtocol.SetPowerCap set) {
            if (core.policy() instanceof PowerCappedEasyPolicy capped) {
                capped.setCap(set.watts());
                log(ctx.now(), "power-cap", "power cap", String.format(java.util.Locale.ROOT, "cap %.1f W", set.watts()),
                        set.cause());
            } else {
                log(ctx.now(), "power-cap", "power cap", NONE + "the scheduler has no power cap", set.cause());
            }
        } else if (message instanceof SchedulerProtocol.LinkEvent link) {
            linkEvent(link);
        } else if (message instanceof SchedulerProtocol.StallCheck check) {
            if (stallArmed && check.epoch() == stallEpoch) {
                stalled = true;
                ctx.endSimulation();
            }
        } else if (message instanceof SchedulerProtocol.PowerSwitched switched) {
            SchedulerCore.PowerChange done = core.switched(switched.node(), switched.version(), ctx.now());
            draw(switched.node());
            if (done != null) {
                machineStates();
                pstateChange(done.nodes(), done.pstate());
                sample('p');
                if (reactive != null && aborted == null) {
                    react(() -> reactive.powerStateChanged(done.nodes(), done.pstate(), ctx.now()));
                }
            }
            ctx.requestEndOfInstant();
        } else if (message instanceof SchedulerProtocol.TraceEnded) {
            traceEnded = true;
            if (reactive != null && aborted == null) {
                react(() -> reactive.traceEnded(ctx.now()));
            }
            ctx.requestEndOfInstant();
        } else {
            throw new UnhandledMessage(message);
        }
    }

    /** Tells a reactive policy that nodes left or came back into service (none: nothing to tell). */
    private void available(int[] changed, boolean up) {
        if (reactive == null || aborted != null || changed.length == 0) {
            return;
        }
        react(() -> {
            if (up) {
                reactive.nodesAvailable(changed, ctx.now());
            } else {
                reactive.nodesUnavailable(changed, ctx.now());
            }
        });
    }

    /** Tells a reactive policy that a started job ended. */
    private void jobEnded(RunningJob r, JobStatus status, String reason) {
        if (reactive != null && aborted == null) {
            react(() -> reactive.jobEnded(r, status, reason, ctx.now()));
        }
    }

    /**
     * Calls the reactive policy; if it can no longer go on, the run stops as from outside and the
     * reason is kept for the outputs and the error the run ends with.
     */
    private void react(Runnable call) {
        try {
            call.run();
        } catch (SchedulingAbortedException e) {
            abort(e);
        }
    }

    private void abort(SchedulingAbortedException e) {
        aborted = e.getMessage();
        core.abort(e);
        ctx.stopSimulation();
    }

    private Pending pendingFor(int jobIndex, int node) {
        Pending p = pending.get(jobIndex);
        if (p == null) {
            throw new IllegalStateException("report from node " + node + " for job index " + jobIndex
                    + ", which is not running");
        }
        return p;
    }

    /** One more of the job's nodes is done with it; the last one ends the attempt. */
    private void reported(int jobIndex, Pending p) {
        if (--p.remaining > 0) {
            return;
        }
        pending.remove(jobIndex);
        core.finish(jobIndex);
        if (energy != null) {
            machineStates();
            sample('e');
        }
        if (p.failedAt >= 0) {
            attemptFailed(p);
        } else {
            RunningJob r = p.run;
            // A job the policy killed may have ended on its own first on some nodes: then it completed.
            JobStatus status = p.killed != null && p.cut > 0 ? JobStatus.KILLED : p.status;
            String reason = status == JobStatus.KILLED && p.killed != null ? p.killed : null;
            ended(r.job(), r.start(), p.end, r.nodes(), status, reason, use(p), energyOf(p));
            jobEnded(r, status, reason);
            if (p.io.any()) {
                record(ioEnds, p.io.ended(core.model().io(), r.job(), p.plan, p.contention));
            }
        }
        ctx.requestEndOfInstant();
    }

    private void nodeFailed(SchedulerProtocol.NodeFailed f) {
        String target = "node " + f.node();
        boolean wasUsable = core.usable(f.node());
        boolean changed = !f.alreadyDown() && core.fail(f.node());
        if (changed && wasUsable) {
            available(new int[] {f.node()}, false);
        }
        if (f.jobIndex() >= 0) {
            stopped(pendingFor(f.jobIndex(), f.node()), f.node(), f.time());
        }
        if (energy != null) {
            energy.down(f.node(), f.time());
        }
        if (f.jobIndex() < 0) {
            log(f.time(), "fail", target, changed ? "node down (idle)" : NONE + "the node was already down",
                    f.cause());
            return;
        }
        Pending p = pendingFor(f.jobIndex(), f.node());
        if (!Double.isNaN(f.workDone())) {
            p.workDone = f.workDone();
        }
        if (f.contention() != null) {
            p.contention = f.contention();
        }
        Job job = p.run.job();
        if (p.failedAt < 0) {
            p.failedAt = f.time();
            p.failure = "node " + f.node() + " failed";
            abortOthers(p, f.node());
        }
        log(f.time(), "fail", target, (changed ? "node down; " : "") + "job " + job.id() + " "
                + effect(job.index()), f.cause());
        reported(f.jobIndex(), p);
    }

    /** Stops the attempt on the job's other nodes; each answers with NodeAborted unless it already reported. */
    private void abortOthers(Pending p, int except) {
        NodeProtocol.Abort abort = new NodeProtocol.Abort(p.run.job().index());
        for (int node : p.run.nodes()) {
            if (node != except) {
                ctx.send(nodes.get(node), abort);
            }
        }
    }

    /** Every node of an attempt a failure cut short has reported: apply the job's fate. */
    private void attemptFailed(Pending p) {
        RunningJob r = p.run;
        Job attempt = r.job();
        History h = histories.remove(attempt.index());
        Job original = h == null ? r.queued() : h.original();
        int number = h == null ? 1 : h.attempts() + 1;
        long firstStart = h == null ? r.start() : h.firstStart();
        long elapsed = p.failedAt - r.start();
        AttemptAccounting.Failure f = accounting.failed(original.runTime(), h == null ? 0 : h.saved(),
                AttemptAccounting.workDone(attempt.runTime(), p.workDone, p.plan, elapsed), elapsed, r.nodes().length);
        boolean last = lastAttempt(number);
        record(attemptEnds, new Report.AttemptEnded(original, number, r.start(), p.failedAt,
                r.nodes(), (last ? JobFate.KILL : failures.fate()).outcome(), p.failure, f.savedNow(), f.lost()));
        if (last) {
            String reason = failures.fate() == JobFate.KILL ? p.failure : p.failure + " on attempt " + number
                    + " of at most " + failures.maxAttempts() + " (failures.max-attempts)";
            record(jobEnds, new Report.JobEnded(original, r.start(), p.failedAt, r.nodes(),
                    JobStatus.FAILED, reason, use(p), number, firstStart, energyOf(p)));
            jobEnded(r, JobStatus.FAILED, reason);
            return;
        }
        histories.put(attempt.index(), new History(original, number, firstStart, f.kept()));
        core.requeue(AttemptAccounting.requeued(original, f.kept()));
    }

    /** Whether a failure of a job's attempt {@code number} (from 1) ends it: under kill, or at the attempt limit. */
    private boolean lastAttempt(int number) {
        return failures.fate() == JobFate.KILL || number >= failures.maxAttempts();
    }

    /** What a failure of the running job's current attempt makes of it, as events.csv words it. */
    private String effect(int jobIndex) {
        History h = histories.get(jobIndex);
        if (!lastAttempt(h == null ? 1 : h.attempts() + 1)) {
            return failures.fate().effect();
        }
        return failures.fate() == JobFate.KILL ? JobFate.KILL.effect()
                : JobFate.KILL.effect() + " (its attempt " + failures.maxAttempts() + ", failures.max-attempts)";
    }

    private void drain(SchedulerProtocol.Drain drain) {
        int changed = 0;
        int busy = 0;
        List<Integer> gone = new ArrayList<>();
        for (int node : drain.nodes()) {
            boolean wasUsable = core.usable(node);
            if (core.drain(node)) {
                changed++;
                busy += core.machine().owner(node) >= 0 ? 1 : 0;
                if (wasUsable) {
                    gone.add(node);
                }
            }
        }
        available(gone.stream().mapToInt(Integer::intValue).toArray(), false);
        log(ctx.now(), "drain", NodeRanges.describe(drain.nodes()), changed == 0 ? NONE + "already drained"
                : changed + " node" + (changed == 1 ? "" : "s") + " drained, " + busy + " still running a job",
                drain.cause());
    }

    /** A scripted power-state change: carried out as an external scheduler's SET_RESOURCE_STATE, or refused with why. */
    private void setPowerState(SchedulerProtocol.SetPowerState set) {
        String target = NodeRanges.describe(set.nodes());
        if (energy == null) {
            log(ctx.now(), "pstate", target, NONE + "node power states are not modelled", set.cause());
            return;
        }
        try {
            core.setPowerStateAt(ctx.now(), set.nodes(), set.pstate());
        } catch (IllegalArgumentException e) {
            log(ctx.now(), "pstate", target, NONE + e.getMessage(), set.cause());
            return;
        }
        for (SchedulerCore.Decision d : core.takeDecisions()) {
            decided(d);
        }
        log(ctx.now(), "pstate", target, set.nodes().length + " node" + (set.nodes().length == 1 ? "" : "s")
                + " to pstate " + set.pstate(), set.cause());
    }

    /** A link fails or comes back: running jobs whose routes change are rerouted, or fail without a route. */
    private void linkEvent(SchedulerProtocol.LinkEvent e) {
        String target = "link " + e.a() + "-" + e.b();
        int link = network.link(e.a(), e.b());
        boolean changed = e.up() ? network.repairLink(link) : network.failLink(link);
        if (!changed) {
            log(ctx.now(), e.up() ? "repair" : "fail", target, e.up() ? NONE + "the link was not down"
                    : NONE + "the link was already down", e.cause());
            return;
        }
        ReroutePlan reroute = new ReroutePlan(network, e.a(), e.b(), e.up());
        for (Pending p : pending.values()) {
            if (p.failedAt >= 0) {
                continue;
            }
            ReroutePlan.Decision d = reroute.decide(p.run, p.plan, effect(p.run.job().index()));
            p.plan = d.plan();
            if (d.outcome() == ReroutePlan.Outcome.NO_ROUTE) {
                p.failedAt = ctx.now();
                p.failure = d.failure();
                abortOthers(p, -1);
            } else if (d.outcome() == ReroutePlan.Outcome.REROUTED && d.plan().flow() != null) {
                ctx.send(nodes.get(p.run.nodes()[0]), new NodeProtocol.Reroute(p.run.job().index(), d.plan().flow()));
            }
        }
        log(ctx.now(), e.up() ? "repair" : "fail", target, reroute.effect(), e.cause());
    }

    @Override
    public void onEndOfInstant(Context context) {
        ctx = context;
        flushRecords();
        if (aborted == null) {
            List<RunningJob> started = List.of();
            try {
                started = core.schedule(ctx.now());
            } catch (SchedulingAbortedException e) {
                abort(e);
            }
            for (RunningJob r : started) {
                start(r);
            }
            for (SchedulerCore.Decision d : core.takeDecisions()) {
                decided(d);
            }
        }
        flushRecords();
        sendCounts(core.busyNodes(), core.queueLength(), core.runningCount());
        sendNodePowers();
        if (failures.stopWhenDone() && traceEnded && pending.isEmpty()) {
            if (core.queueLength() == 0) {
                ctx.endSimulation();
            } else if (!stallArmed && aborted == null) {
                stallArmed = true;
                ctx.send(self, new SchedulerProtocol.StallCheck(++stallEpoch), failures.stallLimit());
            }
        }
    }

    /** Carries out a reactive policy's decision other than a start. */
    private void decided(SchedulerCore.Decision d) {
        if (d instanceof SchedulerCore.Reject reject) {
            ended(reject.job(), -1, -1, null, JobStatus.REJECTED, reject.reason(), null);
        } else if (d instanceof SchedulerCore.Kill kill) {
            Pending p = pending.get(kill.jobIndex());
            if (p != null && p.killed == null && p.failedAt < 0) {
                p.killed = kill.reason();
                abortOthers(p, -1);
            }
        } else if (d instanceof SchedulerCore.Call call) {
            ctx.send(self, new SchedulerProtocol.Called(), call.time() - ctx.now());
        } else if (d instanceof SchedulerCore.Switch sw) {
            ctx.send(self, new SchedulerProtocol.PowerSwitched(sw.node(), sw.version()), sw.micros());
            draw(sw.node());
        }
    }

    /** In a modelled room, tells the node what it draws now by its power state, when it runs no job. */
    private void draw(int node) {
        if (reportDraws) {
            ctx.send(nodes.get(node), new NodeProtocol.Draw(energy.watts(node)));
        }
    }

    private void start(RunningJob r) {
        Job job = r.job();
        NetworkPlanner.Plan plan;
        try {
            plan = network == null ? null : network.plan(job, r.nodes(), ctx.random());
        } catch (NoRouteException e) {
            core.finish(job.index());
            String reason = "no route between nodes " + e.from() + " and " + e.to()
                    + ": failed links partition the network";
            ended(job, r.start(), r.start(), r.nodes(), JobStatus.FAILED, reason, null);
            jobEnded(r, JobStatus.FAILED, reason);
            return;
        }
        Pending p = new Pending(r, plan, JobIo.of(core.model().io(), job, r.nodes()));
        pending.put(job.index(), p);
        stallArmed = false;
        double watts = nodePower.watts(plan);
        double speed = speed(r.nodes());
        if (plan != null && plan.flow() != null) {
            int lead = r.nodes()[0];
            NodeProtocol.Flow flow = p.io.flow(plan.flow(), network, r.nodes());
            if (speed != 1) {
                flow = flow.withSpeed(speed);
            }
            NodeProtocol.StartJob follow = new NodeProtocol.StartJob(job.index(), plan.runTime(),
                    plan.limit(), null, true, watts);
            for (int node : r.nodes()) {
                double w = reportDraws ? energy.watts(node) : watts;
                ctx.send(nodes.get(node), node == lead
                        ? new NodeProtocol.StartJob(job.index(), plan.runTime(), plan.limit(), flow, false, w)
                        : reportDraws ? new NodeProtocol.StartJob(job.index(), plan.runTime(), plan.limit(), null, true, w)
                        : follow);
            }
            return;
        }
        // Without link actors the I/O phases take their time alone, before and after the run; the limit
        // (kill at the estimate) applies to the run.
        long runTime = plan == null ? job.runTime() : plan.runTime();
        if (speed != 1) {
            // The compute part (1 - c) runs at the nodes' speed; the communication part (c, or c tau) does not.
            double c = plan == null ? communicationFraction : network.communicationFraction();
            double tau = plan == null ? 1 : plan.tau();
            runTime = Math.round((1 - c) * job.runTime() / speed + c * tau * job.runTime());
        }
        NodeProtocol.StartJob start = new NodeProtocol.StartJob(job.index(), runTime + p.io.aloneTime(),
                (plan == null ? job.estimate() : plan.limit()) + p.io.aloneTime(), watts);
        for (int node : r.nodes()) {
            // With power states a node draws its own state's job watts.
            ctx.send(nodes.get(node), reportDraws ? new NodeProtocol.StartJob(start.jobIndex(), start.runTime(),
                    start.limit(), energy.watts(node)) : start);
        }
    }

    /** Batsim's consumed_energy row for an {@code event} now, when that file is written. */
    private void sample(char event) {
        if (energySamples.size() > 0) {
            record(energySamples, new Report.EnergySample(ctx.now(), event,
                    energy.totalJoules(ctx.now()), energy.wattMin()));
        }
    }

    /** Batsim's machine_states row now, when that file is written. */
    private void machineStates() {
        if (machineStates.size() > 0) {
            record(machineStates, new Report.MachineStates(ctx.now(),
                    energy.count(PowerLedger.Mode.SLEEPING), energy.count(PowerLedger.Mode.SWITCHING_ON),
                    energy.count(PowerLedger.Mode.SWITCHING_OFF), energy.count(PowerLedger.Mode.IDLE),
                    energy.count(PowerLedger.Mode.COMPUTING)));
        }
    }

    /** Batsim's pstate_changes row now, when that file is written. */
    private void pstateChange(int[] changed, int pstate) {
        if (pstateChanges.size() > 0) {
            record(pstateChanges, new Report.PstateChange(ctx.now(), changed.clone(), pstate));
        }
    }

    /** The slowest computing speed among the nodes (1 when energy is not modelled). */
    private double speed(int[] on) {
        if (energy == null) {
            return 1;
        }
        double slowest = Double.POSITIVE_INFINITY;
        for (int node : on) {
            slowest = Math.min(slowest, energy.speed(node));
        }
        return slowest;
    }

    /**
     * The run is about to end. Jobs still queued could never be placed again (their nodes stayed
     * down); after a stop from outside, queued and running jobs are unfinished.
     */
    @Override
    public void onWindDown(boolean stopped, Context context) {
        ctx = context;
        if (reactive != null && aborted == null) {
            react(() -> reactive.runEnds(ctx.now()));
        }
        String when = aborted != null ? "when the scheduler failed" : "when the run was stopped";
        int usable = core.totalNodes() - core.downCount() - core.drainedCount();
        for (Job job : core.queued()) {
            if (stopped) {
                ended(job, -1, -1, null, JobStatus.UNFINISHED, "queued " + when, null);
            } else if (stalled) {
                ended(job, -1, -1, null, JobStatus.FAILED, "never started: no job started in the "
                        + SimTime.describe(failures.stallLimit()) + " before the run ended, nothing running"
                        + " (failures.stall-limit); needs " + job.nodes() + " nodes, " + usable + " usable then", null);
            } else if (reactive != null) {
                ended(job, -1, -1, null, JobStatus.FAILED, "never started: the scheduler left it queued when"
                        + " nothing else was left to happen", null);
            } else {
                ended(job, -1, -1, null, JobStatus.FAILED, "never placed: needs " + job.nodes() + " nodes, "
                        + usable + " usable when nothing else was left to happen", null);
            }
        }
        for (Pending p : pending.values()) {
            RunningJob r = p.run;
            ended(r.job(), r.start(), ctx.now(), r.nodes(), JobStatus.UNFINISHED, "running " + when, use(p));
        }
        flushRecords();
        // Every job now has its final status: none is queued or running any more, and no node is held.
        sendCounts(0, 0, 0);
        sendNodePowers();
        if (energy != null) {
            sendAll(energyTotals, new Report.EnergyTotals(ctx.now(), energy.joules(ctx.now())));
        }
    }

    /** Sends the nodes' power and power states (the time series), unless unchanged or nothing listens. */
    private void sendNodePowers() {
        if (nodePowers.size() == 0) {
            return;
        }
        double watts = energy.totalWatts();
        int sleeping = energy.count(PowerLedger.Mode.SLEEPING);
        int switching = energy.count(PowerLedger.Mode.SWITCHING_ON) + energy.count(PowerLedger.Mode.SWITCHING_OFF);
        if (watts == sentWatts && sleeping == sentSleeping && switching == sentSwitching) {
            return;
        }
        sentWatts = watts;
        sentSleeping = sleeping;
        sentSwitching = switching;
        sendAll(nodePowers, new Report.NodePowers(watts, sleeping, switching));
    }

    /** Sends the counts (the time series), unless they are the ones sent last or nothing listens. */
    private void sendCounts(int busy, int queued, int running) {
        if (counts.size() == 0) {
            return;
        }
        int failed = core.downCount();
        int drained = core.drainedUpCount();
        if (busy == sentBusy && failed == sentFailed && drained == sentDrained && queued == sentQueued
                && running == sentRunning) {
            return;
        }
        sentBusy = busy;
        sentFailed = failed;
        sentDrained = drained;
        sentQueued = queued;
        sentRunning = running;
        sendAll(counts, new Report.Counts(busy, failed, drained, queued, running));
    }

    /**
     * Records a job's final status; {@code nodes} null when its last attempt never started. An
     * earlier attempt a failure cut short supplies the trace's job, the attempts before this one and
     * the first start.
     */
    private void ended(Job job, long start, long end, int[] nodes, JobStatus status, String reason,
                       Report.NetworkUse use) {
        ended(job, start, end, nodes, status, reason, use, Double.NaN);
    }

    /** As above, with the joules the attempt's nodes drew ({@code energy}; NaN: not modelled or not known). */
    private void ended(Job job, long start, long end, int[] nodes, JobStatus status, String reason,
                       Report.NetworkUse use, double energy) {
        History h = histories.remove(job.index());
        int attempts = (h == null ? 0 : h.attempts()) + (nodes == null ? 0 : 1);
        long firstStart = h != null ? h.firstStart() : nodes == null ? -1 : start;
        record(jobEnds, new Report.JobEnded(h == null ? job : h.original(), start, end, nodes,
                status, reason, use, attempts, firstStart, energy));
    }

    /** The node stopped the job at {@code time}: what it drew for the job counts to the job's energy. */
    private void stopped(Pending p, int node, long time) {
        if (energy != null) {
            p.energy += energy.jobEnds(node, p.run.start(), time);
        }
    }

    /** The joules of the attempt, NaN when energy is not modelled. */
    private double energyOf(Pending p) {
        return energy == null ? Double.NaN : p.energy;
    }

    /** Holds {@code report} for its listeners {@code to} until the instant's reports are sent (nothing if none listens). */
    private <T> void record(Addresses<T> to, T report) {
        if (to.size() > 0) {
            records.add(report);
            listeners.add(to);
        }
    }

    /** Sends the instant's reports, in the order they were made; {@link #record} paired each with its listeners. */
    @SuppressWarnings("unchecked")
    private void flushRecords() {
        for (int i = 0; i < records.size(); i++) {
            sendAll((Addresses<Object>) listeners.get(i), records.get(i));
        }
        records.clear();
        listeners.clear();
    }

    private <T> void sendAll(Addresses<T> to, T report) {
        for (int i = 0; i < to.size(); i++) {
            ctx.send(to.get(i), report);
        }
    }

    private void log(long time, String event, String target, String effect, String cause) {
        record(events, new Report.EventLogged(time, event, target, effect, cause));
        ctx.requestEndOfInstant();
    }

    /** What jobs.csv reports of the job's network use, or null without a network model. */
    private static Report.NetworkUse use(Pending p) {
        if (p.plan == null) {
            return null;
        }
        SchedulerProtocol.Contention c = p.contention;
        return new Report.NetworkUse(p.plan.tau(), c == null ? Double.NaN : c.sigmaMean(),
                c == null ? Double.NaN : c.sigmaMax(), p.plan.hopBytes(),
                c == null ? p.plan.maxOwnWeight() : c.maxLinkLoad());
    }
}
