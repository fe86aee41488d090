package org.hpcsim.sim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.PinnedAllocator;
import org.hpcsim.allocation.Pins;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.ConfigPaths;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.kernel.Executor;
import org.hpcsim.kernel.pekko.PekkoExecutor;
import org.hpcsim.kernel.sequential.SequentialExecutor;
import org.hpcsim.kernel.KernelControl;
import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.network.CommPattern;
import org.hpcsim.network.LinkMap;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.registry.Registry;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.report.ViewSink;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.batsim.BatsimPlatform;
import org.hpcsim.energy.EnergyOptions;
import org.hpcsim.energy.PowerLedger;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.failure.FailureModel;
import org.hpcsim.report.FailureLog;
import org.hpcsim.malleable.Speedup;
import org.hpcsim.malleable.MalleableOptions;
import org.hpcsim.scheduling.JobModel;
import org.hpcsim.scheduling.PowerCappedEasyPolicy;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.report.EnergyLog;
import org.hpcsim.report.IoLog;
import org.hpcsim.report.RunMetrics;
import org.hpcsim.report.RunProgress;
import org.hpcsim.scheduler.NetworkPlanner;
import org.hpcsim.scheduling.SchedulerCore;
import org.hpcsim.scheduling.SchedulingAbortedException;
import org.hpcsim.external.ExternalScheduler;
import org.hpcsim.workload.BatsimWorkloadReader;
import org.hpcsim.workload.TraceFormat;
import org.hpcsim.failure.JobFate;
import org.hpcsim.time.SimTime;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.topology.Curve;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.JobStream;
import org.hpcsim.workload.ScanProgress;
import org.hpcsim.workload.Trace;
import org.hpcsim.workload.TraceOpener;

/**
 * One simulation run. {@link #prepare} checks every input (trace, machine, policies) before anything
 * is written; {@link #run} simulates and commits {@code jobs.csv}, the optional outputs
 * ({@code timeseries.csv}, {@code links.csv}, the room's files, ...), then {@code summary.json} and
 * {@code config-used.conf} last, to the output directory, or leaves nothing there if it fails.
 *
 * <p>Component ids: compute nodes 0..N-1 (the node ids), then the scheduler, the trace feeder, the
 * link actors and I/O nodes (links model), in a modelled room the thermal actor and the CRAC units,
 * then the output sinks whose outputs are on ({@link Assembly} adds them in this order).
 */
public final class Simulation {

    /**
     * What a run produced. {@code processCpuSeconds}, {@code peakHeapBytes} and {@code peakRssBytes} are
     * the whole process's by the run's end (JVM start and input checks included; -1 where unavailable);
     * {@code heapAfterGcBytes} the most heap in use after a collection during the simulation (-1: none).
     * {@code wallSeconds} leaves out the time a console kept the run paused.
     */
    public record Result(RunMetrics metrics, KernelStats kernel, double wallSeconds, double processCpuSeconds,
                         long peakHeapBytes, long heapAfterGcBytes, long peakRssBytes, Path outputDir, ThermalLog.Summary thermal, FailureLog failures, IoLog io,
                         EnergyLog energy) {
        public double eventsPerSecond() {
            return wallSeconds > 0 ? kernel.events() / wallSeconds : 0;
        }
    }

    private final Scenario scenario;
    private final Trace trace;
    private final Topology topology;
    private final String spanCurve;
    private final int[] spanRanks;
    private final SchedulerCore core;
    private final LinkMap links;
    private final NetworkPlanner network;
    private final Room room;
    private final FailureModel failureModel;
    private final IoAssignment io;
    private KernelSettings kernelSettings;
    /** The executor {@code kernel.executor} resolves to for this run (see {@link #chooseEngine}). */
    private KernelOptions.Engine engine;
    /** Makes a fresh scheduler state (machine, allocator, policy) for each time-parallel window. */
    private Supplier<SchedulerCore> cores;
    /** The Batsim platform the nodes come from, or null (an external scheduler is told their names). */
    private BatsimPlatform.Platform platform;
    /** Why this run cannot use time-parallel windows, or null when it can. */
    private String windowsUnfit;
    /**
     * Whether the trace is read and the sinks are written on threads of their own beside the one
     * that simulates (automatic threads on a machine with cores to spare, when windows do not apply).
     */
    private boolean apart;
    /** The time-parallel windows while they run, for an interrupt; else null. */
    private volatile TimeWindows windows;
    /** What the windows did, for the summary; null unless the run used them. */
    private TimeWindows.Outcome windowsOutcome;
    private volatile boolean stoppedEarly;
    /** Why the run stopped when its scheduler failed, else null. */
    private String stopReason;
    private volatile String stoppedBy;
    private volatile KernelControl control;
    private boolean forceOutput;
    private boolean served;
    private final List<String> warnings = new ArrayList<>();
    private final RunProgress runProgress = new RunProgress();
    private volatile KernelProgress kernelProgress;
    private boolean ran;
    /** The run's components and their addresses, once {@link #run} has laid them out. */
    private volatile Assembly assembly;

    private Simulation(Scenario scenario, Trace trace, Topology topology, String spanCurve, int[] spanRanks,
                       SchedulerCore core, LinkMap links, NetworkPlanner network, Room room, FailureModel failureModel,
                       IoAssignment io) {
        this.scenario = scenario;
        this.trace = trace;
        this.topology = topology;
        this.spanCurve = spanCurve;
        this.spanRanks = spanRanks;
        this.core = core;
        this.links = links;
        this.network = network;
        this.room = room;
        this.failureModel = failureModel;
        this.io = io;
        KernelOptions k = scenario.kernel();
        settle(k.engineFor(k.runThreads()), k.runThreads());
    }

    private void settle(KernelOptions.Engine engine, int threads) {
        KernelOptions k = scenario.kernel();
        this.engine = engine;
        this.kernelSettings = new KernelSettings(threads, threads * k.partitionsPerThread(), k.throughput(),
                scenario.seed(), 0);
    }

    /** Checks the inputs and builds the machine and policies; writes nothing. */
    public static Simulation prepare(Scenario scenario, Registry registry) {
        return prepare(scenario, registry, new ScanProgress());
    }

    /** As {@link #prepare(Scenario, Registry)}, telling {@code scan} how far the trace has been read. */
    public static Simulation prepare(Scenario scenario, Registry registry, ScanProgress scan) {
        return prepare(scenario, registry, scan, Runtime.getRuntime().availableProcessors());
    }

    /**
     * As {@link #prepare(Scenario, Registry, ScanProgress)}, for a run beside others (a sweep's): with
     * automatic threads it gets one thread and nothing beside it, since the cores run the other runs.
     */
    public static Simulation prepareBesideOthers(Scenario scenario, Registry registry, ScanProgress scan) {
        return prepare(scenario, registry, scan, 1);
    }

    /** @param machineCores the cores this run may use when its threads are automatic */
    private static Simulation prepare(Scenario scenario, Registry registry, ScanProgress scan, int machineCores) {
        TraceOpener format = registry.traceOpener(scenario.traceFormat(), scenario.trace());
        Trace trace = Trace.scan(scenario.trace(), format, scenario.workload(), scan,
                EnginePlan.mayUseWindows(scenario.kernel(), machineCores) ? Trace.KEEP_AT_MOST : 0);
        Path platformFile = scenario.energy().platform();
        BatsimPlatform.Platform platform = platformFile == null ? null : BatsimPlatform.read(platformFile);
        Topology topology = InputChecks.machine(scenario, trace, platform);
        String tooLarge = MemoryBudget.refusal(topology.spec(), topology.size(), Runtime.getRuntime().maxMemory());
        if (tooLarge != null) {
            throw scenario.invalid("machine", tooLarge);
        }
        MachineState machine = new MachineState(topology);
        SchedulingPolicy policy;
        Allocator allocator;
        try {
            policy = registry.scheduler(scenario.scheduler());
        } catch (IllegalArgumentException e) {
            throw scenario.invalid("scheduler.policy", e.getMessage());
        }
        Room room = scenario.thermal().enabled() ? Room.of(scenario, topology) : null;
        IoAssignment io = InputChecks.io(scenario, topology, trace);
        try {
            allocator = registry.allocator(scenario.allocator(), machine, scenario.seed(),
                    room == null ? null : room.model(), io);
        } catch (IllegalArgumentException e) {
            throw scenario.invalid("allocator.policy", e.getMessage());
        }
        if (scenario.pinned() != null) {
            Map<Long, int[]> pins = Pins.read(scenario.pinned(), topology.size());
            InputChecks.checkPins(scenario.pinned(), pins, trace);
            allocator = new PinnedAllocator(machine, allocator, pins);
        }
        String spanCurve = registry.spanCurve(scenario.spanCurve(), scenario.allocator());
        int[] spanRanks;
        try {
            spanRanks = Curve.ranks(registry.curve(spanCurve).order(topology));
        } catch (IllegalArgumentException e) {
            throw scenario.invalid("allocator.span-curve", e.getMessage());
        }
        NetworkOptions net = scenario.network();
        LinkMap links = null;
        NetworkPlanner planner = null;
        if (net.model() != NetworkOptions.Model.NONE) {
            GridTopology grid = topology.networkGrid().orElseThrow(() -> scenario.invalid("network.model",
                    "network model '" + Scenario.spelling(net.model())
                            + "' needs a mesh, torus or line machine, not " + topology.spec()));
            links = new LinkMap(grid);
            Path traceDir = scenario.trace().toAbsolutePath().getParent();
            try {
                planner = new NetworkPlanner(net, topology, links, traceDir,
                        scenario.workload().coresPerNode(), scenario.workload().killAtEstimate());
            } catch (IllegalArgumentException e) {
                throw scenario.invalid("network.pattern", e.getMessage());
            }
        } else {
            try {
                CommPattern.check(net.pattern(), scenario.trace().toAbsolutePath().getParent());
            } catch (IllegalArgumentException e) {
                throw scenario.invalid("network.pattern", e.getMessage());
            }
        }
        FailureModel failures;
        try {
            failures = registry.failureModel(scenario.failures().model());
        } catch (IllegalArgumentException e) {
            throw scenario.invalid("failures.model", e.getMessage());
        }
        if (policy instanceof ExternalScheduler && scenario.failures().onJobFailure() != JobFate.KILL) {
            throw scenario.invalid("failures.on-job-failure", "an external scheduler needs kill: Batsim's protocol"
                    + " has no requeued jobs (the scheduler hears COMPLETED_FAILED and may resubmit nothing)");
        }
        JobModel model;
        try {
            MalleableOptions mo = scenario.malleable();
            model = new JobModel(mo.enabled() ? Speedup.parse(mo.speedup()) : null, mo,
                    io != null && scenario.io().any() ? io : null);
        } catch (IllegalArgumentException e) {
            throw scenario.invalid("malleable.speedup", e.getMessage());
        }
        Simulation sim = new Simulation(scenario, trace, topology, spanCurve, spanRanks,
                new SchedulerCore(machine, allocator, policy, model, energy(scenario, topology.size(), platform)), links,
                planner, room, failures, io);
        sim.platform = platform;
        if (platform != null) {
            sim.warnings.addAll(platform.notes());
        }
        if (policy instanceof PowerCappedEasyPolicy capped && capped.facility()) {
            capped.setCoolingFactor(InputChecks.coolingFactor(scenario, room));
        }
        PowerLedger ledger = sim.core.energy();
        if (room != null && ledger != null) {
            for (int i = 1; i < ledger.size(); i++) {
                if (ledger.watts(i) != ledger.watts(0)) {
                    throw scenario.invalid("platform", "in a modelled room every node must start at one idle draw;"
                            + " node " + i + " draws " + ledger.watts(i) + " W, node 0 " + ledger.watts(0) + " W");
                }
            }
        }
        sim.cores = () -> {
            MachineState m = new MachineState(topology);
            Allocator a = registry.allocator(scenario.allocator(), m, scenario.seed(),
                    room == null ? null : room.model(), io);
            if (scenario.pinned() != null) {
                a = new PinnedAllocator(m, a, Pins.read(scenario.pinned(), topology.size()));
            }
            return new SchedulerCore(m, a, registry.scheduler(scenario.scheduler()), model,
                    energy(scenario, topology.size(), platform));
        };
        sim.windowsUnfit = InputChecks.windowsUnfit(scenario, sim.core.policy(), planner, room, io, failures,
                ledger, sim.cores);
        EnginePlan plan = EnginePlan.choose(scenario.kernel(), machineCores, sim.windowsUnfit, trace.jobs());
        sim.settle(plan.engine(), plan.threads());
        sim.apart = plan.sinksApart();
        if (plan.warning() != null) {
            sim.warnings.add(plan.warning());
        }
        if (plan.engine() != KernelOptions.Engine.WINDOWS) {
            trace.forgetKept();
        }
        sim.warnings.addAll(InputChecks.warnings(scenario, trace, topology));
        String attempts = InputChecks.attemptWarning(scenario.failures(), failures, trace, topology.size());
        if (attempts != null) {
            sim.warnings.add(attempts);
        }
        for (ScenarioEvent e : scenario.events()) {
            try {
                sim.check(e);
            } catch (IllegalArgumentException ex) {
                throw new InputException(e.source(), 0, "event", ex.getMessage());
            }
        }
        return sim;
    }

    /**
     * Checks an event against this machine and these settings: its nodes, link or unit exist, a link
     * event has a network model to route, a failure is allowed by the failure model.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    void check(ScenarioEvent e) {
        ScenarioEvent.Kind kind = e.kind();
        boolean linkEvent = kind == ScenarioEvent.Kind.LINK_FAIL || kind == ScenarioEvent.Kind.LINK_REPAIR;
        if (linkEvent && topology.line().isPresent()) {
            throw new IllegalArgumentException("link events are not supported on a line machine, in '" + e.text() + "'");
        }
        if (linkEvent && network == null && topology.grid().isPresent()) {
            throw new IllegalArgumentException("link events need a network model (network.model = distance or links):"
                    + " without one jobs have no routes, in '" + e.text() + "'");
        }
        e.check(topology.size(), links == null ? null : (a, b) -> links.between(a, b),
                room == null ? 0 : room.cooling().units().size());
        if (kind == ScenarioEvent.Kind.NODE_PSTATE && core.energy() == null) {
            throw new IllegalArgumentException("pstate events need node power states (energy.enabled = true or a"
                    + " platform), in '" + e.text() + "'");
        }
        if (kind == ScenarioEvent.Kind.POWER_CAP && !(core.policy() instanceof PowerCappedEasyPolicy)) {
            throw new IllegalArgumentException("power-cap events need the easy-powercap scheduler, in '" + e.text() + "'");
        }
        if ((kind == ScenarioEvent.Kind.NODE_FAIL || kind == ScenarioEvent.Kind.LINK_FAIL)
                && !failureModel.allowsScriptedFailures()) {
            throw new IllegalArgumentException("failures.model is none, so nothing may fail; use trace (the default)"
                    + " to script failures, in '" + e.text() + "'");
        }
    }

    /** Sends what the event does to the components it concerns, due at its time (a console, while paused). */
    void dispatch(ScenarioEvent e, Assembly.MessageSink sink) {
        assembly.dispatch(e, sink);
    }

    /** Whether events.csv and attempts.csv are written: something can fail or an event is scripted. */
    private boolean logsEvents(boolean console) {
        return console || failureModel.stochastic() || !scenario.events().isEmpty();
    }

    /** I/O node actors: one per I/O node when jobs stream through them over link actors, else none. */
    private int ioActors() {
        return linkActors() > 0 && io != null && scenario.io().any() ? io.line().ioCount() : 0;
    }

    /** Link actors in the simulation: one per link under the links model, else none. */
    private int linkActors() {
        return scenario.network().model() == NetworkOptions.Model.LINKS ? links.size() : 0;
    }

    /** Warnings about the settings (see {@link InputChecks#warnings}). */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    public Trace trace() {
        return trace;
    }

    public Topology topology() {
        return topology;
    }

    public RunProgress runProgress() {
        return runProgress;
    }

    /** Live kernel progress; null until {@link #run} has started. */
    public KernelProgress kernelProgress() {
        return kernelProgress;
    }

    /** Simulates in the given runtime and commits the outputs; a prepared simulation runs once. */
    public Result run(ActorRuntime runtime) {
        return run(() -> runtime);
    }

    /**
     * As {@link #run(ActorRuntime)}, asking {@code runtime} for the actor runtime only if the run is to
     * use actors (see {@link #usesActors()}).
     */
    public Result run(Supplier<ActorRuntime> runtime) {
        if (engine == KernelOptions.Engine.WINDOWS) {
            int threads = kernelSettings.threads();
            int windows = scenario.kernel().windows() > 0 ? scenario.kernel().windows() : threads;
            return runInWindows(windows, threads);
        }
        return run(executor(runtime), null);
    }

    /**
     * Simulates on this thread under the sequential executor, with the trace read ahead and the sinks
     * written on threads of their own ({@link SinkThread}), and commits the outputs (those of
     * {@link #run(Executor)} with a {@link SequentialExecutor}, byte for byte).
     */
    public Result runWithSinksApart() {
        apart = true;
        return run(new SequentialExecutor(), null);
    }

    /** Why this run cannot use time-parallel windows, or null when it can. */
    public String windowsUnfit() {
        return windowsUnfit;
    }

    /**
     * Simulates in {@code windows} time-parallel windows on {@code threads} threads (see
     * {@link TimeWindows}) and commits the outputs, which equal the one-thread run's byte for byte.
     *
     * @throws IllegalStateException if the run cannot use windows ({@link #windowsUnfit()})
     */
    public Result runInWindows(int windows, int threads) {
        return runInWindows(windows, threads, TimeWindows.MAX_UNPLAYED);
    }

    /** As {@link #runInWindows(int, int)}; a window gives up its speculation past {@code maxUnplayed} records (tests). */
    Result runInWindows(int windows, int threads, int maxUnplayed) {
        if (windowsUnfit != null) {
            throw new IllegalStateException("this run cannot use time-parallel windows: " + windowsUnfit);
        }
        if (ran) {
            throw new IllegalStateException("a prepared simulation runs once; prepare it again");
        }
        ran = true;
        settle(KernelOptions.Engine.WINDOWS, threads);
        OutputDirectory out = OutputDirectory.open(scenario.outputDir(), "run", forceOutput);
        try {
            kernelProgress = new KernelProgress();
            CompletableFuture<RunMetrics> metrics = new CompletableFuture<>();
            List<org.hpcsim.workload.Job> jobs = trace.load();
            KernelOptions k = scenario.kernel();
            TimeWindows tw = new TimeWindows(jobs, windows, k.windowChecks(), threads, k.feederBatch(), kernelSettings,
                    maxUnplayed);
            this.windows = tw;
            Assembly[] first = new Assembly[1];
            long t0 = System.nanoTime();
            TimeWindows.Outcome outcome;
            long heapAfterGc;
            try (HeapAfterGc heap = new HeapAfterGc()) {
                outcome = tw.run((stream, window) -> {
                    Assembly a = new Assembly(scenario, topology, spanRanks, first[0] == null ? core : cores.get(),
                            links, network, room, failureModel, io, 0, 0, logsEvents(false), false, out, stream,
                            runProgress, metrics, window);
                    if (first[0] == null) {
                        first[0] = a;
                    }
                    return a;
                });
                heapAfterGc = heap.peakBytes();
            }
            assembly = first[0];
            windowsOutcome = outcome;
            double wall = (System.nanoTime() - t0) / 1e9;
            return finish(out, outcome.stats(), wall, heapAfterGc, metrics, "windows", kernelSettings);
        } catch (RuntimeException | Error e) {
            out.close();
            throw e;
        }
    }

    /** Whether the run is to use the Pekko executor (else the sequential one, which needs no actor system). */
    public boolean usesActors() {
        return engine == KernelOptions.Engine.PEKKO;
    }

    /** The executor {@code kernel.executor} resolves to; the Pekko one runs in {@code runtime}'s. */
    Executor executor(Supplier<ActorRuntime> runtime) {
        return usesActors() ? new PekkoExecutor(runtime.get(), scenario.kernel().hosting()) : new SequentialExecutor();
    }

    /** As {@link #run(ActorRuntime)}, under the given executor (the sequential one is the Pekko one's oracle). */
    public Result run(Executor executor) {
        return run(executor, null);
    }

    /** As {@link #run(Executor)}; {@code live}, when not null, gets the run's control before it runs (a console). */
    Result run(Executor executor, java.util.function.Consumer<KernelControl> live) {
        if (ran) {
            throw new IllegalStateException("a prepared simulation runs once; prepare it again");
        }
        ran = true;
        // A console or a page reads the sinks while the run is paused: they stay on its thread.
        apart &= live == null && executor instanceof SequentialExecutor;
        OutputDirectory out = OutputDirectory.open(scenario.outputDir(), "run", forceOutput);
        try (JobStream jobs = apart ? trace.openReadingAhead() : trace.open()) {
            KernelProgress progress = new KernelProgress();
            kernelProgress = progress;
            CompletableFuture<RunMetrics> metrics = new CompletableFuture<>();
            assembly = new Assembly(scenario, topology, spanRanks, core, links, network, room, failureModel, io,
                    linkActors(), ioActors(), logsEvents(live != null), served, out, jobs, runProgress, metrics, null);
            KernelControl control = new KernelControl();
            control.endAt(scenario.until());
            this.control = control;
            if (live != null) {
                live.accept(control);
            }
            long t0 = System.nanoTime();
            KernelStats stats;
            long heapAfterGc;
            try (ExternalConnection external = connect(); HeapAfterGc heap = new HeapAfterGc();
                 SinkThread sinks = apart ? new SinkThread(assembly.wiring.specs(), kernelSettings.seed()) : null) {
                if (sinks == null) {
                    stats = executor.run(assembly.wiring, kernelSettings, control, progress);
                } else {
                    stats = sinks.finish(new SequentialExecutor(null, sinks.tap())
                            .run(assembly.wiring, kernelSettings, control, progress));
                }
                heapAfterGc = heap.peakBytes();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new org.hpcsim.kernel.KernelFailure("interrupted while the outputs were written", e);
            }
            double wall = (System.nanoTime() - t0 - control.pausedNanos()) / 1e9;
            if (control.endedAt()) {
                stoppedEarly("until");
            }
            if (core.abortedBy() != null) {
                stoppedEarly("scheduler-failure");
                stopReason = core.abortedBy().getMessage();
            }
            KernelSettings effective = executor.effective(kernelSettings);
            if (apart) {
                // The simulation's thread, the trace reader's and the sinks'.
                effective = new KernelSettings(3, 1, effective.throughput(), effective.seed(), effective.shuffleSeed());
            }
            return finish(out, stats, wall, heapAfterGc, metrics, executor.name(), effective);
        } catch (RuntimeException | Error e) {
            out.close();
            throw e;
        }
    }

    /** Writes summary.json and config-used.conf and commits the outputs of a run that has ended. */
    private Result finish(OutputDirectory out, KernelStats stats, double wall, long heapAfterGc,
                          CompletableFuture<RunMetrics> metrics, String executorName, KernelSettings effective) {
        SchedulingAbortedException aborted = core.abortedBy();
        RunMetrics m = metrics.join();
        ThermalLog thermalLog = assembly.thermalLog;
        Result result = new Result(m, stats, wall, ProcessMetrics.cpuSeconds(), ProcessMetrics.peakHeap(), heapAfterGc,
                ProcessMetrics.peakRss(),
                scenario.outputDir(),
                thermalLog == null ? null : thermalLog.summary(m.ran() == 0 ? 0 : m.lastEnd(), m.meanJobCoolingPower()),
                assembly.failureLog, assembly.ioLog, assembly.energyLog);
        write(out.file("summary.json"), new RunSummary(scenario, topology, spanCurve, executorName,
                effective, network != null,
                links == null ? 0 : links.size(), room, linkActors() > 0, List.copyOf(warnings), stoppedEarly,
                stoppedBy, stopReason, windowsOutcome).json(result).render());
        write(out.file(OutputDirectory.MARKER), ConfigLoader.render(
                ConfigPaths.withAbsoluteOutputDir(scenario.config(), scenario.outputDir())));
        out.commit();
        if (aborted != null) {
            throw new InputException("at t=" + SimTime.format(stats.endTime()) + " s: " + aborted.getMessage()
                    + "; the outputs up to then are in " + scenario.outputDir()
                    + ", incomplete (summary.json: stopped_by scheduler-failure)");
        }
        return result;
    }

    /** The connection to an external scheduler, opened for the run; a no-op for any other policy. */
    private interface ExternalConnection extends AutoCloseable {
        @Override
        void close();
    }

    private ExternalConnection connect() {
        if (!(core.policy() instanceof ExternalScheduler external)) {
            return () -> { };
        }
        try {
            external.open(scenario.external(), scenario.trace(),
                    batsimWorkload(scenario) ? BatsimWorkloadReader.descriptions(scenario.trace()) : null,
                    topology.size(), platform);
        } catch (SchedulingAbortedException e) {
            throw scenario.invalid("scheduler.external.socket", e.getMessage());
        }
        return external::close;
    }

    /** Lets the run write into a non-empty output directory that holds no finished run (see {@link OutputDirectory}). */
    public void forceOutput(boolean force) {
        this.forceOutput = force;
    }

    /** Makes the run one a live view follows ({@code run --serve}): its sink joins the wiring plan. Before {@link #run}. */
    void serve() {
        this.served = true;
    }

    /** The live view's sink once the run has started, or null (not served, or not started). */
    ViewSink viewSink() {
        Assembly a = assembly;
        return a == null ? null : a.view;
    }

    /** The machine's links (network model), or null. */
    LinkMap links() {
        return links;
    }

    /** The modelled room, or null. */
    Room room() {
        return room;
    }

    /** Marks the run as stopped before its end ({@code by}: "console", "view", "interrupt" or "until"), for summary.json. */
    void stoppedEarly(String by) {
        stoppedBy = by;
        stoppedEarly = true;
    }

    /** Whether the run was stopped from outside before its end. */
    public boolean wasStoppedEarly() {
        return stoppedEarly;
    }

    /**
     * Stops the running simulation before its next instant, as a console's quit does: queued and
     * running jobs end unfinished, jobs not yet submitted are recorded as such, and the outputs so far
     * are written. Called from another thread (Ctrl-C); blocks until the run has been told to stop.
     *
     * @return false if the run was not running (not started yet, or over)
     */
    public boolean interrupt() throws InterruptedException {
        TimeWindows w = windows;
        if (w != null) {
            if (!w.interrupt()) {
                return false;
            }
            stoppedEarly("interrupt");
            return true;
        }
        KernelControl c = control;
        if (c == null) {
            return false;
        }
        c.requestPause();
        java.util.Optional<KernelControl.Pause> p = c.awaitPause();
        if (p.isEmpty()) {
            return false;
        }
        stoppedEarly("interrupt");
        c.stop(p.get().started() ? p.get().lastInstant() : 0);
        return true;
    }

    /** Every node's power states and energy when energy is modelled (from the platform if any), else null. */
    private static PowerLedger energy(Scenario scenario, int nodes, BatsimPlatform.Platform platform) {
        EnergyOptions o = scenario.energy();
        if (!o.enabled()) {
            return null;
        }
        if (platform != null) {
            return new PowerLedger(platform.states().toArray(PowerStates[]::new), platform.pstate(),
                    o.jobLoad(batsimWorkload(scenario)));
        }
        PowerStates[] states = new PowerStates[nodes];
        java.util.Arrays.fill(states, o.states());
        return new PowerLedger(states, o.pstate(), o.jobLoad(batsimWorkload(scenario)));
    }

    /** Whether the trace is a Batsim workload (its jobs are delay profiles). */
    static boolean batsimWorkload(Scenario scenario) {
        return TraceFormat.resolve(scenario.traceFormat(), scenario.trace()) == TraceFormat.BATSIM;
    }

    SchedulerCore core() {
        return core;
    }

    Scenario scenario() {
        return scenario;
    }

    /** The room's log once the run has started, or null (no thermal model, or not started). */
    ThermalLog thermalLog() {
        Assembly a = assembly;
        return a == null ? null : a.thermalLog;
    }

    private static void write(Path file, String text) {
        org.hpcsim.output.OutputWriter.write(file, text);
    }
}
