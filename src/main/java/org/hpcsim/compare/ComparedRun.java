package org.hpcsim.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import com.typesafe.config.Config;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.plot.Csv;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.workload.InputException;

/**
 * One configuration of a comparison: a finished run's directory, the name it is shown under and its
 * summary.
 */
public record ComparedRun(String name, Path dir, SummaryJson summary) {

    /** A sweep directory holds this file and a {@code runs/} directory of its runs. */
    static final String SWEEP_RESULTS = "results.csv";

    /**
     * The runs of the given directories, in order: a sweep directory stands for its finished runs in
     * the order of its results.csv (the sweep's combination order), named by their labels; a run
     * directory (one holding summary.json) stands for itself, named by its directory name, or by its
     * last two path elements where two runs would share a name.
     *
     * @throws InputException if a directory is neither, or holds no finished run
     */
    public static List<ComparedRun> collect(List<Path> dirs) {
        List<Path> runDirs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path d : dirs) {
            if (Files.isRegularFile(d.resolve(SWEEP_RESULTS)) && Files.isDirectory(d.resolve("runs"))) {
                for (String label : sweepRuns(d.resolve(SWEEP_RESULTS))) {
                    runDirs.add(d.resolve("runs").resolve(label));
                    names.add(dirs.size() == 1 ? label : d.getFileName() + "/" + label);
                }
            } else if (Files.isRegularFile(d.resolve("summary.json"))) {
                runDirs.add(d);
                names.add(null);
            } else if (!Files.isDirectory(d)) {
                throw new InputException(d.toString(), 0, "DIR", "no such directory");
            } else {
                throw new InputException(d.toString(), 0, "DIR",
                        "neither a run directory (summary.json) nor a sweep directory (results.csv and runs/)");
            }
        }
        if (runDirs.isEmpty()) {
            throw new InputException(dirs.get(0).toString(), 0, "DIR", "no finished run to compare");
        }
        Map<String, Integer> plainNames = new HashMap<>();
        for (int i = 0; i < runDirs.size(); i++) {
            if (names.get(i) == null) {
                plainNames.merge(simpleName(runDirs.get(i)), 1, Integer::sum);
            }
        }
        List<ComparedRun> runs = new ArrayList<>(runDirs.size());
        for (int i = 0; i < runDirs.size(); i++) {
            Path dir = runDirs.get(i);
            String name = names.get(i);
            if (name == null) {
                name = plainNames.get(simpleName(dir)) == 1 ? simpleName(dir) : qualifiedName(dir);
            }
            runs.add(new ComparedRun(name, dir, SummaryJson.read(dir.resolve("summary.json"))));
        }
        return runs;
    }

    /**
     * Keys of config-used.conf that say nothing about what was simulated: the seed (which a row of
     * seeds stands for), where and how outputs were written, and the kernel's threads and partitions
     * (which leave every output unchanged).
     */
    static final List<String> NOT_SETTINGS = List.of("seed", "output", "kernel");

    /**
     * The run's settings: its config-used.conf without {@link #NOT_SETTINGS}; null when the run
     * directory has no config-used.conf (then it is not known what else differs).
     *
     * @throws InputException if config-used.conf is not valid HOCON
     */
    Config settings() {
        Path file = dir.resolve("config-used.conf");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Config c = ConfigLoader.parse(file);
        for (String key : NOT_SETTINGS) {
            c = c.withoutPath(key);
        }
        return c;
    }

    private static String simpleName(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        return abs.getFileName() == null ? abs.toString() : abs.getFileName().toString();
    }

    private static String qualifiedName(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        return parent == null || parent.getFileName() == null ? simpleName(dir)
                : parent.getFileName() + "/" + simpleName(dir);
    }

    /** The labels in the {@code run} column of a sweep's results.csv, in row order. */
    static List<String> sweepRuns(Path results) {
        List<String> labels = new ArrayList<>();
        try (Csv csv = Csv.open(results)) {
            int run = csv.column("run");
            while (csv.next()) {
                labels.add(csv.text(run));
            }
        }
        return labels;
    }
}
