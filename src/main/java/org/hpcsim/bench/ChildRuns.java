package org.hpcsim.bench;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts hpcsim child processes one at a time, on this JVM with the options bin/hpcsim chose for it
 * ({@link LauncherOptions}) and the caller's, and times them.
 */
public final class ChildRuns {
    private final String mainClass;
    private final List<String> jvmOptions;
    /** The child's exit status when {@link #timedRun} returned null. */
    private int failedStatus;

    /**
     * @param mainClass  the class whose {@code main} takes an hpcsim command line
     * @param jvmOptions extra JVM options for every child (last, so that they win)
     */
    public ChildRuns(String mainClass, List<String> jvmOptions) {
        this.mainClass = mainClass;
        this.jvmOptions = List.copyOf(jvmOptions);
    }

    /** The command line of an hpcsim child process running {@code command}. */
    List<String> command(String command) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(LauncherOptions.ofThisJvm(jvmOptions));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass, command));
        return cmd;
    }

    /**
     * Runs {@code hpcsim run} with the arguments into {@code dir} and reads its figures; null (the
     * status in {@link #failedStatus}) when the run failed.
     */
    Sample timedRun(List<String> arguments, Path dir) throws IOException, InterruptedException {
        List<String> cmd = command("run");
        cmd.addAll(arguments);
        cmd.addAll(List.of("--quiet", "--out", dir.toString()));
        double cpu0 = ChildCpu.seconds();
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(cmd).inheritIO().start();
        // A bench stopped from outside (a timeout's SIGTERM) takes its run with it rather than leave it running.
        Thread stop = new Thread(process::destroy);
        Runtime.getRuntime().addShutdownHook(stop);
        int status;
        try {
            status = process.waitFor();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook is running or has run, which is what it is for.
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpu = ChildCpu.seconds() - cpu0;
        if (status != 0) {
            failedStatus = status;
            return null;
        }
        Config summary = ConfigFactory.parseFile(dir.resolve("summary.json").toFile());
        // The whole process's CPU as the parent sees it (JVM start and exit included); the child's own
        // figure in summary.json where that is not available.
        return new Sample(seconds, summary.getDouble("wall_clock_s"), Double.isNaN(cpu) ? number(summary, "process_cpu_s") : cpu,
                summary.getLong("events"), summary.getLong("messages"), number(summary, "peak_heap_mb"),
                number(summary, "heap_after_gc_mb"), number(summary, "peak_rss_mb"));
    }

    int failedStatus() {
        return failedStatus;
    }

    private static double number(Config summary, String key) {
        return summary.getIsNull(key) ? Double.NaN : summary.getDouble(key);
    }
}
