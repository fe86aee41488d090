package org.hpcsim.plot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.output.OutputDirectory;

/**
 * Writes the plots of a finished run directory. Every plot the run's files allow is drawn in each
 * format; the others are listed with the reason. The files are written into a staging directory and
 * moved into place only when all are done, so a failure leaves no partial set (a plot directory of
 * an earlier call keeps its files until they are replaced).
 */
public final class RunPlots {
    private RunPlots() {
    }

    /**
     * What was written and what was not.
     *
     * @param files   the files written, in plot order
     * @param skipped the plots not drawn, each with the reason
     * @param notes   what drawn plots leave out (the Gantt chart's window)
     */
    public record Result(List<Path> files, List<Skipped> skipped, List<Note> notes) {
    }

    /** A plot the run's files do not allow, and why. */
    public record Skipped(String name, String reason) {
    }

    /** What a drawn plot leaves out. */
    public record Note(String name, String text) {
    }

    /**
     * Plots the run in {@code runDir} into {@code plotDir} (created if needed).
     *
     * @throws org.hpcsim.workload.InputException naming the file when the run directory, its
     *                                            summary.json or jobs.csv is missing, or any file
     *                                            read is malformed
     */
    public static Result write(Path runDir, Path plotDir, PlotOptions options) {
        return write(runDir, plotDir, options, false);
    }

    /**
     * As {@link #write(Path, Path, PlotOptions)}; {@code force} writes into a directory that holds
     * other files. Plots in the run's own {@code plots/} become part of the run: replacing the run
     * replaces them.
     */
    public static Result write(Path runDir, Path plotDir, PlotOptions options, boolean force) {
        List<Plot> plots = plots(RunData.read(runDir), options);
        List<Path> files = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        List<Note> notes = new ArrayList<>();
        try (OutputDirectory out = OutputDirectory.open(plotDir, "plots", force)) {
            for (Plot p : plots) {
                if (p.figure() == null) {
                    skipped.add(new Skipped(p.name(), p.skipped()));
                    continue;
                }
                if (p.note() != null) {
                    notes.add(new Note(p.name(), p.note()));
                }
                for (PlotFormat format : PlotFormat.values()) {
                    if (options.formats().contains(format)) {
                        String name = p.name() + "." + format.extension();
                        p.figure().write(format, out.file(name));
                        files.add(plotDir.resolve(name));
                    }
                }
            }
            out.commit();
        }
        if (plotDir.toAbsolutePath().normalize().equals(runDir.toAbsolutePath().normalize().resolve("plots"))) {
            OutputDirectory.adopt(runDir, "plots");
        }
        return new Result(List.copyOf(files), List.copyOf(skipped), List.copyOf(notes));
    }

    /** Every plot, drawn or skipped, in the order they are written. */
    static List<Plot> plots(RunData run, PlotOptions options) {
        TimeSeriesPlots series = new TimeSeriesPlots(run);
        CdfPlots cdfs = new CdfPlots(run.jobs);
        MapPlots maps = new MapPlots(run, options);
        List<Plot> plots = new ArrayList<>();
        plots.add(series.utilization());
        plots.add(series.queue());
        plots.addAll(cdfs.all());
        plots.add(series.power());
        plots.add(series.nodePower());
        plots.add(series.nodeStates());
        plots.add(series.temperature());
        plots.add(series.links());
        plots.addAll(maps.all());
        plots.add(GanttPlot.of(run, options));
        return plots;
    }
}
