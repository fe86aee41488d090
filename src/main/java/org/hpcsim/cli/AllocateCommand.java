package org.hpcsim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import org.hpcsim.allocation.AllocationRefusedException;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.report.JsonWriter;
import org.hpcsim.study.AllocationInstance;
import org.hpcsim.study.AllocationResult;
import org.hpcsim.study.StandAloneAllocation;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hpcsim allocate}: one allocation (or a batch of them) outside any simulation. */
@Command(name = "allocate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run one allocator on one machine state and print the nodes it chooses with their locality.",
            "With --batch, read one JSON instance per line, such as"
                + " {\"topology\":\"mesh:6x6\",\"busy\":[0,7],\"size\":5,\"allocator\":\"mm\"} (\"curve\" and"
                + " \"seed\" are optional), and print one JSON result per line, in order. A bad line gets"
                + " {\"line\":N,\"error\":\"...\"} on its output line; the exit status is then 2."},
        footer = {"", "Example:", "  hpcsim allocate --topology mesh:16x16 --busy 3,4,17 --size 8 --allocator mm"})
final class AllocateCommand implements Callable<Integer> {
    private static final Set<String> BATCH_KEYS = Set.of("topology", "busy", "size", "allocator", "curve", "seed");

    @Option(names = "--topology", paramLabel = "SPEC", description = "Machine: mesh:XxY[xZ], torus:XxY[xZ] or simple:N.")
    String topology;

    @Option(names = "--busy", split = ",", paramLabel = "IDS", description = "Busy node ids, comma separated.")
    int[] busy;

    @Option(names = "--busy-file", paramLabel = "FILE",
            description = "Busy node ids, separated by commas, spaces or new lines (# starts a comment).")
    Path busyFile;

    @Option(names = "--size", paramLabel = "K", description = "Nodes to allocate.")
    Integer size;

    @Option(names = "--allocator", defaultValue = "mm", paramLabel = "SPEC",
            description = "Allocator (see `hpcsim list`; default ${DEFAULT-VALUE}).")
    String allocator;

    @Option(names = "--curve", paramLabel = "CURVE", description = {"Curve for the span, and for an allocator that takes"
            + " a curve and was given none (default: the allocator's curve, else snake)."})
    String curve;

    @Option(names = "--seed", defaultValue = "1", description = "Seed for the random allocator (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--format", defaultValue = "json", paramLabel = "json|text",
            description = "Output format of a single allocation (default ${DEFAULT-VALUE}); --batch always writes JSON.")
    String format;

    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N",
            description = {"Allocate N times on the same state and print the median and minimum time per call on"
                + " stderr (a benchmark; the result is the same each time). Default ${DEFAULT-VALUE}."})
    int repeat;

    @Option(names = "--batch", paramLabel = "FILE", description = "JSON instances, one per line; - reads standard input.")
    String batch;

    @CommandLine.Mixin
    PluginOptions plugins;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        try (Plugins loaded = plugins.load()) {
            return allocate(new StandAloneAllocation(loaded.registry()));
        }
    }

    private int allocate(StandAloneAllocation study) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (batch != null) {
            if (topology != null || busy != null || busyFile != null || size != null) {
                throw new InputException("--batch takes the instances from its lines: drop --topology, --busy,"
                        + " --busy-file and --size");
            }
            return batch(study, out);
        }
        if (!format.equals("json") && !format.equals("text")) {
            throw new InputException("--format must be json or text, got '" + format + "'");
        }
        if (topology == null || size == null) {
            throw new InputException("allocate needs --topology and --size (or --batch FILE)");
        }
        if (busy != null && busyFile != null) {
            throw new InputException("give the busy nodes with --busy or --busy-file, not both");
        }
        int[] taken = busyFile != null ? readBusyFile(busyFile) : busy == null ? new int[0] : busy;
        if (repeat < 1) {
            throw new InputException("--repeat must be at least 1, got " + repeat);
        }
        AllocationResult r;
        long[] nanos = new long[repeat];
        try {
            r = study.allocate(new AllocationInstance(topology, taken, size, allocator, curve, seed), repeat, nanos);
        } catch (IllegalArgumentException | AllocationRefusedException e) {
            throw new InputException(e.getMessage());
        }
        out.print(format.equals("json") ? r.json().renderCompact() + System.lineSeparator() : r.text());
        out.flush();
        if (repeat > 1) {
            java.util.Arrays.sort(nanos);
            PrintWriter err = spec.commandLine().getErr();
            err.printf(java.util.Locale.ROOT, "%d calls: median %.3f ms, min %.3f ms%n", repeat,
                    nanos[repeat / 2] / 1e6, nanos[0] / 1e6);
            err.flush();
        }
        return 0;
    }

    private int batch(StandAloneAllocation study, PrintWriter out) throws IOException {
        int failed = 0;
        try (BufferedReader in = batch.equals("-")
                ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
                : open(Path.of(batch))) {
            String line;
            long number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    out.println(study.allocate(instance(line)).json().renderCompact());
                } catch (IllegalArgumentException | ConfigException | AllocationRefusedException e) {
                    failed++;
                    out.println(new JsonWriter().put("line", number).put("error", message(e)).renderCompact());
                }
            }
        } catch (IOException e) {
            // A read that fails after the open (an I/O error) names the file as an open that fails does.
            if (batch.equals("-")) {
                throw e;
            }
            throw FileErrors.reading(Path.of(batch), "batch", e);
        }
        out.flush();
        if (failed > 0) {
            spec.commandLine().getErr().println("hpcsim: " + failed + " instance" + (failed == 1 ? "" : "s")
                    + " failed; see the error lines");
            spec.commandLine().getErr().flush();
            return Main.EXIT_INPUT;
        }
        return 0;
    }

    private static BufferedReader open(Path file) throws IOException {
        try {
            return Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FileErrors.reading(file, "batch", e);
        }
    }

    private AllocationInstance instance(String line) {
        Config c = ConfigFactory.parseString(line, ConfigParseOptions.defaults().setSyntax(ConfigSyntax.JSON));
        for (String key : c.root().keySet()) {
            if (!BATCH_KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' (expected " + String.join(", ",
                        new java.util.TreeSet<>(BATCH_KEYS)) + ")");
            }
        }
        int[] taken = c.hasPath("busy") ? c.getIntList("busy").stream().mapToInt(Integer::intValue).toArray() : new int[0];
        return new AllocationInstance(c.getString("topology"), taken, c.getInt("size"),
                c.hasPath("allocator") ? c.getString("allocator") : allocator,
                c.hasPath("curve") ? c.getString("curve") : curve,
                c.hasPath("seed") ? c.getLong("seed") : seed);
    }

    private static String message(RuntimeException e) {
        if (e instanceof ConfigException.Missing m) {
            return "missing key: " + m.getMessage().replaceFirst("^.*No configuration setting found for key ", "");
        }
        if (e instanceof ConfigException ce) {
            return ce.getMessage().replaceFirst("^String: 1: ", "");
        }
        return e.getMessage();
    }

    static int[] readBusyFile(Path file) throws IOException {
        java.util.List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FileErrors.reading(file, "busy-file", e);
        }
        int[] ids = new int[16];
        int count = 0;
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i);
            int hash = s.indexOf('#');
            if (hash >= 0) {
                s = s.substring(0, hash);
            }
            for (String token : s.split("[,\\s]+")) {
                if (token.isEmpty()) {
                    continue;
                }
                try {
                    if (count == ids.length) {
                        ids = java.util.Arrays.copyOf(ids, count * 2);
                    }
                    ids[count++] = Integer.parseInt(token);
                } catch (NumberFormatException e) {
                    throw new InputException(file.toString(), i + 1, "busy node", "expected a node id, got '" + token + "'");
                }
            }
        }
        return java.util.Arrays.copyOf(ids, count);
    }
}
