package org.hpcsim.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.hpcsim.bench.SyntheticTraceFile;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.SyntheticWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hpcsim generate}: write a synthetic SWF trace. */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write a synthetic SWF trace (the model is documented in docs/user-guide.md).",
            "The bundled default trace is what this command writes with --jobs 2000 --procs 128 --load 0.75"
                + " --seed 2026."})
final class GenerateCommand implements Callable<Integer> {
    @Option(names = "--jobs", defaultValue = "2000", description = "Number of jobs (default ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--procs", defaultValue = "128", description = "Machine processors (default ${DEFAULT-VALUE}).")
    int procs;

    @Option(names = "--max-size", paramLabel = "N",
            description = "Largest job in processors: sizes are drawn up to N instead of --procs (default: --procs)."
                    + " Keeps jobs small on a large machine.")
    Integer maxSize;

    @Option(names = "--load", defaultValue = "0.75", description = "Offered load (default ${DEFAULT-VALUE}).")
    double load;

    @Option(names = "--all-at-zero",
            description = "Every job arrives at time 0 (an overloaded queue): the same jobs as without it, only"
                    + " their submit times are 0.")
    boolean allAtZero;

    @Option(names = "--seed", defaultValue = "2026", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "Output .swf file.")
    Path out;

    @Override
    public Integer call() {
        SyntheticWorkload.Spec spec;
        try {
            spec = new SyntheticWorkload.Spec(jobs, procs, maxSize == null ? procs : maxSize, load, seed, allAtZero);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        SyntheticTraceFile.write(spec, out, "--out");
        return 0;
    }
}
