package org.hpcsim.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.output.OutputDirectory;

/**
 * {@code hpcsim bench threads}: one run at each thread count, in the order given, every later run's
 * outputs compared with the first's ({@link OutputComparison}).
 */
public final class ThreadCheck {
    private ThreadCheck() {
    }

    /**
     * Runs {@code hpcsim run} with {@code arguments} and {@code --threads N} for each N of
     * {@code threads}; returns the exit status: 0 when every run's outputs are the first's, 1 when any
     * differ, or that of a run that failed.
     */
    public static int run(ChildRuns children, List<String> arguments, List<Integer> threads, PrintWriter out)
            throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("hpcsim-bench-threads-");
        int differing = 0;
        try {
            Path reference = null;
            int first = threads.get(0);
            for (int k = 0; k < threads.size(); k++) {
                int count = threads.get(k);
                Path dir = root.resolve("run-" + k);
                List<String> withThreads = new ArrayList<>(arguments);
                withThreads.addAll(List.of("--threads", Integer.toString(count)));
                Sample sample = children.timedRun(withThreads, dir);
                if (sample == null) {
                    out.printf("threads %d: the run failed (its error is above)%n", count);
                    out.flush();
                    return children.failedStatus();
                }
                out.println("threads " + count + ": " + sample.describe());
                if (reference == null) {
                    reference = dir;
                } else {
                    List<String> d = OutputComparison.differences(reference, dir);
                    if (d.isEmpty()) {
                        out.printf("threads %d: outputs identical to threads %d%n", count, first);
                    } else {
                        differing++;
                        for (String line : d) {
                            out.printf("threads %d: DIFFERENT from threads %d: %s%n", count, first, line);
                        }
                    }
                    OutputDirectory.deleteTree(dir);
                }
                out.flush();
            }
        } finally {
            OutputDirectory.deleteTree(root);
        }
        out.println(differing == 0 ? "outputs identical at threads " + threads
                : differing + " of " + (threads.size() - 1) + " runs differ from threads " + threads.get(0));
        out.flush();
        return differing == 0 ? 0 : 1;
    }
}
