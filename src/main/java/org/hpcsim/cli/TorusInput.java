package org.hpcsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.torus.Rational;
import org.hpcsim.torus.TorusJob;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;
import picocli.CommandLine.Option;

/**
 * The options the torus experiments share: the torus, the jobs (from the command line or a file) and
 * the output format. Syntax errors become {@link InputException}s naming the job or the file line;
 * the instance itself is checked by the algorithms.
 */
final class TorusInput {
    @Option(names = "--torus", required = true, paramLabel = "M",
            description = "Side m of the torus T(m x m), a power of two.")
    int torus;

    @Option(names = "--jobs", paramLabel = "LIST",
            description = "Jobs as dimension:time, comma separated, in non-increasing dimension, e.g. 8:2,4:2,2:4.")
    String jobs;

    @Option(names = "--jobs-file", paramLabel = "FILE",
            description = "Jobs, one 'dimension time' per line (blank lines and # comments are skipped).")
    Path jobsFile;

    @Option(names = "--format", defaultValue = "text", paramLabel = "text|json",
            description = "Output: an aligned table, or one JSON object (default ${DEFAULT-VALUE}).")
    String format;

    boolean json() {
        if (!format.equals("json") && !format.equals("text")) {
            throw new InputException("--format must be json or text, got '" + format + "'");
        }
        return format.equals("json");
    }

    List<TorusJob> jobs() throws IOException {
        if ((jobs == null) == (jobsFile == null)) {
            throw new InputException("give the jobs with --jobs or --jobs-file (one of them)");
        }
        List<TorusJob> list = new ArrayList<>();
        if (jobs != null) {
            String[] items = jobs.split(",", -1);
            for (int i = 0; i < items.length; i++) {
                String[] parts = items[i].strip().split(":", -1);
                try {
                    list.add(job(parts, "dimension:time"));
                } catch (IllegalArgumentException e) {
                    throw new InputException("--jobs: job " + (i + 1) + " ('" + items[i].strip() + "'): " + e.getMessage());
                }
            }
            return list;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(jobsFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FileErrors.reading(jobsFile, "jobs-file", e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            line = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (!line.isEmpty()) {
                try {
                    list.add(job(line.split("\\s+"), "dimension time"));
                } catch (IllegalArgumentException e) {
                    throw new InputException(jobsFile, i + 1, "job " + (list.size() + 1), e.getMessage());
                }
            }
        }
        return list;
    }

    private static TorusJob job(String[] parts, String syntax) {
        if (parts.length != 2) {
            throw new IllegalArgumentException("expected " + syntax);
        }
        int dimension;
        try {
            dimension = Integer.parseInt(parts[0]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("dimension: expected an integer, got '" + parts[0] + "'");
        }
        try {
            return new TorusJob(dimension, Rational.parseDecimal(parts[1]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("time: " + e.getMessage());
        }
    }
}
