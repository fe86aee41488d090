package org.hpcsim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.time.SimTime;
import org.hpcsim.plot.PlotFormat;
import org.hpcsim.plot.PlotOptions;
import org.hpcsim.plot.RunPlots;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hpcsim plot}: the plots of a finished run directory. */
@Command(name = "plot", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Plot a finished run's output directory as PNG and SVG.",
            "Utilization, queue, wait and slowdown CDFs, power, temperature, link load, machine and busy maps, room"
                + " inlet maps and a Gantt chart, each as NAME.png and NAME.svg, as far as the run's files allow (the"
                + " others are listed with the reason).",
            "A run of 100 h or more has its series drawn as hourly to weekly means; events.csv's events are marked on"
                + " the series, down and drained nodes on the maps and the Gantt chart."})
final class PlotCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A run's output directory (with summary.json and jobs.csv).")
    Path runDir;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Where to write the plots (default RUN_DIR/plots).")
    Path out;

    @Option(names = "--at", paramLabel = "TIME",
            description = "The time the machine map shows (s, m, h, d; default: the busiest instant, the first with the"
                    + " most nodes busy and of those the most jobs running).")
    String at;

    @Option(names = "--format", paramLabel = "LIST", defaultValue = "png,svg",
            description = "png, svg or png,svg (default ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--gantt-max-jobs", paramLabel = "N", defaultValue = "" + PlotOptions.DEFAULT_GANTT_MAX_JOBS,
            description = "The Gantt chart shows the whole run when at most N jobs ran, else the first window of time"
                    + " holding at most N jobs, from the first start (0: no Gantt chart; default ${DEFAULT-VALUE}).")
    int ganttMaxJobs;

    @Option(names = "--gantt-window", paramLabel = "FROM..TO",
            description = "The Gantt chart shows the jobs that ran between these times (s, m, h, d, e.g. 2d..2.5d),"
                    + " whatever their number.")
    String ganttWindow;

    @CommandLine.Mixin

    Force force;

    @CommandLine.Mixin
    Quiet quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Double time = null;
        if (at != null) {
            try {
                time = SimTime.toSeconds(ScenarioEvent.time(at));
            } catch (IllegalArgumentException e) {
                throw new InputException("--at: " + e.getMessage());
            }
        }
        if (ganttMaxJobs < 0) {
            throw new InputException("--gantt-max-jobs: must be >= 0, got " + ganttMaxJobs);
        }
        Set<PlotFormat> formats = PlotFormat.parseList(format, "--format");
        Path dir = out != null ? out : runDir.resolve("plots");
        RunPlots.Result r = RunPlots.write(runDir, dir, new PlotOptions(time, formats, ganttMaxJobs,
                ganttWindow == null ? null : window(ganttWindow)), force.on);
        if (!quiet.on) {
            report(spec.commandLine().getOut(), r, dir, "hpcsim: ");
        }
        return 0;
    }

    /** FROM..TO, each a time as {@code --at} takes it. */
    static PlotOptions.Window window(String text) {
        int dots = text.indexOf("..");
        if (dots < 0) {
            throw new InputException("--gantt-window: expected FROM..TO such as 2d..2.5d, got '" + text + "'");
        }
        double from;
        double to;
        try {
            from = SimTime.toSeconds(ScenarioEvent.time(text.substring(0, dots).strip()));
            to = SimTime.toSeconds(ScenarioEvent.time(text.substring(dots + 2).strip()));
        } catch (IllegalArgumentException e) {
            throw new InputException("--gantt-window: " + e.getMessage());
        }
        if (!(from < to)) {
            throw new InputException("--gantt-window: FROM must be before TO, got '" + text + "'");
        }
        return new PlotOptions.Window(from, to);
    }

    /** Prints what was written, what a plot leaves out, then one line per plot skipped with the reason. */
    static void report(PrintWriter out, RunPlots.Result r, Path dir, String prefix) {
        List<String> names = r.files().stream().map(p -> {
            String f = p.getFileName().toString();
            return f.substring(0, f.lastIndexOf('.'));
        }).distinct().toList();
        String extensions = r.files().stream().map(p -> {
            String f = p.getFileName().toString();
            return f.substring(f.lastIndexOf('.') + 1);
        }).distinct().collect(Collectors.joining(" + "));
        out.println(prefix + names.size() + (names.size() == 1 ? " plot (" : " plots (")
                + (extensions.isEmpty() ? "no files" : extensions) + ") in " + dir
                + (names.isEmpty() ? "" : ": " + String.join(", ", names)));
        for (RunPlots.Note n : r.notes()) {
            out.println("  " + n.name() + ": " + n.text());
        }
        for (RunPlots.Skipped s : r.skipped()) {
            out.println("  skipped " + s.name() + ": " + s.reason());
        }
        out.flush();
    }
}
