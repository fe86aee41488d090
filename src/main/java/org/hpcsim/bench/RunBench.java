package org.hpcsim.bench;

import static org.hpcsim.bench.Medians.max;
import static org.hpcsim.bench.Medians.median;
import static org.hpcsim.bench.Medians.min;
import static org.hpcsim.bench.Sample.column;
import static org.hpcsim.bench.Sample.mb;
import static org.hpcsim.bench.Sample.rate;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hpcsim.output.OutputDirectory;

/**
 * {@code hpcsim bench run}: times whole {@code run} processes, each into a temporary directory, and
 * reports each run's figures, then the medians and the largest peaks.
 */
public final class RunBench {
    private RunBench() {
    }

    /**
     * Times {@code runs} runs of {@code hpcsim run} with {@code arguments}; returns the exit status: 0,
     * or that of the first run that failed.
     */
    public static int run(ChildRuns children, List<String> arguments, int runs, PrintWriter out)
            throws IOException, InterruptedException {
        List<Sample> samples = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            Path dir = Files.createTempDirectory("hpcsim-bench-");
            try {
                Sample sample = children.timedRun(arguments, dir);
                if (sample == null) {
                    out.printf("run %d failed (its error is above)%n", i);
                    out.flush();
                    return children.failedStatus();
                }
                samples.add(sample);
                out.println("run " + i + ": " + sample.describe());
                out.flush();
            } finally {
                OutputDirectory.deleteTree(dir);
            }
        }
        double[] process = column(samples, Sample::processSeconds);
        out.printf(Locale.ROOT, "median of %d: %.3f s wall (min %.3f, max %.3f), %.3f s simulation, %.3f s CPU,"
                        + " %s events/s, %s messages/s; max peak heap %s (%s after GC), max peak RSS %s%n",
                runs, median(process), min(process), max(process), median(column(samples, Sample::simulationSeconds)),
                median(column(samples, Sample::cpuSeconds)),
                rate(median(column(samples, x -> x.events() / x.processSeconds()))),
                rate(median(column(samples, x -> x.messages() / x.processSeconds()))),
                mb(max(column(samples, Sample::peakHeapMb))), mb(max(column(samples, Sample::heapAfterGcMb))),
                mb(max(column(samples, Sample::peakRssMb))));
        out.flush();
        return 0;
    }
}
