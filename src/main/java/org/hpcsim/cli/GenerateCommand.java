package org.hpcsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.hpcsim.report.AtomicFile;
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

    @Option(names = "--load", defaultValue = "0.75", description = "Offered load (default ${DEFAULT-VALUE}).")
    double load;

    @Option(names = "--seed", defaultValue = "2026", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "Output .swf file.")
    Path out;

    @Override
    public Integer call() throws IOException {
        String text;
        try {
            text = SyntheticWorkload.generate(jobs, procs, load, seed);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        AtomicFile.write(out, "--out", stream -> {
            stream.write(bytes);
            return null;
        });
        return 0;
    }
}
