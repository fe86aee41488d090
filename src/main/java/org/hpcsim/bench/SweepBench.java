package org.hpcsim.bench;

import static org.hpcsim.bench.Medians.max;
import static org.hpcsim.bench.Medians.median;
import static org.hpcsim.bench.Medians.min;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hpcsim.output.OutputDirectory;

/**
 * {@code hpcsim bench sweep}: times whole sweep processes. The --parallel values alternate their
 * order from round to round, so a machine whose speed drifts favours none of them; every sweep's
 * results.csv must be the first one's byte for byte (a difference is a determinism bug: exit status 1).
 */
public final class SweepBench {
    private SweepBench() {
    }

    /** The --parallel values compared when none are given: 1 and the number of cores. */
    public static List<Integer> defaultParallel() {
        int cores = Runtime.getRuntime().availableProcessors();
        return cores > 1 ? List.of(1, cores) : List.of(1);
    }

    /**
     * Runs {@code hpcsim sweep --config sweep} at each of {@code parallel}, {@code rounds} times, with
     * {@code defines} as -D options (but output.dir: each sweep writes into a directory of its own);
     * returns the exit status.
     */
    public static int run(ChildRuns children, Path sweep, List<Integer> parallel, Map<String, String> defines,
                          int rounds, PrintWriter out) throws IOException, InterruptedException {
        List<Integer> values = List.copyOf(parallel);
        double[][] seconds = new double[values.size()][rounds];
        byte[] firstResults = null;
        String firstLabel = null;
        int rows = 0;
        for (int round = 1; round <= rounds; round++) {
            for (int k = 0; k < values.size(); k++) {
                int v = round % 2 == 1 ? k : values.size() - 1 - k;
                int p = values.get(v);
                Path dir = Files.createTempDirectory("hpcsim-bench-");
                try {
                    List<String> cmd = children.command("sweep");
                    cmd.addAll(List.of("--config", sweep.toString(), "--parallel", Integer.toString(p),
                            "--out", dir.resolve("sweep").toString(), "--quiet"));
                    defines.forEach((key, value) -> {
                        if (!key.equals("output.dir")) {
                            cmd.add("-D" + key + "=" + value);
                        }
                    });
                    long t0 = System.nanoTime();
                    int status = new ProcessBuilder(cmd).inheritIO().start().waitFor();
                    double s = (System.nanoTime() - t0) / 1e9;
                    String label = "round " + round + ", --parallel " + p;
                    if (status != 0) {
                        out.printf("%s: sweep failed with exit status %d%n", label, status);
                        out.flush();
                        return status;
                    }
                    byte[] results = Files.readAllBytes(dir.resolve("sweep").resolve("results.csv"));
                    if (firstResults == null) {
                        firstResults = results;
                        firstLabel = label;
                        rows = (int) new String(results, StandardCharsets.UTF_8).lines().count() - 1;
                    } else if (!Arrays.equals(firstResults, results)) {
                        out.printf("%s: results.csv differs from that of %s%n", label, firstLabel);
                        out.flush();
                        return 1;
                    }
                    seconds[v][round - 1] = s;
                    out.printf(Locale.ROOT, "%s: %.3f s process (%d runs)%n", label, s, rows);
                    out.flush();
                } finally {
                    OutputDirectory.deleteTree(dir);
                }
            }
        }
        out.printf("results.csv identical in all %d sweeps%n", rounds * values.size());
        double base = median(seconds[0]);
        for (int v = 0; v < values.size(); v++) {
            double m = median(seconds[v]);
            out.printf(Locale.ROOT, "--parallel %d: median of %d: %.3f s process (min %.3f, max %.3f)%s%n",
                    values.get(v), rounds, m, min(seconds[v]), max(seconds[v]),
                    v == 0 ? "" : String.format(Locale.ROOT, ", %.2fx --parallel %d", base / m, values.get(0)));
        }
        out.flush();
        return 0;
    }
}
