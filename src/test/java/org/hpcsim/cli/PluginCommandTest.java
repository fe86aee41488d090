package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hpcsim.testing.PluginJars;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --plugin} and the key {@code plugins}: the example plugin end to end, and every way a plugin can be wrong. */
class PluginCommandTest {
    private static final String PROVIDER = "org.example.policies.ExamplePolicies";

    @TempDir
    Path dir;

    private Path example;
    private Path trace;

    @BeforeEach
    void build() throws IOException {
        example = PluginJars.example(dir);
        // Three 2-node jobs at time 0 and a 1-node job at 1 s, on simple:8.
        trace = dir.resolve("t.sim");
        Files.writeString(trace, "0 2 100 -1\n0 2 100 -1\n0 2 100 -1\n1 1 10 -1\n");
    }

    /** {@code nodes@start} of each row of jobs.csv, by job id (a .sim trace's ids count from 0). */
    private static Map<String, String> nodes(Path out) throws IOException {
        List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
        List<String> header = List.of(lines.get(0).split(","));
        Map<String, String> byId = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            byId.put(f[header.indexOf("id")], f[header.indexOf("nodes")] + "@" + f[header.indexOf("start")]);
        }
        return byId;
    }

    private Cli.Result run(Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "-q", "--trace", trace.toString(), "--machine",
                "simple:8", "--out", out.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void listShowsThePluginsAllocatorAndSchedulerWithWhereTheyComeFrom() {
        Cli.Result r = Cli.run("list", "--plugin", example.toString());
        assertEquals(0, r.status(), r.err());
        String out = r.out();
        assertTrue(out.contains("example-plugin.jar         " + PROVIDER + " (" + example + ")"), out);
        String allocators = out.substring(out.indexOf("Allocators ("), out.indexOf("Queue orders ("));
        assertTrue(allocators.contains("  reverse[curve]             the last free nodes along the curve"), allocators);
        assertTrue(allocators.contains("curve = row-major: node ordering curve (see curves)\n"
                + "                             from: plugin example-plugin.jar (" + PROVIDER + ")"), allocators);
        String schedulers = out.substring(out.indexOf("Schedulers ("), out.indexOf("Allocators ("));
        assertTrue(schedulers.contains("greedy[order]"), schedulers);
        assertEquals(2, out.split("from: plugin example-plugin.jar", -1).length - 1, "only its two entries: " + out);
        // Without --plugin the listing is the built-in one, unchanged.
        Cli.Result plain = Cli.run("list");
        assertFalse(plain.out().contains("reverse") || plain.out().contains("from:") || plain.out().contains("Plugins"),
                plain.out());
        assertEquals(out.substring(out.indexOf("Schedulers (")).replaceAll("(?m)^  (greedy|reverse).*\\n(^ {29}.*\\n)*", ""),
                plain.out());
    }

    @Test
    void aRunWithTheReverseAllocatorPlacesEachJobOnTheHighestFreeNodeIds() throws IOException {
        Path out = dir.resolve("reverse");
        Cli.Result r = run(out, "--plugin", example.toString(), "--scheduler", "fcfs", "--allocator", "reverse");
        assertEquals(0, r.status(), r.err());
        assertEquals(Map.of("0", "6;7@0", "1", "4;5@0", "2", "2;3@0", "3", "1@1"), nodes(out));
        assertTrue(Files.readString(out.resolve("config-used.conf")).contains(example.toString()),
                "config-used.conf names the plugin, so that it runs again as it is");
    }

    @Test
    void theGreedySchedulerStartsAJobPastOneThatDoesNotFit() throws IOException {
        Files.writeString(trace, "0 6 100 -1\n0 4 100 -1\n0 2 100 -1\n");
        Path out = dir.resolve("greedy");
        Cli.Result r = run(out, "--plugin", example.toString(), "--scheduler", "greedy", "--allocator", "reverse");
        assertEquals(0, r.status(), r.err());
        // fcfs would hold the 2-node job behind the 4-node one until 100 s.
        assertEquals(Map.of("0", "2;3;4;5;6;7@0", "1", "4;5;6;7@100", "2", "0;1@0"), nodes(out));
    }

    @Test
    void aPluginRunGivesByteIdenticalOutputsAtOneAndTwoThreads() throws IOException {
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        for (Path out : List.of(one, two)) {
            Cli.Result r = Cli.run("run", "-q", "--plugin", example.toString(), "--scheduler", "greedy[largefirst]",
                    "--allocator", "reverse[hilbert]", "--threads", out == one ? "1" : "2", "--out", out.toString());
            assertEquals(0, r.status(), r.err());
        }
        for (String file : List.of("jobs.csv", "timeseries.csv")) {
            assertArrayEquals(Files.readAllBytes(one.resolve(file)), Files.readAllBytes(two.resolve(file)), file);
        }
        assertEquals(2001, Files.readAllLines(one.resolve("jobs.csv")).size());
    }

    @Test
    void theKeyPluginsOfAConfigFileIsRelativeToTheFile() throws IOException {
        Path conf = Files.createDirectories(dir.resolve("conf")).resolve("run.conf");
        Files.writeString(conf, "trace = ../t.sim\nmachine = \"simple:8\"\nplugins = [\"../" + example.getFileName()
                + "\"]\nscheduler.policy = fcfs\nallocator.policy = reverse\n");
        Path out = dir.resolve("conf-run");
        Cli.Result r = Cli.run("run", "-q", "-c", conf.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("6;7@0", nodes(out).get("0"));
    }

    @Test
    void aSweepRunsThePluginsPoliciesAndRefusesPluginsAsAnAxis() throws IOException {
        Path sweep = dir.resolve("sweep.conf");
        Files.writeString(sweep, "trace = t.sim\nmachine = \"simple:8\"\nscheduler.policy = fcfs\n"
                + "sweep.axes.allocators = [reverse, sorted-free-list]\n");
        Path out = dir.resolve("sweep");
        Cli.Result r = Cli.run("sweep", "-q", "-c", sweep.toString(), "--plugin", example.toString(), "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("6;7@0", nodes(out.resolve("runs").resolve("allocator.policy=reverse")).get("0"));
        assertEquals("0;1@0", nodes(out.resolve("runs").resolve("allocator.policy=sorted-free-list")).get("0"));

        Files.writeString(sweep, "trace = t.sim\nsweep.axes.plugins = [[a.jar], [b.jar]]\n");
        Cli.Result axis = Cli.run("sweep", "-q", "-c", sweep.toString(), "-o", dir.resolve("sweep2").toString());
        assertEquals(2, axis.status(), axis.err());
        assertTrue(axis.err().contains("sweep.axes.plugins: cannot be an axis"), axis.err());
    }

    @Test
    void aPluginTraceFormatIsReadByItsNameAndUnderAutoByItsExtension() throws IOException {
        Path jar = PluginJars.jar(dir, "pairs.jar", PluginJars.pairsFormat(), "plugin.Pairs\n");
        Path pairs = dir.resolve("jobs.pairs");
        Files.writeString(pairs, "2 10\n\n1 5\n");
        Path out = dir.resolve("pairs-run");
        Cli.Result r = Cli.run("run", "--plugin", jar.toString(), "--trace", pairs.toString(), "--machine", "simple:4",
                "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("hpcsim: 2 jobs (2 completed,"), r.out());
        Path txt = Files.copy(pairs, dir.resolve("jobs.txt"));
        Cli.Result named = Cli.run("run", "-q", "--plugin", jar.toString(), "--trace", txt.toString(), "--trace-format",
                "pairs", "--machine", "simple:4", "--out", dir.resolve("named-run").toString());
        assertEquals(0, named.status(), named.err());
        Cli.Result unknown = Cli.run("run", "-q", "--trace", txt.toString(), "--trace-format", "pairs", "--machine",
                "simple:4", "--out", dir.resolve("no-run").toString());
        assertEquals(2, unknown.status(), unknown.err());
        assertTrue(unknown.err().contains("trace-format: unknown format 'pairs' (known: auto, swf, sim, four-column"),
                unknown.err());
        Cli.Result listed = Cli.run("list", "--plugin", jar.toString());
        assertTrue(listed.out().contains("  pairs                      procs runtime, one job a line, all submitted at 0"
                + " (auto: names ending .pairs)\n                             from: plugin pairs.jar (plugin.Pairs)"),
                listed.out());
    }

    @Test
    void allocateTakesAPluginAllocator() {
        Cli.Result r = Cli.run("allocate", "--plugin", example.toString(), "--topology", "mesh:4x4", "--busy", "15,13",
                "--size", "3", "--allocator", "reverse");
        assertEquals(0, r.status(), r.err());
        // The highest free ids, and its curve parameter's default is the curve spans are measured along.
        assertTrue(r.out().startsWith("{\"allocator\":\"reverse[row-major]\",\"nodes\":[11,12,14],"), r.out());
    }

    // --- errors: one line naming the plugin, exit status 2, nothing written ---

    private void assertPluginError(List<String> mustName, Cli.Result r, Path out) {
        assertEquals(2, r.status(), r.err() + r.out());
        assertTrue(r.err().startsWith("hpcsim: error: "), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        for (String s : mustName) {
            assertTrue(r.err().contains(s), "should name " + s + ": " + r.err());
        }
        assertFalse(Files.exists(out), "no output left behind");
    }

    /** A run of the trace with a plugin jar built from {@code sources}, and what it said. */
    private void assertRunFails(Map<String, String> sources, String services, List<String> mustName, String... more) {
        Path jar = PluginJars.jar(dir, "bad.jar", sources, services);
        Path out = dir.resolve("bad-run");
        List<String> args = new java.util.ArrayList<>(List.of("--plugin", jar.toString()));
        args.addAll(List.of(more));
        Cli.Result r = run(out, args.toArray(String[]::new));
        List<String> names = new java.util.ArrayList<>(List.of("bad.jar"));
        names.addAll(mustName);
        assertPluginError(names, r, out);
    }

    private static Map<String, String> provider(String constructor, String register) {
        return PluginJars.provider("Bad", constructor, register);
    }

    @Test
    void aPluginJarThatDoesNotExistIsAnError() {
        Path out = dir.resolve("bad-run");
        Path missing = dir.resolve("missing.jar");
        assertPluginError(List.of("plugin " + missing + ": no such file"), run(out, "--plugin", missing.toString()), out);
    }

    @Test
    void aFileThatIsNotAJarIsAnError() {
        Path out = dir.resolve("bad-run");
        assertPluginError(List.of("plugin " + trace + ": not a jar file"), run(out, "--plugin", trace.toString()), out);
        assertPluginError(List.of("plugin " + dir + ": not a jar file"), run(out, "--plugin", dir.toString()), out);
    }

    @Test
    void aJarWithoutAProviderIsAnError() {
        assertRunFails(provider("", ""), null, List.of("no provider: the jar has no META-INF/services/"
                + "org.hpcsim.plugin.PolicyProvider"));
        assertRunFails(provider("", ""), "# nothing listed\n", List.of("no provider"));
    }

    @Test
    void aProviderWhoseConstructorThrowsIsAnErrorNamingIt() {
        assertRunFails(provider("throw new IllegalStateException(\"no licence\");", ""), "plugin.Bad\n",
                List.of("(plugin.Bad): the provider could not be created: java.lang.IllegalStateException: no licence"));
    }

    @Test
    void aProviderThatThrowsWhileRegisteringIsAnErrorNamingIt() {
        assertRunFails(provider("", "throw new UnsupportedOperationException(\"not today\");"), "plugin.Bad\n",
                List.of("(plugin.Bad): register threw java.lang.UnsupportedOperationException: not today"));
    }

    @Test
    void aNameTakenByABuiltInPolicyIsAnError() {
        assertRunFails(provider("", "p.allocator(\"mm\", \"mine\", List.of(), (a, c) -> null);"), "plugin.Bad\n",
                List.of("(plugin.Bad): allocator 'mm' is taken (built-in)"));
    }

    @Test
    void aNameTakenByAnotherPluginIsAnError() {
        Path first = PluginJars.jar(dir, "first.jar", PluginJars.provider("First", "",
                "p.allocator(\"reverse\", \"mine\", List.of(), (a, c) -> null);"), "plugin.First\n");
        Path out = dir.resolve("bad-run");
        Cli.Result r = run(out, "--plugin", first.toString(), "--plugin", example.toString());
        assertPluginError(List.of("plugin " + example + " (" + PROVIDER + "): allocator 'reverse' is taken (plugin"
                + " first.jar (plugin.First))"), r, out);
    }

    @Test
    void aBadParameterDeclarationIsAnError() {
        String[][] cases = {
            {"new Registry.Param(\"\", \"1\", \"x\")", "parameter 1: name '' is not valid"},
            {"new Registry.Param(\"k\", \"1\", \"x\"), new Registry.Param(\"k\", \"2\", \"y\")",
                "parameter 2: name 'k' is given twice"},
            {"new Registry.Param(\"Max Size\", \"1\", \"x\")", "parameter 1: name 'Max Size' is not valid"},
            {"new Registry.Param(\"k\", null, \"x\")", "parameter 1 ('k') has no default value"},
        };
        for (String[] c : cases) {
            assertRunFails(provider("", "p.allocator(\"mine\", \"mine\", List.of(" + c[0] + "), (a, c) -> null);"),
                    "plugin.Bad\n", List.of("(plugin.Bad): allocator 'mine': " + c[1]));
        }
        assertRunFails(provider("", "p.allocator(\"Not A Name\", \"mine\", List.of(), (a, c) -> null);"), "plugin.Bad\n",
                List.of("(plugin.Bad): allocator name 'Not A Name' is not a valid policy name"));
    }

    @Test
    void aFactoryThatThrowsForABadArgumentIsAnErrorNamingPolicyAndPlugin() {
        Path out = dir.resolve("bad-run");
        Cli.Result r = run(out, "--plugin", example.toString(), "--allocator", "reverse[zigzag]");
        assertPluginError(List.of("--allocator: allocator.policy: allocator 'reverse[zigzag]' of plugin"
                + " example-plugin.jar (" + PROVIDER + "): unknown curve 'zigzag'"), r, out);
        assertRunFails(provider("", "p.scheduler(\"picky\", \"mine\", List.of(new Registry.Param(\"n\", \"1\", \"x\")),"
                        + " (a, l) -> { throw new IllegalStateException(\"n must be even, got \" + a.get(0)); });"),
                "plugin.Bad\n", List.of("--scheduler: scheduler.policy: scheduler 'picky[3]' of plugin bad.jar (plugin.Bad):"
                        + " java.lang.IllegalStateException: n must be even, got 3"), "--scheduler", "picky[3]");
    }

    @Test
    void aPluginPolicyThatThrowsDuringTheRunEndsItWithTheKernelsErrorNamingThePlugin() {
        Path jar = PluginJars.jar(dir, "crash.jar", PluginJars.provider("Crash", "",
                "p.allocator(\"crash\", \"fails on the second job\", List.of(), (a, c) -> new org.hpcsim.allocation"
                        + ".Allocator() { int calls; public int[] allocate(org.hpcsim.workload.Job j, int n) {"
                        + " if (++calls == 2) { throw new ArithmeticException(\"overflow\"); } return new int[] {0, 1}; } });"),
                "plugin.Crash\n");
        Path out = dir.resolve("crash-run");
        Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> run(out, "--plugin", jar.toString(), "--allocator", "crash", "--threads", "2"));
        assertEquals(1, r.status(), r.err());
        assertTrue(r.err().startsWith("hpcsim: internal error: "), r.err());
        String first = r.err().lines().findFirst().orElseThrow();
        assertTrue(first.contains("failed at t=0s") && first.contains("allocator 'crash' of plugin crash.jar"
                + " (plugin.Crash) threw java.lang.ArithmeticException: overflow"), first);
        assertFalse(Files.exists(out.resolve("jobs.csv")), "no outputs of a failed run");
    }

    @Test
    void everyCommandThatNamesPoliciesTakesPlugin() {
        for (List<String> command : List.of(List.of("run"), List.of("sweep"), List.of("list"), List.of("bench", "run"),
                List.of("bench", "threads"), List.of("bench", "scaling"), List.of("bench", "soak"),
                List.of("allocate"), List.of("experiment", "situation-decision"), List.of("experiment", "cplant"),
                List.of("experiment", "cooling"), List.of("experiment", "malleable"))) {
            String[] help = Stream.concat(command.stream(), Stream.of("--help")).toArray(String[]::new);
            Cli.Result r = Cli.run(help);
            assertTrue(r.out().contains("--plugin=JAR"), command + ": " + r.out());
        }
    }
}
