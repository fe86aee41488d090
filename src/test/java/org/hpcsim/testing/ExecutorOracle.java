package org.hpcsim.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.sequential.SequentialExecutor;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.sim.Simulation;

/**
 * The oracle every scenario test runs against: the same scenario under the single-threaded
 * {@link SequentialExecutor} must write the same files, byte for byte, as under the Pekko executor and,
 * where the run can use them, in time-parallel windows, and with its trace and sinks on threads of their own.
 * summary.json may differ only in what describes the execution itself (threads, partitions, Pekko's
 * message count, wall-clock time and memory), config-used.conf only in its output directory.
 */
public final class ExecutorOracle {
    /** summary.json lines that describe the execution, not the simulation. */
    private static final Pattern EXECUTION = Pattern.compile(
            "\\s*\"(executor|threads|partitions|actor_messages|wall_clock_s|events_per_s|peak_rss_mb|process_cpu_s|peak_heap_mb|heap_after_gc_mb"
                    + "|windows|window_step_s|events_simulated|speculation_waste|window_events)\":.*");

    private ExecutorOracle() {
    }

    /** Runs {@code s} again under the sequential executor, beside its output, and compares the two outputs. */
    public static void check(Scenario s) {
        Path dir = s.outputDir();
        Path oracle = dir.resolveSibling(dir.getFileName() + "-sequential");
        Scenario again = Scenario.from(s.config().withValue("output.dir",
                ConfigValueFactory.fromAnyRef(oracle.toString())), StandardPolicies.registry());
        try {
            Simulation.prepare(again, StandardPolicies.registry()).run(new SequentialExecutor());
            assertSameOutputs(dir, oracle);
            checkWindows(s, oracle);
            checkSinksApart(s, oracle);
        } finally {
            OutputDirectory.deleteTree(oracle);
        }
    }

    /** Runs the scenario with its trace read ahead and its sinks on threads of their own, and compares. */
    private static void checkSinksApart(Scenario s, Path oracle) {
        rerun(s, "-apart", oracle, Simulation::runWithSinksApart);
    }

    /**
     * Where the scenario can use time-parallel windows, runs it in 3 windows on 2 threads and compares
     * the outputs with the sequential executor's in {@code oracle}.
     */
    private static void checkWindows(Scenario s, Path oracle) {
        rerun(s, "-windows", oracle, sim -> sim.windowsUnfit() == null ? sim.runInWindows(3, 2) : null);
    }

    /** Runs {@code s} again into a sibling directory named with {@code suffix} as {@code how} says (null: not run), and compares. */
    private static void rerun(Scenario s, String suffix, Path oracle,
                              java.util.function.Function<Simulation, Simulation.Result> how) {
        Path dir = s.outputDir();
        Path again = dir.resolveSibling(dir.getFileName() + suffix);
        Scenario copy = Scenario.from(s.config().withValue("output.dir",
                ConfigValueFactory.fromAnyRef(again.toString())), StandardPolicies.registry());
        try {
            if (how.apply(Simulation.prepare(copy, StandardPolicies.registry())) != null) {
                assertSameOutputs(again, oracle);
            }
        } finally {
            OutputDirectory.deleteTree(again);
        }
    }

    /** Every output file of {@code pekko} equals {@code sequential}'s (see the class comment). */
    public static void assertSameOutputs(Path pekko, Path sequential) {
        List<String> files = files(pekko);
        assertEquals(files, files(sequential), "the executors wrote different files");
        for (String f : files) {
            if (f.equals(OutputDirectory.MARKER)) {
                continue;
            }
            if (f.equals("summary.json")) {
                assertEquals(simulationLines(pekko.resolve(f)), simulationLines(sequential.resolve(f)),
                        "summary.json differs between the executors");
            } else {
                assertArrayEquals(bytes(pekko.resolve(f)), bytes(sequential.resolve(f)),
                        f + " differs between the Pekko and the sequential executor");
            }
        }
    }

    private static List<String> simulationLines(Path summary) {
        try {
            return Files.readAllLines(summary).stream().filter(l -> !EXECUTION.matcher(l).matches()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> files(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString())
                    .filter(n -> !n.startsWith(".hpcsim-")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
