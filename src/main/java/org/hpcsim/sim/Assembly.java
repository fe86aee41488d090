package org.hpcsim.sim;

import java.util.concurrent.CompletableFuture;
import org.hpcsim.config.Scenario;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.failure.FailureModel;
import org.hpcsim.failure.FailureOptions;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.Addresses;
import org.hpcsim.kernel.Wiring;
import org.hpcsim.link.Link;
import org.hpcsim.network.LinkMap;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.node.ComputeNode;
import org.hpcsim.protocol.CracProtocol;
import org.hpcsim.protocol.FailureLogProtocol;
import org.hpcsim.protocol.JobsProtocol;
import org.hpcsim.protocol.LinksLogProtocol;
import org.hpcsim.protocol.RoomLogProtocol;
import org.hpcsim.protocol.TimeSeriesProtocol;
import org.hpcsim.protocol.BatsimEnergyProtocol;
import org.hpcsim.protocol.FeederProtocol;
import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.NodeProtocol;
import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.protocol.PowerProtocol;
import org.hpcsim.protocol.ThermalProtocol;
import org.hpcsim.protocol.ViewProtocol;
import org.hpcsim.report.BatsimJobsLog;
import org.hpcsim.report.FailureLog;
import org.hpcsim.report.BatsimEnergyLog;
import org.hpcsim.report.EnergyLog;
import org.hpcsim.report.IoLog;
import org.hpcsim.report.LinksCsv;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.report.JobsLog;
import org.hpcsim.report.RunMetrics;
import org.hpcsim.report.RunProgress;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.report.TimeSeriesLog;
import org.hpcsim.report.TimeSeriesOptions;
import org.hpcsim.report.ViewSink;
import org.hpcsim.room.CracUnit;
import org.hpcsim.room.PowerMeter;
import org.hpcsim.room.HeatRecirculation;
import org.hpcsim.scheduler.NetworkPlanner;
import org.hpcsim.scheduling.ReactivePolicy;
import org.hpcsim.scheduler.Scheduler;
import org.hpcsim.scheduling.SchedulerCore;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.link.IoNode;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStream;
import org.hpcsim.feeder.TraceFeeder;

/**
 * The layout and wiring of one run: the one place that lists a run's components and connects their
 * ports. Components are added in a fixed order, which fixes their ids (and so the delivery order
 * among senders): the compute nodes, the scheduler, the trace feeder, the links (links model), the
 * I/O nodes (I/O over links), the thermal actor and the CRAC units (a modelled room), then the output
 * sinks, each only when its output is on: jobs.csv (always), timeseries.csv, links.csv, the room's
 * logs, power.csv, events and attempts, io.csv, batsim_jobs.csv, and the live view's sink when the run is
 * served. Each sink is connected to the ports
 * it listens to; a sink's output is added by one entry here.
 */
final class Assembly {
    final Wiring wiring = new Wiring();
    final Addresses<NodeProtocol> nodes;
    final Address<SchedulerProtocol> scheduler;
    final Addresses<CracProtocol> cracs;
    /** The room's logs, for the summary and the console; null without a modelled room, or until created. */
    volatile ThermalLog thermalLog;
    /** Events and attempts, for the summary; null when they are not logged, or until created. */
    volatile FailureLog failureLog;
    /** io.csv, for the summary; null when no job does I/O, or until created. */
    volatile IoLog ioLog;
    /** energy.csv, for the summary; null when energy is not modelled, or until created. */
    volatile EnergyLog energyLog;
    /** The live view's sink, for its sampler; null unless the run is served. */
    final ViewSink view;

    /**
     * Where a time-parallel window starts (see {@link TimeWindows}): its feeder first wakes at
     * {@code firstWake} and sends no job arriving before {@code skipBefore}; scripted events due before
     * {@code eventsFrom} are left out. Null for the whole run.
     */
    record Window(long firstWake, long skipBefore, long eventsFrom) {
    }

    /**
     * @param core    the scheduler's state (machine, allocator, policy)
     * @param links   the machine's links, or null without a network model
     * @param network the network model's planner, or null
     * @param room    the modelled room, or null
     * @param io      the jobs' I/O nodes, or null
     * @param linkCount link actors (the links model), else 0
     * @param ioCount   I/O node actors (I/O over link actors), else 0
     * @param logEvents whether events.csv and attempts.csv are written
     * @param served    whether a live view follows the run (its sink is added last)
     */
    Assembly(Scenario scenario, Topology topology, int[] spanRanks, SchedulerCore core, LinkMap links,
             NetworkPlanner network, Room room, FailureModel failureModel, IoAssignment io, int linkCount, int ioCount, boolean logEvents,
             boolean served, OutputDirectory out, JobStream jobs, RunProgress progress,
             CompletableFuture<RunMetrics> metrics, Window window) {
        int n = topology.size();
        NetworkOptions net = scenario.network();
        boolean linksModel = net.model() == NetworkOptions.Model.LINKS;
        TimeSeriesOptions ts = scenario.timeSeries();

        long latency = scenario.reportLatency();
        // With power states every node starts idle in the same state (checked when prepared): that draw is the room's idle.
        double idle = room == null ? 0 : core.energy() != null ? core.energy().watts(0) : room.model().power().idle();
        FailureModel nodeFailures = failureModel.stochastic() ? failureModel : null;
        nodes = wiring.addGroup(ComputeNode.TYPE, n,
                ports -> new ComputeNode(ports, idle, nodeFailures));
        FailureOptions fo = scenario.failures();
        Scheduler.FailurePolicy failurePolicy = new Scheduler.FailurePolicy(fo.onJobFailure(),
                fo.checkpointInterval(), failureModel.stochastic(), fo.maxAttempts(), fo.stallLimit());
        scheduler = wiring.add(Scheduler.TYPE, ports -> new Scheduler(ports, core, network,
                room == null ? null : room.model().power(), failurePolicy, net.communicationFraction()));
        if (core.policy() instanceof ReactivePolicy) {
            // An external scheduler hears of the run at time 0 (Batsim's SIMULATION_BEGINS), not at the first arrival.
            wiring.schedule(scheduler, new SchedulerProtocol.Called(), 0);
        }
        int batch = scenario.kernel().feederBatch();
        long skipBefore = window == null ? Long.MIN_VALUE : window.skipBefore();
        Address<FeederProtocol> feeder = wiring.add(TraceFeeder.TYPE,
                ports -> new TraceFeeder(ports, jobs, batch, skipBefore));
        Addresses<LinkProtocol> linkActors = wiring.addGroup(Link.TYPE, linkCount, Link::new);
        // An I/O node is known to the leads as the pseudo-link after the network's links.
        Addresses<LinkProtocol> ioNodes = wiring.addGroup(IoNode.TYPE, ioCount,
                ports -> new IoNode(links.size() + ports.index()));

        wiring.connect(nodes, ComputeNode.SCHEDULER, scheduler, latency);
        wiring.connect(nodes, ComputeNode.PEERS, nodes);
        wiring.connect(nodes, ComputeNode.LINKS, linkActors);
        wiring.connect(nodes, ComputeNode.LINKS, ioNodes);
        wiring.connect(scheduler, Scheduler.NODES, nodes);
        wiring.connect(feeder, TraceFeeder.SCHEDULER, scheduler);

        Job first = jobs.peek();
        long start = first == null ? 0 : first.arrival();
        Address<ThermalProtocol> thermal = null;
        if (room != null) {
            boolean trace = scenario.thermal().nodePowerCsv();
            thermal = wiring.add(HeatRecirculation.TYPE, ports -> new HeatRecirculation(ports,
                    room.model().heat(), idle, room.cooling(), trace));
            cracs = wiring.addGroup(CracUnit.TYPE, room.cooling().units().size(),
                    ports -> new CracUnit(ports, room.cooling()));
            wiring.connect(nodes, ComputeNode.POWER, thermal);
            wiring.connect(thermal, HeatRecirculation.CRACS, cracs);
            wiring.connect(cracs, CracUnit.THERMAL, thermal);
            wiring.schedule(thermal, new ThermalProtocol.Begin(), start);
        } else {
            cracs = null;
        }

        // The output sinks, each on the ports it listens to.
        Address<JobsProtocol> jobsLog = wiring.add(JobsLog.TYPE, ports -> new JobsLog(topology, spanRanks,
                out.file("jobs.csv"), progress, metrics, core.energy() != null));
        wiring.connect(scheduler, Scheduler.JOBS, jobsLog);
        wiring.connect(scheduler, Scheduler.ATTEMPTS, jobsLog);
        if (thermal != null) {
            wiring.connect(thermal, HeatRecirculation.SAMPLES, jobsLog);
        }
        if (ts.enabled()) {
            Address<TimeSeriesProtocol> seriesLog = wiring.add(TimeSeriesLog.TYPE, ports -> TimeSeriesLog.open(
                    out.file("timeseries.csv"), n, room != null, linksModel ? links.size() : -1, ts.interval(),
                    core.energy() != null));
            wiring.connect(scheduler, Scheduler.COUNTS, seriesLog);
            if (core.energy() != null) {
                wiring.connect(scheduler, Scheduler.NODE_POWERS, seriesLog);
            }
            wiring.connect(linkActors, Link.LOADS, seriesLog);
            if (thermal != null) {
                wiring.connect(thermal, HeatRecirculation.SAMPLES, seriesLog);
            }
        }
        if (linkCount > 0 && net.linksCsv()) {
            Address<LinksLogProtocol> linksLog = wiring.add(LinksCsv.TYPE, ports -> LinksCsv.open(out.file("links.csv"),
                    links.size(), net.linksCsvTop(), links::describe));
            wiring.connect(linkActors, Link.LOADS, linksLog);
        }
        if (room != null) {
            Address<RoomLogProtocol> roomLog = wiring.add(ThermalLog.TYPE, ports -> thermalLog = ThermalLog.open(
                    out.file("thermal.csv"), scenario.thermal().nodePowerCsv() ? out.file("node-power.csv") : null,
                    out.file("inlet.csv"), room.layout()));
            wiring.connect(thermal, HeatRecirculation.SAMPLES, roomLog);
            wiring.connect(thermal, HeatRecirculation.INLETS, roomLog);
            wiring.connect(scheduler, Scheduler.JOBS, roomLog);
            if (scenario.thermal().powerCsv()) {
                Address<PowerProtocol> meter = wiring.add(PowerMeter.TYPE, ports -> new PowerMeter(room.layout(), n,
                        idle, out.file("power.csv")));
                wiring.connect(nodes, ComputeNode.POWER, meter);
            }
        }
        if (logEvents) {
            Address<FailureLogProtocol> failures = wiring.add(FailureLog.TYPE,
                    ports -> failureLog = FailureLog.open(out.file("events.csv"), out.file("attempts.csv")));
            wiring.connect(scheduler, Scheduler.EVENTS, failures);
            wiring.connect(scheduler, Scheduler.ATTEMPTS, failures);
            if (cracs != null) {
                wiring.connect(cracs, CracUnit.EVENTS, failures);
            }
        }
        if (io != null && scenario.io().any()) {
            wiring.connect(scheduler, Scheduler.IO, wiring.add(IoLog.TYPE, ports -> ioLog = IoLog.open(out.file("io.csv"))));
        }
        if (core.energy() != null) {
            wiring.connect(scheduler, Scheduler.ENERGY, wiring.add(EnergyLog.TYPE,
                    ports -> energyLog = EnergyLog.open(out.file("energy.csv"))));
        }
        if (scenario.batsimOutput()) {
            wiring.connect(scheduler, Scheduler.JOBS, wiring.add(BatsimJobsLog.TYPE,
                    ports -> BatsimOutput.open(scenario, room, network, out)));
            if (core.energy() != null) {
                Address<BatsimEnergyProtocol> energyFiles = wiring.add(BatsimEnergyLog.TYPE,
                        ports -> new BatsimEnergyLog(out.file(BatsimEnergyLog.ENERGY), out.file(BatsimEnergyLog.MACHINES),
                                out.file(BatsimEnergyLog.PSTATES), n, core.energy().pstate(0)));
                wiring.connect(scheduler, Scheduler.ENERGY_SAMPLES, energyFiles);
                wiring.connect(scheduler, Scheduler.MACHINE_STATES, energyFiles);
                wiring.connect(scheduler, Scheduler.PSTATE_CHANGES, energyFiles);
            }
        }
        if (served) {
            // Last, so every other component keeps its id: a served run writes what the same run unserved does.
            view = new ViewSink(linksModel ? links.size() : 0);
            Address<ViewProtocol> v = wiring.add(ViewSink.TYPE, ports -> view);
            wiring.connect(scheduler, Scheduler.EVENTS, v);
            wiring.connect(linkActors, Link.LOADS, v);
            if (thermal != null) {
                wiring.connect(thermal, HeatRecirculation.SAMPLES, v);
                wiring.connect(thermal, HeatRecirculation.INLET_MAP, v);
                wiring.connect(cracs, CracUnit.EVENTS, v);
            }
        } else {
            view = null;
        }

        if (first != null) {
            // At 0, not at the first arrival: the feeder then holds the whole trace from the start, so a
            // run stopped before its first arrival still records every job as not submitted.
            wiring.schedule(feeder, new FeederProtocol.Feed(), window == null ? 0 : window.firstWake());
        }
        for (ScenarioEvent e : scenario.events()) {
            if (window == null || e.time() >= window.eventsFrom()) {
                dispatch(e, wiring::schedule);
            }
        }
        if (nodeFailures != null) {
            for (int i = 0; i < n; i++) {
                wiring.schedule(nodes.get(i), new NodeProtocol.StartFailures(), start);
            }
        }
    }

    /** Where scheduled or injected messages go: the wiring before the run, the kernel's control while paused. */
    interface MessageSink {
        <C> void put(Address<C> to, C message, long time);
    }

    /** The cause events.csv gives a scripted event, wherever it was given (so a console and a file agree). */
    private static final String SCENARIO = "scenario";

    /** Sends what the event does to the components it concerns, due at its time (the event has been checked). */
    void dispatch(ScenarioEvent e, MessageSink sink) {
        int[] t = e.targets();
        switch (e.kind()) {
            case NODE_FAIL -> {
                for (int node : t) {
                    sink.put(nodes.get(node), new NodeProtocol.Fail(SCENARIO), e.time());
                }
            }
            case NODE_REPAIR -> {
                for (int node : t) {
                    sink.put(nodes.get(node), new NodeProtocol.Repair(SCENARIO), e.time());
                }
            }
            case NODE_DRAIN -> sink.put(scheduler, new SchedulerProtocol.Drain(t, SCENARIO), e.time());
            case NODE_RESUME -> sink.put(scheduler, new SchedulerProtocol.Resume(t, SCENARIO), e.time());
            case LINK_FAIL, LINK_REPAIR -> sink.put(scheduler, new SchedulerProtocol.LinkEvent(t[0], t[1],
                    e.kind() == ScenarioEvent.Kind.LINK_REPAIR, SCENARIO), e.time());
            case CRAC_FAIL -> sink.put(cracs.get(t[0]), new CracProtocol.Fail(SCENARIO), e.time());
            case CRAC_REPAIR -> sink.put(cracs.get(t[0]), new CracProtocol.Repair(SCENARIO), e.time());
            case CRAC_SUPPLY -> sink.put(cracs.get(t[0]), new CracProtocol.SetSupply(e.supply(), SCENARIO), e.time());
            case NODE_PSTATE -> sink.put(scheduler, new SchedulerProtocol.SetPowerState(t, e.pstate(), SCENARIO),
                    e.time());
            case POWER_CAP -> sink.put(scheduler, new SchedulerProtocol.SetPowerCap(e.value(), SCENARIO), e.time());
        }
    }
}
