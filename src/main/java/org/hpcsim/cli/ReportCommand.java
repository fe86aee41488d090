package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.hpcsim.compare.ComparedRun;
import org.hpcsim.compare.ComparisonReport;
import org.hpcsim.compare.MetricTable;
import org.hpcsim.report.OutputDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hpcsim report}: compare finished runs. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare finished runs: report.md and a self-contained report.html with a table of summary"
                + " metrics per configuration (best per metric marked) and their plots side by side.",
            "DIR is a sweep directory (its runs, in the sweep's order) or a run directory; give several to compare."})
final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Sweep or run directories.")
    List<Path> dirs;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR",
            description = "Where report.md, report.html and the figures go (default: the sweep directory when one"
                    + " is given, else ./report).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<ComparedRun> runs = ComparedRun.collect(dirs);
        Path dir = out != null ? out
                : dirs.size() == 1 && Files.isRegularFile(dirs.get(0).resolve("results.csv")) ? dirs.get(0)
                : Path.of("report");
        MetricTable table = MetricTable.of(runs);
        OutputDirectory staged = OutputDirectory.open(dir);
        try {
            List<ComparisonReport.Figure> figures = List.of();
            write(staged.file("report.md"), ComparisonReport.markdown(table, figures, dir));
            write(staged.file("report.html"), ComparisonReport.html(table, figures));
            staged.commit();
        } catch (RuntimeException e) {
            staged.close();
            throw e;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println("hpcsim: compared " + runs.size() + " runs: " + dir.resolve("report.md") + ", " + dir.resolve("report.html"));
        o.flush();
        return 0;
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
