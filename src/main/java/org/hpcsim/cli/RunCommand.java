package org.hpcsim.cli;

import com.typesafe.config.Config;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hpcsim.config.Scenario;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.locality.LocalitySummary;
import org.hpcsim.plot.PlotOptions;
import org.hpcsim.plot.RunPlots;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.registry.Registry;
import org.hpcsim.report.RunMetrics;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.sim.LiveRun;
import org.hpcsim.sim.Simulation;
import org.hpcsim.view.LiveView;
import org.hpcsim.view.ViewServer;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.JobStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code hpcsim run}: one simulation. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Simulate a workload trace on a machine.",
            "Writes jobs.csv, timeseries.csv, summary.json and config-used.conf (and the outputs of the models that"
                + " are on) into the output directory. With no arguments, runs the bundled default"
                + " (config/default.conf)."})
final class RunCommand implements Callable<Integer> {

    @Mixin
    RunOptions options;

    @Option(names = "--console", description = {"Live console: pause (at --pause-at, else before the first event) and"
            + " read commands from standard input: status, queue, nodes, inject EVENT, run until TIME, step, continue,"
            + " quit, help. Works with a pipe (scripts)."})
    boolean console;

    @Option(names = "--plots", description = {"Once the run has succeeded, also write its plots into plots/ of the"
            + " output directory, as `hpcsim plot` does; key output.plots."})
    boolean plots;

    @Option(names = "--batsim-output", description = {"Also write batsim_jobs.csv, Batsim's jobs file, which evalys"
            + " loads (see docs/batsim.md); key output.batsim."})
    boolean batsimOutput;

    @Option(names = "--serve", paramLabel = "[HOST:]PORT", description = {"Live view: serve a page that follows the"
            + " run (machine map, room, links, time series, queue, events) and drives it: pause, resume, run until,"
            + " step, speed, inject events, stop; also GET /api/state and POST /api/pause, resume, stop, inject for"
            + " scripts. HOST defaults to 127.0.0.1; PORT 0 takes any free port; the address is printed. Bound beyond"
            + " loopback, controls need the token printed with it. The run starts paused at 0 (see --start) and its"
            + " final state is served until Ctrl-C (see --exit-at-end)."})
    String serve;

    @Option(names = "--start", description = "With --serve: let the run go on at once, as fast as possible.")
    boolean start;

    @Option(names = "--exit-at-end", description = "With --serve: exit once the run is over instead of serving its"
            + " final state until Ctrl-C.")
    boolean exitAtEnd;

    @Option(names = "--pause-at", paramLabel = "TIME",
            description = "With --console: first pause at this simulated time (s, m, h, d; default 0).")
    String pauseAt;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        try (LazyRuntime runtime = new LazyRuntime()) {
            if (plots) {
                RunOptions.agree("--plots", "output.plots", true, options.overrides);
            }
            if (batsimOutput) {
                RunOptions.agree("--batsim-output", "output.batsim", true, options.overrides);
            }
            Config config = ScenarioLoader.config(options, batsimOutput ? Map.of("output.batsim", "true") : Map.of());
            try (Plugins plugins = Plugins.load(Scenario.plugins(config))) {
                Scenario scenario = Scenario.from(config, plugins.registry());
                if (scenario.kernel().mayNeedActors()) {
                    // Pekko starts on another core while the trace is read and checked.
                    runtime.startSoon();
                }
                return run(scenario, plugins.registry(), runtime);
            }
        }
    }

    /** Runs the checked scenario, its policies from {@code registry}. */
    private int run(Scenario scenario, Registry registry, LazyRuntime runtime) throws InterruptedException {
        boolean writePlots = plots || scenario.plots();
        if (pauseAt != null && !console) {
            throw new InputException("--pause-at needs --console");
        }
        long pause;
        try {
            pause = pauseAt == null ? 0 : ScenarioEvent.time(pauseAt);
        } catch (IllegalArgumentException e) {
            throw new InputException("--pause-at: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (serve == null && (start || exitAtEnd)) {
            throw new InputException((start ? "--start" : "--exit-at-end") + " needs --serve");
        }
        if (serve != null) {
            if (console) {
                throw new InputException("--serve and --console cannot be used together: the page has the console's controls");
            }
            if (pauseAt != null) {
                throw new InputException("--pause-at needs --console (a served run starts paused at 0: use the page's run until)");
            }
            ViewServer.Endpoint where;
            try {
                where = ViewServer.Endpoint.parse(serve);
            } catch (IllegalArgumentException e) {
                throw new InputException("--serve: " + e.getMessage());
            }
            return serve(scenario, registry, runtime, where, writePlots);
        }
        if (console) {
            Simulation sim = Simulation.prepare(scenario, registry);
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            ready(sim, null);
            LiveRun live = LiveRun.start(sim, runtime, pause);
            Console c = new Console(live, in, out, System.console() != null);
            Simulation.Result result;
            try (Interrupts.Handle h = Interrupts.onFirst(c::interrupt)) {
                result = c.run();
            }
            return finish(scenario, sim, result, writePlots, live.pausedSeconds(), "at the console");
        }
        Simulation sim;
        Simulation.Result result;
        // The line starts before the trace is read: reading a large one takes seconds.
        RunMonitor monitor = new RunMonitor(scenario.trace());
        try (ProgressLine progress = ProgressLine.wanted(scenario.progress(), options.quiet.on)
                ? ProgressLine.start(System.err, "[hpcsim] ", monitor::line) : null) {
            sim = Simulation.prepare(scenario, registry, monitor.scan());
            monitor.prepared(sim);
            ready(sim, progress);
            if (progress != null) {
                progress.redraw();
            }
            Simulation running = sim;
            try (Interrupts.Handle h = Interrupts.onFirst(() -> interrupt(running))) {
                result = sim.run(runtime);
            }
        }
        return finish(scenario, sim, result, writePlots, -1, null);
    }

    /**
     * {@code --serve}: binds the view (nothing is written if that fails), drives the run from its pages,
     * prints the summary at the end, then serves the final state until Ctrl-C unless {@code --exit-at-end}.
     */
    private int serve(Scenario scenario, Registry registry, LazyRuntime runtime, ViewServer.Endpoint where,
                      boolean writePlots) throws InterruptedException {
        Simulation sim = Simulation.prepare(scenario, registry);
        ready(sim, null);
        PrintWriter out = spec.commandLine().getOut();
        LiveView view;
        try {
            view = LiveView.serve(sim, runtime, where, start);
        } catch (IllegalArgumentException e) {
            throw new InputException("--serve: " + e.getMessage());
        }
        try (view) {
            out.println("hpcsim: live view at " + view.url() + (view.token() == null ? ""
                    : " (controls need its token: " + view.token() + ")"));
            out.println(start ? "  the run goes on; the page pauses it" : "  the run is paused at 0 s; run it from the page");
            out.flush();
            Simulation.Result result;
            try (Interrupts.Handle h = Interrupts.onFirst(view::interrupt)) {
                result = view.run();
            }
            int status = finish(scenario, sim, result, writePlots, view.pausedSeconds(), "from the page");
            if (!exitAtEnd && !Interrupts.happened()) {
                out.println("hpcsim: the run is over; its final state is served at " + view.url() + " until Ctrl-C");
                out.flush();
                java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);
                try (Interrupts.Handle h = Interrupts.onFirst(closed::countDown, "hpcsim: closing the view")) {
                    closed.await();
                }
            }
            return status;
        }
    }

    /** --force, and the warnings about the settings (above the progress line, if one is drawn). */
    private void ready(Simulation sim, ProgressLine progress) {
        sim.forceOutput(options.force);
        if (options.quiet.on) {
            return;
        }
        PrintWriter err = spec.commandLine().getErr();
        for (String w : sim.warnings()) {
            if (progress != null) {
                progress.log("hpcsim: warning: " + w);
            } else {
                err.println("hpcsim: warning: " + w);
            }
        }
        err.flush();
    }

    private static void interrupt(Simulation sim) {
        try {
            sim.interrupt();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Prints the summary and plots; an interrupted run gets no plots and exit status 130. {@code paused}:
     * the seconds a console or a page kept the run paused ({@code pausedBy} says which), or -1 without either.
     */
    private int finish(Scenario scenario, Simulation sim, Simulation.Result result, boolean writePlots, double paused,
                       String pausedBy) {
        PrintWriter out = spec.commandLine().getOut();
        if (!options.quiet.on) {
            print(out, scenario, sim, result, paused, pausedBy);
        }
        if (sim.wasStoppedEarly() && Interrupts.happened()) {
            spec.commandLine().getErr().println("hpcsim: interrupted: the outputs up to then are in "
                    + result.outputDir() + " (summary.json says stopped_early: true; no plots)");
            spec.commandLine().getErr().flush();
            return Main.EXIT_INTERRUPTED;
        }
        plot(writePlots, result);
        return 0;
    }

    /** The run's plots, after its outputs have been committed (a plotting error leaves them in place). */
    private void plot(boolean writePlots, Simulation.Result result) {
        if (!writePlots) {
            return;
        }
        Path dir = result.outputDir().resolve("plots");
        RunPlots.Result r = RunPlots.write(result.outputDir(), dir, PlotOptions.defaults());
        if (!options.quiet.on) {
            PlotCommand.report(spec.commandLine().getOut(), r, dir, "  ");
        }
    }

    private static void print(PrintWriter out, Scenario s, Simulation sim, Simulation.Result r, double paused,
                              String pausedBy) {
        RunMetrics m = r.metrics();
        out.printf(Locale.ROOT, "hpcsim: %d jobs (%d completed, %d killed, %d failed, %d rejected%s) on %s, %s + %s%n",
                m.total(), m.count(JobStatus.COMPLETED), m.count(JobStatus.KILLED), m.count(JobStatus.FAILED),
                m.count(JobStatus.REJECTED), (m.count(JobStatus.UNFINISHED) == 0 ? ""
                        : ", " + m.count(JobStatus.UNFINISHED) + " unfinished")
                        + (m.count(JobStatus.NOT_SUBMITTED) == 0 ? ""
                        : ", " + m.count(JobStatus.NOT_SUBMITTED) + " not submitted"),
                sim.topology().spec(), s.scheduler(), s.allocator());
        out.printf(Locale.ROOT, "  makespan %.0f s, mean wait %.1f s, mean bounded slowdown %.3f, utilization %.1f %%%n",
                m.makespan() / 1e6, m.meanWaitSeconds(), m.meanBoundedSlowdown(), 100 * m.utilization());
        LocalitySummary l = m.locality();
        if (l.defined(LocalitySummary.Metric.AVG_PAIRWISE_HOPS)) {
            out.printf(Locale.ROOT, "  multi-node jobs: mean avg pairwise hops %.3f, mean span %.1f, mean components %.2f%n",
                    l.mean(LocalitySummary.Metric.AVG_PAIRWISE_HOPS), l.mean(LocalitySummary.Metric.RING_SPAN),
                    l.mean(LocalitySummary.Metric.COMPONENTS));
        }
        if (r.failures() != null) {
            out.printf(Locale.ROOT, "  failures: %d node, %d link; %d attempts cut short, %.1f node-hours lost; events.csv%n",
                    r.failures().nodeFailures(), r.failures().linkFailures(), m.interruptedAttempts(), m.lostNodeHours());
        }
        ThermalLog.Summary t = r.thermal();
        if (t != null && t.samples() > 0) {
            out.printf(Locale.ROOT, "  room: IT %.1f kWh, cooling %.1f kWh; peak inlet %.1f C (redline %.1f C), over the"
                    + " redline %.0f s in %d spell%s; thermal.csv%n", t.itEnergyKwh(), t.coolingEnergyKwh(),
                    t.peakInletActual(), s.thermal().redline(), t.violationSeconds(), t.redlineViolations(),
                    t.redlineViolations() == 1 ? "" : "s");
        }
        // The wall time is the simulation's own: a console's pauses are left out of it and of the rate.
        out.printf(Locale.ROOT, "  %d events in %.2f s (%.0f events/s%s), outputs in %s%n",
                r.kernel().events(), r.wallSeconds(), r.eventsPerSecond(), paused < 0 ? ""
                        : String.format(Locale.ROOT, "; not counting %.1f s paused %s", paused, pausedBy),
                r.outputDir());
        if (!sim.warnings().isEmpty()) {
            out.printf(Locale.ROOT, "  note: %d warning%s about the settings (printed before the run; summary.json"
                    + " \"warnings\")%n", sim.warnings().size(), sim.warnings().size() == 1 ? "" : "s");
        }
        out.flush();
    }
}
