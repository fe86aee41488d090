package org.hpcsim.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.KernelControl;
import org.hpcsim.time.SimTime;
import org.hpcsim.protocol.Report;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.report.ViewSink;
import org.hpcsim.scheduling.RunningJob;
import org.hpcsim.scheduling.SchedulerCore;
import org.hpcsim.topology.NodeRanges;
import org.hpcsim.workload.Job;

/**
 * A simulation run that pauses between instants and takes events while paused: what {@code run
 * --console} drives. The run goes on in a thread of its own; {@link #awaitPause()} waits until it
 * pauses (or ends). While paused, the state views read the scheduler's state (nothing runs then),
 * {@link #inject} adds an event exactly as a scenario file would have, and {@link #runUntil},
 * {@link #step}, {@link #resume} or {@link #quit} let it go on. Pausing never changes the results:
 * a run paused and injected gives the outputs of the same run with the events in its scenario.
 */
public final class LiveRun {
    /** How many queued and running jobs a frame lists. */
    private static final int FRAME_JOBS = 30;

    private final Simulation simulation;
    private final CompletableFuture<Simulation.Result> result = new CompletableFuture<>();
    private final CompletableFuture<KernelControl> control = new CompletableFuture<>();
    private KernelControl.Pause pause;
    private long clock;
    private volatile boolean interrupted;
    private volatile String stoppedBy = "console";

    private LiveRun(Simulation simulation) {
        this.simulation = simulation;
    }

    /**
     * Starts the run in its own thread, asking {@code runtime} for the actor runtime only if the run uses
     * actors; it pauses before the first instant at or after {@code pauseAt}.
     */
    public static LiveRun start(Simulation simulation, Supplier<ActorRuntime> runtime, long pauseAt) {
        return start(simulation, runtime, pauseAt, false);
    }

    /**
     * As {@link #start(Simulation, Supplier, long)}; {@code served}: a live view follows the run, so its
     * sink joins the wiring plan (see {@link #frame} and {@link #sampleWhileRunning}).
     */
    public static LiveRun start(Simulation simulation, Supplier<ActorRuntime> runtime, long pauseAt, boolean served) {
        if (served) {
            simulation.serve();
        }
        LiveRun live = new LiveRun(simulation);
        live.clock = pauseAt;
        Thread thread = new Thread(() -> {
            try {
                live.result.complete(simulation.run(simulation.executor(runtime), c -> {
                    c.pauseAt(pauseAt);
                    live.control.complete(c);
                }));
            } catch (Throwable e) {
                live.control.completeExceptionally(e);
                live.result.completeExceptionally(e);
            }
        }, "hpcsim-live-run");
        thread.setDaemon(true);
        thread.start();
        return live;
    }

    /**
     * Waits until the run pauses and returns true, or returns false once it is over (then
     * {@link #result()} has the outcome).
     */
    public boolean awaitPause() throws InterruptedException {
        KernelControl c;
        try {
            c = control.join();
        } catch (CompletionException e) {
            return false;
        }
        Optional<KernelControl.Pause> p = c.awaitPause();
        if (p.isEmpty()) {
            pause = null;
            return false;
        }
        pause = p.get();
        if (pause.started() && (clock <= pause.lastInstant() || pause.next() < clock)) {
            // Also when a requested pause came before the time it was to run until.
            clock = pause.lastInstant();
        } else if (!pause.started() && clock == Long.MIN_VALUE) {
            clock = 0;
        }
        return true;
    }

    /** Asks a running (not paused) run to pause before its next instant. */
    public void requestPause() {
        control.join().requestPause();
    }

    /** The simulated time the run is paused at: every instant before it has been simulated. */
    public long clock() {
        return clock;
    }

    /**
     * Parses, checks and adds an event; its time must not be before {@link #clock()}, nor at or
     * before the last instant simulated.
     *
     * @throws IllegalArgumentException saying why the event was rejected
     */
    public ScenarioEvent inject(String text) {
        ScenarioEvent e = ScenarioEvent.parse(text, "console");
        simulation.check(e);
        if (e.time() < clock || (pause.started() && e.time() <= pause.lastInstant())) {
            throw new IllegalArgumentException("time " + when(e.time()) + " is before the current time "
                    + when(clock) + (pause.started() && clock == pause.lastInstant()
                    ? " (its instant has been simulated; give a later time)" : ""));
        }
        KernelControl c = control.join();
        simulation.dispatch(e, new Assembly.MessageSink() {
            @Override
            public <C> void put(Address<C> to, C message, long time) {
                c.inject(to, message, time);
            }
        });
        return e;
    }

    /** Goes on, pausing again before the first instant at or after {@code time}. */
    public void runUntil(long time) {
        if (time < clock) {
            throw new IllegalArgumentException("time " + when(time) + " is before the current time " + when(clock));
        }
        KernelControl c = control.join();
        c.pauseAt(time);
        clock = time;
        c.resume();
    }

    /** Simulates the next instant, then pauses. */
    public void step() {
        KernelControl c = control.join();
        c.pauseAt(SimTime.NEVER);
        clock = Long.MIN_VALUE;
        c.resumeStep();
    }

    /** Goes on to the end (or until {@link #requestPause()}). */
    public void resume() {
        KernelControl c = control.join();
        c.pauseAt(SimTime.NEVER);
        clock = Long.MIN_VALUE;
        c.resume();
    }

    /** Marks the next {@link #quit} as caused by an interrupt (Ctrl-C) rather than the console's command. */
    public void interrupted() {
        interrupted = true;
    }

    /** Who the next {@link #quit} says stopped the run in summary.json ({@code console}, or {@code view}). */
    public void stoppedBy(String by) {
        stoppedBy = by;
    }

    /** Ends the run now: jobs still queued or running end unfinished, and the outputs are written. */
    public void quit() {
        simulation.stoppedEarly(interrupted ? "interrupt" : stoppedBy);
        control.join().stop(clock);
    }

    /** The run's result once it is over (rethrows its failure). */
    public Simulation.Result result() {
        try {
            return result.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    /**
     * A simulated time as the console shows it: a clock reading with days, then the exact seconds that
     * commands and events take ("1 d 00:00:00 (86400 s)").
     */
    public static String when(long time) {
        return SimTime.clock(time) + " (" + SimTime.format(time) + " s)";
    }

    /** Wall time the run has spent paused so far, seconds (none before it starts). */
    public double pausedSeconds() {
        KernelControl c = control.getNow(null);
        return c == null ? 0 : c.pausedNanos() / 1e9;
    }

    /** Where a live view draws a run's nodes, links and room. */
    public static LiveLayout layout(Simulation simulation) {
        Room room = simulation.room();
        return LiveLayout.of(simulation.topology(), simulation.links(), room == null ? null : room.layout());
    }

    /**
     * The run as a live view shows it; only while it is paused or over (nothing runs then), or from the
     * sampler of {@link #sampleWhileRunning}, which the kernel calls between instants.
     *
     * @param state {@code paused}, {@code running} or {@code ended}
     * @param now   the time to show
     * @param next  the next instant due, or {@link SimTime#NEVER}
     */
    LiveFrame frame(String state, long now, long next) {
        SchedulerCore core = simulation.core();
        MachineState m = core.machine();
        int n = m.size();
        int[] nodeState = new int[n];
        long[] nodeJob = new long[n];
        int down = 0;
        int drained = 0;
        for (int node = 0; node < n; node++) {
            int owner = m.owner(node);
            nodeJob[node] = owner >= 0 ? core.runningJob(owner).job().id() : -1;
            if (core.isDown(node)) {
                nodeState[node] = LiveFrame.DOWN;
                down++;
            } else if (core.isDrained(node) && owner < 0) {
                nodeState[node] = LiveFrame.DRAINED;
                drained++;
            } else {
                nodeState[node] = owner >= 0 ? LiveFrame.BUSY : LiveFrame.FREE;
            }
        }
        List<Job> queued = core.queued();
        double work = 0;
        List<LiveFrame.QueuedJob> head = new ArrayList<>();
        for (Job j : queued) {
            work += (double) j.nodes() * j.estimate();
            if (head.size() < FRAME_JOBS) {
                head.add(new LiveFrame.QueuedJob(j.id(), j.nodes(), j.estimate(), j.arrival()));
            }
        }
        List<LiveFrame.RunningJob> running = new ArrayList<>();
        int runningCount = 0;
        int busy = 0;
        for (RunningJob r : core.running()) {
            runningCount++;
            busy += r.nodes().length;
            if (running.size() < FRAME_JOBS) {
                running.add(new LiveFrame.RunningJob(r.job().id(), r.nodes().length, r.start(), r.estimatedEnd()));
            }
        }
        ViewSink view = simulation.viewSink();
        LiveFrame.RoomState room = null;
        long[] loads = new long[0];
        List<LiveFrame.Event> events = new ArrayList<>();
        if (view != null) {
            Report.ThermalSample s = view.sample();
            if (s != null) {
                room = new LiveFrame.RoomState(s.itPower(), s.coolingPower(), s.supply(), s.maxInletActual(),
                        s.hottestNode(), simulation.scenario().thermal().redline(), s.units(), s.unitsDown().clone(),
                        view.inlets());
            }
            loads = view.loads();
            for (Report.EventLogged e : view.events()) {
                events.add(new LiveFrame.Event(e.time(), e.event(), e.target(), e.effect(), e.cause()));
            }
        }
        return new LiveFrame(state, now, next, nodeState, nodeJob, queued.size(), work / 3.6e9, runningCount, busy,
                down, drained, simulation.runProgress().jobsDone(), head, running, room, loads, events);
    }

    /**
     * The run as a live view shows it while paused; {@code state}: {@code paused}, or {@code running} for
     * a pause between two chunks of a run going on at a given speed.
     */
    public LiveFrame pausedFrame(String state) {
        return frame(state, clock, pause.next());
    }

    /** The run as a live view shows it once it is over. */
    public LiveFrame endedFrame() {
        return frame("ended", lastTime(), SimTime.NEVER);
    }

    /** The last instant simulated, 0 before the first. */
    private long lastTime() {
        KernelControl.Pause p = pause;
        return simulation.kernelProgress() == null ? (p == null || !p.started() ? 0 : p.lastInstant())
                : Math.max(0, simulation.kernelProgress().time());
    }

    /**
     * While the run goes on, hands {@code frames} a frame made on the run's thread between two instants,
     * once per {@link #requestSample()}: the view follows the run without pausing it.
     */
    public void sampleWhileRunning(java.util.function.Consumer<LiveFrame> frames) {
        control.join().sampler(() -> {
            try {
                frames.accept(frame("running", Math.max(0, simulation.kernelProgress().time()), SimTime.NEVER));
            } catch (RuntimeException e) {
                // A view's failure must never fail the run it watches: that frame is lost, and said so.
                org.slf4j.LoggerFactory.getLogger(LiveRun.class).warn("view: a frame could not be made: {}", e.toString());
            }
        });
    }

    /** Asks for one frame from the running run (see {@link #sampleWhileRunning}). */
    public void requestSample() {
        control.join().requestSample();
    }

    /** One line: time, jobs and nodes, and in a modelled room the room's state. */
    public String status() {
        SchedulerCore core = simulation.core();
        int running = 0;
        int busy = 0;
        for (RunningJob r : core.running()) {
            running++;
            busy += r.nodes().length;
        }
        String next = pause.next() == SimTime.NEVER ? "none" : when(pause.next());
        return "time " + when(clock) + ", next event " + next + "; jobs: " + core.queueLength()
                + " queued, " + running + " running, " + simulation.runProgress().jobsDone() + " ended; nodes: "
                + core.machine().size() + " total, " + busy + " busy, " + core.machine().freeCount() + " free, "
                + core.downCount() + " down, " + core.drainedCount() + " drained" + room();
    }

    /**
     * The room as of the last instant simulated: its hottest delivered inlet, the coldest working unit's
     * supply, IT and cooling power, the CRAC units down; empty without a thermal model.
     */
    private String room() {
        ThermalLog log = simulation.thermalLog();
        if (log == null) {
            return "";
        }
        Report.ThermalSample s = log.lastSample();
        if (s == null) {
            return "; room: not sampled yet";
        }
        String down = s.unitsDown().length == 0 ? "none down" : "down: " + Arrays.stream(s.unitsDown())
                .mapToObj(Integer::toString).collect(Collectors.joining(", "));
        return String.format(Locale.ROOT, "; room: hottest inlet %.1f C at node %d (redline %.1f C%s), supply %s,"
                        + " IT %.1f kW, cooling %.1f kW; CRAC units: %d, %s", s.maxInletActual(), s.hottestNode(),
                simulation.scenario().thermal().redline(), s.violation() ? ", exceeded" : "",
                Double.isNaN(s.supply()) ? "none (no unit works)" : String.format(Locale.ROOT, "%.1f C", s.supply()),
                s.itPower() / 1000, s.coolingPower() / 1000, s.units(), down);
    }

    /** The queued jobs in queue order, one line each, at most {@code limit} (then a count of the rest). */
    public List<String> queue(int limit) {
        List<Job> queued = simulation.core().queued();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < queued.size() && i < limit; i++) {
            Job j = queued.get(i);
            lines.add("job " + j.id() + ": " + j.nodes() + " nodes, estimate " + SimTime.format(j.estimate())
                    + " s, submitted at " + when(j.arrival()));
        }
        if (queued.size() > limit) {
            lines.add("... and " + (queued.size() - limit) + " more");
        }
        if (queued.isEmpty()) {
            lines.add("queue empty");
        }
        return lines;
    }

    /** The nodes by state: busy, free, down, drained (as id ranges). */
    public List<String> nodes() {
        SchedulerCore core = simulation.core();
        MachineState m = core.machine();
        int n = m.size();
        int[][] sets = new int[4][n];
        int[] counts = new int[4];
        for (int node = 0; node < n; node++) {
            int owner = m.owner(node);
            int state = core.isDown(node) ? 2 : core.isDrained(node) && owner < 0 ? 3 : owner >= 0 ? 0 : 1;
            sets[state][counts[state]++] = node;
        }
        String[] names = {"busy", "free", "down", "drained (idle)"};
        List<String> lines = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            int[] ids = java.util.Arrays.copyOf(sets[s], counts[s]);
            lines.add(names[s] + " (" + counts[s] + "): " + (counts[s] == 0 ? "-" : NodeRanges.format(ids)));
        }
        return lines;
    }
}
