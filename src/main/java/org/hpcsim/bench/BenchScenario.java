package org.hpcsim.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.SyntheticWorkload;

/**
 * The large-machine scenarios of {@code hpcsim bench run --scenario NAME}, all in this one table. A
 * scenario is a trace (a file of the shared Parallel Workloads Archive traces, or a synthetic trace
 * generated from a fixed seed) and the options of {@code run} that set the machine and the policies.
 * They live in code rather than in configuration files because a synthetic trace has to be generated
 * (and cached) before the run, which no configuration key can say, and a shared trace is looked up in
 * a directory the user may move; the run settings are ordinary {@code run} options, so the command a
 * scenario runs can be printed and repeated by hand.
 *
 * @param name        what {@code --scenario} takes
 * @param description one line for {@code hpcsim bench scenarios}
 * @param sharedTrace the file in the shared traces directory, or null for a synthetic trace
 * @param synthetic   the synthetic trace's parameters, or null for a shared trace
 * @param arguments   the {@code run} options besides the trace
 */
public record BenchScenario(String name, String description, String sharedTrace, SyntheticWorkload.Spec synthetic,
                     List<String> arguments) {

    /** Where the shared traces are by default: beside the repository, as every document assumes. */
    public static final Path SHARED_TRACES = Path.of("..", "shared", "traces");

    /** Every scenario, in the order {@code hpcsim bench scenarios} prints them. */
    public static final List<BenchScenario> ALL = List.of(
            shared("ricc", "RICC (447,794 jobs, 8,192 cores) on mesh:32x16x16, a core per node; EASY, sorted-free-list",
                    "RICC-2010-2.swf.gz", "--machine", "mesh:32x16x16", "--scheduler", "easy",
                    "--allocator", "sorted-free-list"),
            shared("ricc-nodes", "RICC on simple:1024, 8 cores per node (its real 1,024 nodes); EASY: the overloaded"
                            + " queue", "RICC-2010-2.swf.gz", "--machine", "simple:1024", "--cores-per-node", "8",
                    "--scheduler", "easy", "--allocator", "sorted-free-list"),
            shared("blue", "SDSC Blue Horizon (243,306 jobs, 1,152 processors) on mesh:36x32; EASY, sorted-free-list",
                    "SDSC-BLUE-2000-4.2-cln.swf.gz", "--machine", "mesh:36x32", "--scheduler", "easy",
                    "--allocator", "sorted-free-list"),
            synthetic("torus32k", "200,000 synthetic jobs of up to 16 nodes on torus:32x32x32 with link actors"
                            + " (network.model = links, all-to-all); EASY, sorted-free-list",
                    new SyntheticWorkload.Spec(200_000, 32_768, 16, 0.9, 21, false), "--machine", "torus:32x32x32",
                    "--scheduler", "easy", "--allocator", "sorted-free-list", "-Dnetwork.model=links"),
            synthetic("huge", "1,000,000 synthetic jobs of up to 1,024 nodes on simple:100000; EASY, sorted-free-list",
                    new SyntheticWorkload.Spec(1_000_000, 100_000, 1024, 0.9, 21, false), "--machine", "simple:100000",
                    "--scheduler", "easy", "--allocator", "sorted-free-list"),
            synthetic("room10k", "2,000 synthetic jobs of up to 256 nodes in a 10,000-node room (mesh:10x50x20: 20 rows"
                            + " of 50 racks of 10), series heat model, coolest-first allocation; EASY",
                    new SyntheticWorkload.Spec(2000, 10_000, 256, 0.9, 21, false), "--machine", "mesh:10x50x20",
                    "--scheduler", "easy", "--allocator", "coolest-first", "-Dthermal.enabled=true"),
            synthetic("flood-easy", "50,000 synthetic jobs all submitted at t = 0 on mesh:16x8; EASY, sorted-free-list",
                    new SyntheticWorkload.Spec(50_000, 128, 128, 0.9, 21, true), "--machine", "mesh:16x8",
                    "--scheduler", "easy", "--allocator", "sorted-free-list"),
            synthetic("flood-conservative", "the flood-easy jobs under conservative backfilling",
                    new SyntheticWorkload.Spec(50_000, 128, 128, 0.9, 21, true), "--machine", "mesh:16x8",
                    "--scheduler", "conservative", "--allocator", "sorted-free-list"));

    private static BenchScenario shared(String name, String description, String file, String... arguments) {
        return new BenchScenario(name, description, file, null, List.of(arguments));
    }

    private static BenchScenario synthetic(String name, String description, SyntheticWorkload.Spec spec,
                                           String... arguments) {
        return new BenchScenario(name, description, null, spec, List.of(arguments));
    }

    /**
     * One size of {@code bench scaling}: {@code jobsPerNode} jobs a node of the synthetic model, of up
     * to {@code maxSize} nodes (at most the machine), on {@code simple:nodes}; the scheduler and
     * allocator are the caller's; load 0.9 and seed 21 as the scenarios above. The same jobs per node,
     * job sizes and load at every size keep the simulated time and the work per node alike, so only
     * the machine's size changes. (At 100,000 nodes, 10 jobs a node and jobs of up to 1,024 nodes, its
     * trace is that of {@code huge}.)
     *
     * @throws InputException when the job count does not fit the trace format's int
     */
    public static BenchScenario scaling(int nodes, int jobsPerNode, int maxSize) {
        long jobs = (long) nodes * jobsPerNode;
        if (jobs > Integer.MAX_VALUE) {
            throw new InputException("command line", 0, "--jobs-per-node", nodes + " nodes x " + jobsPerNode
                    + " jobs a node is more than " + Integer.MAX_VALUE + " jobs");
        }
        return synthetic("scaling-" + nodes, String.format(Locale.ROOT, "%,d synthetic jobs of up to %,d nodes on"
                        + " simple:%d", jobs, Math.min(maxSize, nodes), nodes),
                new SyntheticWorkload.Spec((int) jobs, nodes, Math.min(maxSize, nodes), 0.9, 21, false),
                "--machine", "simple:" + nodes);
    }

    /**
     * The scenario of that name.
     *
     * @throws InputException naming the scenarios there are
     */
    public static BenchScenario named(String name) {
        for (BenchScenario s : ALL) {
            if (s.name.equals(name)) {
                return s;
            }
        }
        throw new InputException("command line", 0, "--scenario", "no scenario '" + name + "'; there are: "
                + String.join(", ", ALL.stream().map(BenchScenario::name).toList())
                + " (hpcsim bench scenarios describes them)");
    }

    /** Prints every scenario's name and description. */
    public static void list(PrintWriter out) {
        int width = ALL.stream().mapToInt(s -> s.name.length()).max().orElse(0);
        for (BenchScenario s : ALL) {
            out.printf(Locale.ROOT, "%-" + width + "s  %s%n", s.name, s.description);
        }
        out.flush();
    }

    /**
     * The scenario's trace: the shared file in {@code traces}, or the synthetic trace in {@code cache},
     * generated there first if it is not there yet (written whole or not at all, so a file found there
     * is complete; its name holds every parameter of the generator).
     *
     * @param generating told before a trace is generated (it takes seconds to minutes)
     * @throws InputException when the shared trace is missing
     */
    public Path trace(Path traces, Path cache, java.util.function.Consumer<Path> generating) {
        if (sharedTrace != null) {
            Path file = traces.resolve(sharedTrace);
            if (!Files.isRegularFile(file)) {
                throw new InputException(file.toString(), 0, "--traces", "scenario " + name + " needs the shared trace "
                        + sharedTrace + ", which is not there; give the directory of the shared traces with --traces DIR"
                        + " (default " + SHARED_TRACES + ")");
            }
            return file.toAbsolutePath();
        }
        SyntheticWorkload.Spec s = synthetic;
        Path file = cache.resolve(String.format(Locale.ROOT, "synthetic-j%d-p%d-m%d-l%s-s%d%s.swf", s.jobs(), s.procs(),
                s.maxSize(), Double.toString(s.load()), s.seed(), s.allAtZero() ? "-zero" : "")).toAbsolutePath();
        if (!Files.isRegularFile(file)) {
            try {
                Files.createDirectories(cache);
            } catch (java.io.IOException e) {
                throw new InputException(cache.toString(), 0, "--trace-cache", "cannot create: " + e);
            }
            generating.accept(file);
            SyntheticTraceFile.write(s, file, "--trace-cache");
        }
        return file;
    }

    /** The options of {@code run} this scenario runs with its trace. */
    public List<String> runArguments(Path trace) {
        List<String> a = new ArrayList<>(List.of("--trace", trace.toString()));
        a.addAll(arguments);
        return a;
    }

    /** The same as {@code hpcsim generate} options, for a synthetic trace; null for a shared one. */
    public String generateCommand() {
        if (synthetic == null) {
            return null;
        }
        SyntheticWorkload.Spec s = synthetic;
        return String.format(Locale.ROOT, "hpcsim generate --jobs %d --procs %d --max-size %d --load %s --seed %d%s",
                s.jobs(), s.procs(), s.maxSize(), Double.toString(s.load()), s.seed(), s.allAtZero() ? " --all-at-zero" : "");
    }
}
