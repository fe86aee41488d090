package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.registry.Registry;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.sim.Simulation;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bug in a model (here an allocator that throws) ends a real run as an internal error: exit status 1, nothing committed. */
class InternalErrorTest {
    @TempDir
    Path dir;

    /** Places jobs like sorted-free-list, and throws on its {@code n}-th call. */
    private static Registry registryWithFailingAllocator(AtomicLong thrownAt) {
        return registryWithFailingAllocator(thrownAt, n -> new IllegalStateException("allocator bug on call " + n));
    }

    /** As {@link #registryWithFailingAllocator(AtomicLong)}, throwing what {@code failure} makes of the call number. */
    private static Registry registryWithFailingAllocator(AtomicLong thrownAt,
                                                         java.util.function.IntFunction<? extends Throwable> failure) {
        Registry registry = StandardPolicies.create();
        registry.allocators().register("fails-on-call", "test: throws on its n-th call",
                List.of(new Registry.Param("n", "10", "the failing call")),
                (args, machine, r, seed, room, io) -> new Allocator() {
                    private final Allocator delegate = r.allocator("sorted-free-list", machine, seed);
                    private int calls;

                    @Override
                    public int[] allocate(org.hpcsim.workload.Job job, int nodes) {
                        if (++calls == Integer.parseInt(args.get(0))) {
                            thrownAt.set(System.nanoTime());
                            throw sneaky(failure.apply(calls));
                        }
                        return delegate.allocate(job, nodes);
                    }
                });
        return registry;
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    void aRunOutOfMemoryEndsWithOneLineOfAdviceAndExitStatusTwoAndCommitsNothing() {
        Registry registry = registryWithFailingAllocator(new AtomicLong(), n -> new OutOfMemoryError("Java heap space"));
        Path out = dir.resolve("oom");
        Scenario scenario = Scenario.from(ConfigLoader.load(null, Map.of(
                "trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString(),
                "machine", "mesh:16x8", "allocator.policy", "fails-on-call[50]", "output.dir", out.toString())), registry);
        Throwable f = assertThrows(Throwable.class, () -> Simulation.prepare(scenario, registry).run(TestRuntime.get()));
        StringWriter err = new StringWriter();
        assertEquals(2, Main.report(f, "", new PrintWriter(err)));
        List<String> lines = err.toString().lines().toList();
        assertEquals(1, lines.size(), err.toString());
        assertTrue(lines.get(0).startsWith("hpcsim: error: out of memory: the run needs more than the "), lines.get(0));
        assertTrue(lines.get(0).contains("HPCSIM_JAVA_OPTS=-Xmx"), lines.get(0));
        assertFalse(out.toFile().exists(), "no output directory left behind");
    }

    @Test
    void aMachineTooLargeForTheHeapIsRefusedAtOnceOnOneLine() {
        Cli.Result r = Cli.run("run", "-q", "-m", "simple:268435456", "-o", dir.resolve("huge").toString());
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("hpcsim: error: --machine: machine: simple:268435456 has 268,435,456 nodes,"
                + " which need at least 75.0 GiB of memory"), r.err());
        assertTrue(r.err().contains("HPCSIM_JAVA_OPTS=-Xmx"), r.err());
    }

    @Test
    void aComponentThatThrowsEndsTheRunWithExitStatusOneAndAMessageNamingItAndCommitsNothing() {
        AtomicLong thrownAt = new AtomicLong();
        Registry registry = registryWithFailingAllocator(thrownAt);
        Path out = dir.resolve("run");
        Scenario scenario = Scenario.from(ConfigLoader.load(null, Map.of(
                "trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString(),
                "machine", "mesh:16x8", "allocator.policy", "fails-on-call[50]", "output.dir", out.toString(),
                "kernel.threads", "4")), registry);
        ComponentFailure f = assertThrows(ComponentFailure.class,
                () -> Simulation.prepare(scenario, registry).run(TestRuntime.get()));
        long ended = System.nanoTime();
        StringWriter err = new StringWriter();
        assertEquals(1, Main.report(f, "", new PrintWriter(err)));
        String first = err.toString().lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("hpcsim: internal error: org.hpcsim.kernel.ComponentFailure: component scheduler-128"
                + " failed at t="), first);
        assertTrue(first.endsWith("in its end-of-instant call: java.lang.IllegalStateException: allocator bug on call 50"),
                first);
        assertFalse(out.toFile().exists(), "no output directory left behind: " + java.util.Arrays.toString(
                out.toFile().list()));
        System.out.printf("the failing allocator ended the run %.1f ms after it threw%n",
                (ended - thrownAt.get()) / 1e6);
    }
}
