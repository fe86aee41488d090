package org.hpcsim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.hpcsim.workload.InputException;
import org.hpcsim.report.OutputDirectory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hpcsim bench}: runs {@code hpcsim run} as whole, separate processes (JVM start included)
 * and reports medians of wall time and events per second, and the largest peak RSS.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Time whole `hpcsim run` processes (JVM start included) and report medians.",
            "Takes the options of `run`; prints each run's figures, the medians and the largest peak RSS."})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "5", description = "Runs to time (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--jvm-opt", paramLabel = "OPT", description = "Extra JVM option for each run (repeatable).")
    List<String> jvmOptions = new ArrayList<>();

    @Mixin
    RunOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** One timed run. */
    record Sample(double processSeconds, double simulationSeconds, long events, double peakRssMb) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (runs < 1) {
            throw new InputException("--runs must be >= 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Sample> samples = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            Path dir = Files.createTempDirectory("hpcsim-bench-");
            try {
                List<String> cmd = new ArrayList<>();
                cmd.add(java);
                cmd.addAll(jvmOptions);
                cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "run"));
                cmd.addAll(options.toArguments());
                cmd.addAll(List.of("--quiet", "--out", dir.toString()));
                long t0 = System.nanoTime();
                Process p = new ProcessBuilder(cmd).inheritIO().start();
                int status = p.waitFor();
                double seconds = (System.nanoTime() - t0) / 1e9;
                if (status != 0) {
                    out.printf("run %d failed with exit status %d%n", i, status);
                    out.flush();
                    return status;
                }
                Config summary = ConfigFactory.parseFile(dir.resolve("summary.json").toFile());
                Sample s = new Sample(seconds, summary.getDouble("wall_clock_s"), summary.getLong("events"),
                        summary.getIsNull("peak_rss_mb") ? Double.NaN : summary.getDouble("peak_rss_mb"));
                samples.add(s);
                out.printf(Locale.ROOT, "run %d: %.3f s process, %.3f s simulation, %d events, %.0f events/s, peak RSS %.0f MB%n",
                        i, s.processSeconds(), s.simulationSeconds(), s.events(), s.events() / s.processSeconds(),
                        s.peakRssMb());
                out.flush();
            } finally {
                OutputDirectory.deleteTree(dir);
            }
        }
        double[] process = samples.stream().mapToDouble(Sample::processSeconds).toArray();
        double[] simulation = samples.stream().mapToDouble(Sample::simulationSeconds).toArray();
        double[] rate = samples.stream().mapToDouble(s -> s.events() / s.processSeconds()).toArray();
        double peak = samples.stream().mapToDouble(Sample::peakRssMb).max().orElse(Double.NaN);
        out.printf(Locale.ROOT, "median of %d: %.3f s process (min %.3f, max %.3f), %.3f s simulation, %.0f events/s;"
                        + " max peak RSS %.0f MB%n",
                runs, median(process), min(process), max(process), median(simulation), median(rate), peak);
        out.flush();
        return 0;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }
}
