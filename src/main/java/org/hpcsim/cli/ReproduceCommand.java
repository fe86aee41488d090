package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.reproduce.Outcome;
import org.hpcsim.reproduce.Report;
import org.hpcsim.reproduce.Reproduction;
import org.hpcsim.reproduce.Reproductions;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hpcsim reproduce}: the papers' experiments, published figures beside hpcsim's. */
@Command(name = "reproduce", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the papers' experiments and set the published figures beside hpcsim's.",
            "Each reproduction runs an experiment as its paper describes it and compares every published figure"
                + " (ratio, agreement within a tolerance) and every order the paper claims; whatever does not agree"
                + " says why in a sentence. The published figures, with the paper and place each comes from, are in"
                + " one data file (org/hpcsim/reproduce/published.csv in the jar). Writes report.md (Markdown),"
                + " figures.csv, rankings.csv and the simulations' outputs (runs/NAME/) into --out, all or nothing,"
                + " and prints the report. --all takes about a minute on two cores."},
        footer = {"", "Examples:", "  hpcsim reproduce --list",
            "  hpcsim reproduce gupta-srimani-example bampis-theorem2 -o out/reproduce",
            "  hpcsim reproduce --all -o out/reproduce"})
final class ReproduceCommand implements Callable<Integer> {

    @Parameters(paramLabel = "NAME", arity = "0..*", description = "Reproductions to run (see --list).")
    List<String> names = new ArrayList<>();

    @Option(names = "--all", description = "Run every reproduction.")
    boolean all;

    @Option(names = "--list", description = "List the reproductions and the inputs each needs, and exit.")
    boolean list;

    @Option(names = "--shared", paramLabel = "DIR",
            description = "Where the papers' traces, SST's outputs and D matrices are (default: the environment variable"
                    + " " + SharedDirectory.ENV + ", else the directory shared beside the repository hpcsim runs from,"
                    + " whatever the working directory).")
    Path sharedOption;

    @Option(names = {"-o", "--out"}, defaultValue = "out/reproduce", paramLabel = "DIR",
            description = "Output directory (default ${DEFAULT-VALUE}), written atomically.")
    Path out;

    @Option(names = "--threads", defaultValue = "0", paramLabel = "N",
            description = "Simulations in parallel; 0 = one per core (default). Results never depend on it.")
    int threads;

    @CommandLine.Mixin

    Force force;

    @Option(names = {"-q", "--quiet"}, description = "Do not print the report.")
    boolean quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        SharedDirectory.Found found = SharedDirectory.locate(sharedOption);
        Path shared = found.dir();
        if (list) {
            for (Reproduction r : Reproductions.all()) {
                stdout.printf("%-22s %s%n", r.name(), r.title());
                for (String input : r.inputs()) {
                    stdout.printf("%-22s   needs %s%n", "", shared.resolve(input));
                }
            }
            stdout.flush();
            return 0;
        }
        if (all == !names.isEmpty()) {
            throw new InputException("name the reproductions to run or give --all (not both); --list shows them");
        }
        List<Reproduction> chosen = new ArrayList<>();
        try {
            for (String name : all ? Reproductions.all().stream().map(Reproduction::name).toList()
                    : List.copyOf(new LinkedHashSet<>(names))) {
                chosen.add(Reproductions.named(name));
            }
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        for (Reproduction r : chosen) {
            for (String input : r.inputs()) {
                if (!Files.isRegularFile(shared.resolve(input))) {
                    throw new InputException(shared.resolve(input).toString(), 0, r.name(),
                            "missing input (the shared data directory, from " + found.from() + "; give another with --shared DIR"
                                    + " or " + SharedDirectory.ENV + ")");
                }
            }
        }
        int parallel = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        OutputDirectory dir = OutputDirectory.open(out, "reproduce", force.on);
        List<Outcome> outcomes = new ArrayList<>();
        String command = "hpcsim reproduce " + (all ? "--all" : String.join(" ", chosen.stream().map(Reproduction::name).toList()));
        try (Plugins plugins = Plugins.none(); LazyRuntime runtime = new LazyRuntime()) {
            Path runs = dir.inPlace("runs");
            for (Reproduction r : chosen) {
                spec.commandLine().getErr().println("reproducing " + r.name() + " ...");
                spec.commandLine().getErr().flush();
                outcomes.add(r.run(new Reproduction.Context(shared, runs.resolve(r.name()), plugins.registry(), runtime,
                        parallel)));
            }
            String report = Report.markdown(outcomes, command);
            Files.writeString(dir.file("report.md"), report, StandardCharsets.UTF_8);
            Files.writeString(dir.file("figures.csv"), Report.figuresCsv(outcomes), StandardCharsets.UTF_8);
            Files.writeString(dir.file("rankings.csv"), Report.rankingsCsv(outcomes), StandardCharsets.UTF_8);
            dir.commit();
            if (!quiet) {
                stdout.print(report);
                stdout.flush();
            }
        } catch (IOException | RuntimeException e) {
            dir.close();
            throw e;
        }
        List<String> unexplained = new ArrayList<>();
        for (Outcome o : outcomes) {
            for (String what : o.unexplained()) {
                unexplained.add(o.name() + ": " + what);
            }
        }
        if (!unexplained.isEmpty()) {
            spec.commandLine().getErr().println("hpcsim: disagreements without an explanation: " + unexplained);
            return 1;
        }
        return 0;
    }
}
