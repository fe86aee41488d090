package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hpcsim.compare.ComparedRun;
import org.hpcsim.compare.ComparisonReport;
import org.hpcsim.compare.MetricTable;
import org.hpcsim.plot.ComparisonPlots;
import org.hpcsim.plot.PlotFormat;
import org.hpcsim.plot.PlotOptions;
import org.hpcsim.plot.RunPlots;
import org.hpcsim.output.OutputDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hpcsim report}: compare finished runs. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare finished runs in report.md and a self-contained report.html.",
            "A table of summary metrics per configuration (best per metric marked among runs of the same trace and"
                + " machine; runs differing only in their seed as one row with mean and 95 %% confidence interval)"
                + " and their plots side by side.",
            "DIR is a sweep directory (its runs, in the sweep's order) or a run directory; give several to compare."})
final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Sweep or run directories.")
    List<Path> dirs;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR",
            description = "Where report.md, report.html and the figures go (default: the sweep directory when one"
                    + " is given, else ./report).")
    Path out;

    @CommandLine.Mixin

    Force force;

    @Option(names = "--no-plots", description = "The table only, without the runs' plots.")
    boolean noPlots;

    @CommandLine.Mixin
    Quiet quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<ComparedRun> runs = ComparedRun.collect(dirs);
        Path dir = out != null ? out
                : dirs.size() == 1 && Files.isRegularFile(dirs.get(0).resolve("results.csv")) ? dirs.get(0)
                : Path.of("report");
        List<MetricTable> tables = MetricTable.of(runs);
        // A sweep's report goes into the sweep's directory beside its runs; elsewhere it is the directory's output.
        OutputDirectory staged = Files.isRegularFile(dir.resolve("sweep-used.conf")) ? OutputDirectory.inside(dir)
                : OutputDirectory.open(dir, "report", force.on);
        try {
            Path figuresDir = Files.createDirectories(staged.file(FIGURES));
            List<ComparisonReport.Figure> figures = noPlots ? List.of() : figures(runs, figuresDir);
            // report.md lies beside figures/ in the staging directory as it will in the output directory.
            write(staged.file("report.md"), ComparisonReport.markdown(tables, figures, figuresDir.getParent()));
            write(staged.file("report.html"), ComparisonReport.html(tables, figures));
            staged.commit();
        } catch (IOException e) {
            staged.close();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            staged.close();
            throw e;
        }
        if (quiet.on) {
            return 0;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println("hpcsim: compared " + ComparisonReport.count(runs.size(), "run") + ": " + dir.resolve("report.md") + ", "
                + dir.resolve("report.html"));
        o.flush();
        return 0;
    }

    /** The figures' directory inside the report's directory. */
    private static final String FIGURES = "figures";

    /** Plots compared side by side, in this order, when some run has them. */
    private static final List<String> SIDE_BY_SIDE = List.of("utilization", "queue", "power", "temperature", "links",
            "machine-map", "busy-map", "room-inlet-map", "gantt");

    /**
     * The figures: the wait and slowdown distributions of all runs on one chart each, then each kind of
     * plot of the runs side by side (drawn afresh from each run's files, PNG only).
     */
    private static List<ComparisonReport.Figure> figures(List<ComparedRun> runs, Path dir) throws IOException {
        List<String> names = runs.stream().map(ComparedRun::name).toList();
        List<ComparisonPlots.Overlay> overlays = ComparisonPlots.write(runs.stream().map(ComparedRun::dir).toList(),
                names, dir);
        List<ComparisonReport.Figure> figures = new ArrayList<>();
        figures.add(overlayFigure("Wait time", "wait times", overlays.get(0)));
        figures.add(overlayFigure("Bounded slowdown", "bounded slowdowns", overlays.get(1)));
        PlotOptions png = new PlotOptions(null, EnumSet.of(PlotFormat.PNG), PlotOptions.DEFAULT_GANTT_MAX_JOBS);
        List<Path> runPlots = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Path d = dir.resolve(String.format(Locale.ROOT, "run-%03d", i + 1));
            RunPlots.write(runs.get(i).dir(), d, png);
            runPlots.add(d);
        }
        for (String plot : SIDE_BY_SIDE) {
            List<String> captions = new ArrayList<>();
            List<Path> images = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                Path image = runPlots.get(i).resolve(plot + ".png");
                if (Files.isRegularFile(image)) {
                    captions.add(names.get(i));
                    images.add(image);
                }
            }
            if (!images.isEmpty()) {
                figures.add(new ComparisonReport.Figure(TITLES.get(plot), captions, images));
            }
        }
        return figures;
    }

    /** An overlay of all runs, with a line naming the curves that lie exactly on another one. */
    private static ComparisonReport.Figure overlayFigure(String title, String what, ComparisonPlots.Overlay o) {
        List<String> notes = o.identical().isEmpty() ? List.of()
                : List.of("Identical " + what + " (their curves lie on each other): " + String.join("; ", o.identical())
                        + ".");
        return new ComparisonReport.Figure(title, List.of("all runs"), List.of(o.image()), notes);
    }

    private static final Map<String, String> TITLES = Map.of(
            "utilization", "Utilization over time", "queue", "Queue over time", "power", "Power over time",
            "temperature", "Temperatures over time", "links", "Link load over time", "machine-map", "Machine map",
            "busy-map", "Busy time per node", "room-inlet-map", "Room inlet temperatures", "gantt", "Gantt chart");

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
