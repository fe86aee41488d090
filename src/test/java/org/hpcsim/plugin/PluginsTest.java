package org.hpcsim.plugin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.registry.Registry;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.testing.PluginJars;
import org.hpcsim.topology.Machines;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.ScanProgress;
import org.hpcsim.workload.Trace;
import org.hpcsim.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The loader and the registry it gives, without the command line. */
class PluginsTest {
    private static final String PROVIDER = "org.example.policies.ExamplePolicies";

    @TempDir
    Path dir;

    private Plugins load(String name, Map<String, String> sources, String services) {
        return Plugins.load(List.of(PluginJars.jar(dir, name, sources, services)));
    }

    private static Job job(int index, long arrival, int procs) {
        return new Job(index, index + 1, index + 1, arrival, arrival, 10_000_000, 10_000_000, procs, procs, null, null,
                null);
    }

    @Test
    void withoutJarsARunUsesTheBuiltInRegistryItself() {
        assertSame(StandardPolicies.registry(), Plugins.load(List.of()).registry());
        assertEquals(List.of(), Plugins.none().providers());
    }

    @Test
    void theExamplePluginsEntriesJoinACopyOfTheBuiltInRegistryWithTheirOrigin() {
        Path jar = PluginJars.example(dir);
        try (Plugins plugins = Plugins.load(List.of(jar, dir.resolve(".").resolve(jar.getFileName())))) {
            Registry r = plugins.registry();
            Registry.Origin origin = new Registry.Origin(jar, PROVIDER);
            assertEquals(List.of(origin), plugins.providers(), "a jar named twice is loaded once");
            assertEquals(origin, r.allocators().find("reverse").origin());
            assertEquals(origin, r.schedulers().find("greedy").origin());
            assertEquals("plugin example-plugin.jar (" + PROVIDER + ")", origin.toString());
            assertTrue(r.allocators().find("mm").origin().builtIn());
            assertEquals("reverse[curve]", r.allocators().find("reverse").signature());
            assertEquals(List.of(new Registry.Param("curve", "row-major", "node ordering curve (see curves)")),
                    r.allocators().find("reverse").params());
            assertNotSame(StandardPolicies.registry(), r);
            assertNull(StandardPolicies.registry().allocators().find("reverse"), "the built-in registry is untouched");
        }
    }

    @Test
    void theExampleAllocatorProposesTheHighestFreeNodeIds() {
        try (Plugins plugins = Plugins.load(List.of(PluginJars.example(dir)))) {
            MachineState machine = new MachineState(Machines.parse("mesh:4x4"));
            machine.occupy(new int[] {13, 15});
            Allocator a = plugins.registry().allocator("reverse", machine, 1);
            assertArrayEquals(new int[] {11, 12, 14}, a.allocate(null, 3));
            assertNull(a.allocate(null, 15), "more than the free nodes");
            // On the snake curve the last row runs right to left: node 12 is the curve's last node.
            MachineState empty = new MachineState(Machines.parse("mesh:4x4"));
            assertArrayEquals(new int[] {15}, plugins.registry().allocator("reverse", empty, 1).allocate(null, 1));
            assertArrayEquals(new int[] {12}, plugins.registry().allocator("reverse[snake]", empty, 1).allocate(null, 1));
        }
    }

    @Test
    void aPluginQueueOrderSortsABuiltInSchedulersQueueWithTheArrivalTieBreak() {
        try (Plugins plugins = load("order.jar", PluginJars.provider("Widest", "",
                "p.queueOrder(\"widest\", \"most processors first\", java.util.Comparator.comparingInt("
                        + "org.hpcsim.workload.Job::procs).reversed());"), "plugin.Widest\n")) {
            SchedulingPolicy easy = plugins.registry().scheduler("easy[widest]");
            Job a = job(0, 0, 2);
            Job b = job(1, 5, 8);
            Job c = job(2, 3, 2);
            easy.enqueue(a);
            easy.enqueue(b);
            easy.enqueue(c);
            assertEquals(List.of(b, a, c), easy.queued(), "equal widths both kept, in arrival order");
        }
    }

    @Test
    void aPluginCurveServesTheBuiltInAllocatorsAndAPluginFailureModelIsFound() {
        try (Plugins plugins = load("misc.jar", PluginJars.provider("Misc", "", """
                p.curve("backwards", "node ids from the highest", List.of(), a -> t -> {
                    int[] order = new int[t.size()];
                    for (int i = 0; i < order.length; i++) { order[i] = order.length - 1 - i; }
                    return order;
                });
                p.failureModel("never", "nothing ever fails", List.of(), a -> new org.hpcsim.failure.NoFailures(true));
                """), "plugin.Misc\n")) {
            MachineState machine = new MachineState(Machines.parse("simple:6"));
            assertArrayEquals(new int[] {4, 5}, plugins.registry().allocator("sorted-free-list[backwards]", machine, 1)
                    .allocate(null, 2));
            assertTrue(plugins.registry().failureModel("never").allowsScriptedFailures());
        }
    }

    @Test
    void aPluginTraceFormatOpensByNameAndUnderAutoByItsExtension() throws IOException {
        try (Plugins plugins = load("pairs.jar", PluginJars.pairsFormat(), "plugin.Pairs\n")) {
            Registry r = plugins.registry();
            Path pairs = Files.writeString(dir.resolve("jobs.PAIRS"), "2 10\n1 5\n4 1\n");
            Path txt = Files.writeString(dir.resolve("jobs.txt"), "2 10\n");
            assertEquals(3, Trace.scan(pairs, r.traceOpener("auto", pairs), WorkloadOptions.DEFAULTS,
                    new ScanProgress()).jobs());
            assertEquals(1, Trace.scan(txt, r.traceOpener("pairs", txt), WorkloadOptions.DEFAULTS,
                    new ScanProgress()).jobs());
            assertTrue(r.knowsTraceFormat("pairs") && r.knowsTraceFormat("auto") && !r.knowsTraceFormat("csv"));
            assertTrue(r.traceFormatKeys().endsWith("four-column, batsim, pairs"), r.traceFormatKeys());
            // A built-in format is still recognised as before.
            Path swf = Files.writeString(dir.resolve("t.sim"), "0 4 10 -1\n");
            assertEquals(1, Trace.scan(swf, r.traceOpener("auto", swf), WorkloadOptions.DEFAULTS,
                    new ScanProgress()).jobs());
        }
    }

    @Test
    void aTraceFormatExtensionThatBuiltInFilesMayEndWithIsRefused() {
        List<String> extensions = List.of(".4col", ".SIM", ".gz", ".swf.gz", ".x.sim", "pairs", "");
        for (int i = 0; i < extensions.size(); i++) {
            String ext = extensions.get(i);
            Map<String, String> sources = PluginJars.provider("Ext", "", "p.traceReader(\"mine\", \"mine\", \""
                    + ext + "\", (f, o) -> null);");
            String jar = "ext" + i + ".jar";
            InputException e = assertThrows(InputException.class, () -> load(jar, sources, "plugin.Ext\n"), ext);
            assertTrue(e.getMessage().contains("(plugin.Ext): trace format 'mine': extension"), e.getMessage());
        }
    }

    @Test
    void anAllocatorProposingNodesThatAreNotDistinctFreeAndAscendingFailsNamingThePlugin() {
        try (Plugins plugins = load("sloppy.jar", PluginJars.provider("Sloppy", "",
                "p.allocator(\"sloppy\", \"whatever the argument says\", List.of(new Registry.Param(\"nodes\", \"0-0\","
                        + " \"proposal\")), (a, c) -> (j, n) -> java.util.Arrays.stream(a.get(0).split(\"-\"))"
                        + ".mapToInt(Integer::parseInt).toArray());"), "plugin.Sloppy\n")) {
            MachineState machine = new MachineState(Machines.parse("simple:4"));
            machine.occupy(new int[] {3});
            assertArrayEquals(new int[] {1, 2}, plugins.registry().allocator("sloppy[1-2]", machine, 1).allocate(null, 2));
            for (String bad : List.of("2-2", "2-1", "2-3", "1-9", "1")) {
                Allocator a = plugins.registry().allocator("sloppy[" + bad + "]", machine, 1);
                PluginFailure f = assertThrows(PluginFailure.class, () -> a.allocate(null, 2), bad);
                assertTrue(f.getMessage().startsWith("allocator 'sloppy[" + bad + "]' of plugin sloppy.jar"
                        + " (plugin.Sloppy) proposed"), f.getMessage());
            }
        }
    }

    @Test
    void whatAPluginPolicyThrowsDuringARunNamesThePluginButBadInputPassesAsItIs() {
        try (Plugins plugins = load("moody.jar", PluginJars.provider("Moody", "", """
                p.scheduler("moody", "throws on enqueue", List.of(), (a, l) -> new org.hpcsim.scheduling.SchedulingPolicy() {
                    public void enqueue(org.hpcsim.workload.Job j) {
                        if (j.procs() > 1) { throw new IllegalStateException("too wide"); }
                        throw new org.hpcsim.workload.InputException("jobs.txt", 3, "procs", "odd");
                    }
                    public void schedule(org.hpcsim.scheduling.SchedulingContext c) { }
                    public int queueLength() { return 0; }
                    public java.util.List<org.hpcsim.workload.Job> queued() { return List.of(); }
                });
                """), "plugin.Moody\n")) {
            SchedulingPolicy moody = plugins.registry().scheduler("moody");
            PluginFailure f = assertThrows(PluginFailure.class, () -> moody.enqueue(job(0, 0, 2)));
            assertEquals("scheduler 'moody' of plugin moody.jar (plugin.Moody) threw java.lang.IllegalStateException:"
                    + " too wide", f.getMessage());
            assertEquals("jobs.txt:3: procs: odd", assertThrows(InputException.class, () -> moody.enqueue(job(1, 0, 1)))
                    .getMessage());
        }
    }

    @Test
    void aFactoryThatReturnsNothingIsABadPolicyNamingThePlugin() {
        try (Plugins plugins = load("null.jar", PluginJars.provider("Null", "",
                "p.scheduler(\"nothing\", \"returns null\", List.of(), (a, l) -> null);"), "plugin.Null\n")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plugins.registry().scheduler("nothing"));
            assertEquals("scheduler 'nothing' of plugin null.jar (plugin.Null): its factory returned null", e.getMessage());
        }
    }

    @Test
    void aProviderMissingFromItsJarIsAnErrorNamingTheJar() {
        Path jar = PluginJars.jar(dir, "typo.jar", PluginJars.provider("Real", "", ""), "plugin.Typo\n");
        InputException e = assertThrows(InputException.class, () -> Plugins.load(List.of(jar)));
        assertTrue(e.getMessage().startsWith("plugin " + jar + ": ") && e.getMessage().contains("plugin.Typo"),
                e.getMessage());
    }

    @Test
    void eachLoadHasItsOwnRegistry() {
        Path jar = PluginJars.example(dir);
        try (Plugins first = Plugins.load(List.of(jar)); Plugins second = Plugins.load(List.of(jar))) {
            assertNotSame(first.registry(), second.registry());
            assertNotSame(first.registry().allocators().find("reverse").factory(),
                    second.registry().allocators().find("reverse").factory());
        }
    }
}
