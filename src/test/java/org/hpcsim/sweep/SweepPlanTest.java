package org.hpcsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.testing.SharedData;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.SyntheticWorkload;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepPlanTest {
    @TempDir
    Path dir;

    private Path trace;

    @BeforeEach
    void trace() throws IOException {
        trace = dir.resolve("small.swf");
        Files.writeString(trace, SyntheticWorkload.generate(20, 16, 0.7, 5));
    }

    private SweepPlan plan(String sweep, Map<String, String> overrides) throws IOException {
        Path file = dir.resolve("sweep.conf");
        Files.writeString(file, "trace = \"" + trace + "\"\nmachine = \"mesh:4x4\"\noutput.dir = \"" + dir.resolve("out")
                + "\"\n" + sweep);
        return SweepPlan.read(file, overrides, null, StandardPolicies.registry());
    }

    private SweepPlan plan(String sweep) throws IOException {
        return plan(sweep, Map.of());
    }

    private InputException bad(String sweep) {
        return assertThrows(InputException.class, () -> plan(sweep));
    }

    @Test
    void theBundledExampleAndBenchmarkSweepsPlanEightRunsEach() {
        Path root = SharedData.repoRoot();
        SweepPlan example = SweepPlan.read(root.resolve("config/sweep.conf"), Map.of(), dir.resolve("a"),
                StandardPolicies.registry());
        assertEquals(8, example.combinations().size());
        SharedData.file("traces/SDSC-BLUE-2000-4.2-cln.swf.gz");
        SweepPlan bench = SweepPlan.read(root.resolve("config/sweep-bench.conf"), Map.of(), dir.resolve("b"),
                StandardPolicies.registry());
        assertEquals(List.of("allocator.policy", "scheduler.policy"), bench.axes().stream().map(SweepPlan.Axis::key).toList());
        assertEquals(8, bench.combinations().size());
    }

    @Test
    void axesGoInKeyOrderAndTheLastVariesFastest() throws IOException {
        SweepPlan p = plan("sweep { axes { seed = [1, 2, 3], allocator.policy = [mc1x1, \"best-fit[hilbert]\"] } }");
        assertEquals(List.of("allocator.policy", "seed"), p.axes().stream().map(SweepPlan.Axis::key).toList());
        assertEquals(List.of(
                "allocator.policy=mc1x1,seed=1", "allocator.policy=mc1x1,seed=2", "allocator.policy=mc1x1,seed=3",
                "allocator.policy=best-fit[hilbert],seed=1", "allocator.policy=best-fit[hilbert],seed=2",
                "allocator.policy=best-fit[hilbert],seed=3"),
                p.combinations().stream().map(SweepPlan.Combination::label).toList());
        SweepPlan.Combination c = p.combinations().get(4);
        assertEquals(4, c.index());
        assertEquals(List.of("best-fit[hilbert]", "2"), c.values());
        assertEquals("best-fit[hilbert]", c.scenario().allocator());
        assertEquals(2, c.scenario().seed());
        assertEquals(dir.resolve("out").resolve("runs").resolve("allocator.policy=best-fit[hilbert],seed=2"),
                c.scenario().outputDir());
    }

    @Test
    void aliasesNameTheirKeysAndATraceIsLabelledByItsFileName() throws IOException {
        Path other = Files.createDirectories(dir.resolve("b")).resolve("small.swf");
        Files.copy(trace, other);
        SweepPlan p = plan("sweep.axes { allocators = [mm], schedulers = [fcfs], seeds = [7],"
                + " traces = [\"" + trace + "\", \"" + other + "\"] }");
        assertEquals(List.of("allocator.policy", "scheduler.policy", "seed", "trace"),
                p.axes().stream().map(SweepPlan.Axis::key).toList());
        assertEquals(List.of("allocator.policy=mm,scheduler.policy=fcfs,seed=7,trace=small.swf",
                "allocator.policy=mm,scheduler.policy=fcfs,seed=7,trace=small.swf~2"),
                p.combinations().stream().map(SweepPlan.Combination::label).toList());
        assertEquals(other.toString(), p.combinations().get(1).values().get(3), "the value as given");
        assertEquals(other, p.combinations().get(1).scenario().trace());
    }

    @Test
    void labelsKeepOnlyCharactersSafeInFileNames() {
        assertEquals("machine=mesh_4x4,network.pattern=_a_b_", SweepPlan.sanitize("machine=mesh:4x4,network.pattern=/a b\""));
        Set<String> taken = new HashSet<>();
        assertEquals("seed=A", SweepPlan.unique("seed=A", taken));
        assertEquals("seed=a~2", SweepPlan.unique("seed=a", taken), "names differing only in case collide");
        assertEquals("seed=a~3", SweepPlan.unique("seed=a", taken));
        assertEquals(160, SweepPlan.sanitize("x".repeat(300)).length());
    }

    @Test
    void listValuesAndBooleansAreAxesToo() throws IOException {
        SweepPlan p = plan("sweep.axes { network.model = [none, distance], events = [[], [\"at 10s fail node 3\"]] }");
        assertEquals(List.of("[]", "none"), p.combinations().get(0).values());
        assertEquals("events=[_at 10s fail node 3_],network.model=distance".replace(' ', '_'),
                p.combinations().get(3).label());
        assertEquals(1, p.combinations().get(3).scenario().events().size());
    }

    @Test
    void badAxesAreInputErrorsNamingTheKeyFileAndLine() {
        InputException unknown = bad("sweep {\n  axes {\n    allocater.policy = [mm]\n  }\n}");
        assertEquals("allocater.policy", unknown.field());
        assertTrue(unknown.source().endsWith("sweep.conf"), unknown.getMessage());
        assertEquals(6, unknown.line(), unknown.getMessage());
        InputException empty = bad("sweep.axes.seeds = []");
        assertEquals("sweep.axes.seeds", empty.field());
        assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
        InputException twice = bad("sweep.axes { seeds = [1], seed = [2] }");
        assertTrue(twice.getMessage().contains("seed is given twice"), twice.getMessage());
        InputException unknownInSweep = bad("sweep { axes { seed = [1] }, parallel = 2 }");
        assertEquals("sweep.parallel", unknownInSweep.field());
        assertTrue(bad("sweep.axes.seed = 3").getMessage().contains("expected a list"));
        assertTrue(bad("sweep.axes.seed = [1, 2, 1]").getMessage().contains("value 1 is given twice"));
        assertEquals("sweep.axes.output.dir", bad("sweep.axes.output.dir = [a, b]").field());
        assertEquals("sweep.axes", bad("sweep.axes {}").field());
        assertEquals("sweep", bad("seed = 2").field());
        assertEquals("allocator", bad("sweep.axes.allocator = [mm]").field(), "a section is not a key");
    }

    @Test
    void everyCombinationIsCheckedBeforeAnyRuns() {
        InputException e = bad("sweep.axes { allocators = [mm, \"no-such-allocator\"], seeds = [1, 2] }");
        assertEquals("allocator.policy", e.field());
        assertTrue(e.source().endsWith("sweep.conf"), e.getMessage());
        assertEquals(4, e.line(), "the line of the bad value");
    }

    @Test
    void commandLineSettingsApplyToTheBaseButNotToAnAxis() throws IOException {
        SweepPlan p = plan("sweep.axes.seeds = [1, 2]", Map.of("scheduler.policy", "fcfs"));
        assertEquals("fcfs", p.combinations().get(1).scenario().scheduler());
        InputException e = assertThrows(InputException.class,
                () -> plan("sweep.axes.seeds = [1, 2]", Map.of("seed", "3")));
        assertEquals("seed", e.field());
    }

    @Test
    void sweepUsedRepeatsTheSweep() throws IOException {
        SweepPlan p = plan("sweep.axes { allocators = [mm, mc1x1], network.model = [none] }", Map.of("seed", "9"));
        Path used = dir.resolve("used.conf");
        Files.writeString(used, p.render());
        SweepPlan again = SweepPlan.read(used, Map.of(), null, StandardPolicies.registry());
        assertEquals(p.dir(), again.dir());
        assertEquals(p.combinations().stream().map(SweepPlan.Combination::label).toList(),
                again.combinations().stream().map(SweepPlan.Combination::label).toList());
        for (int i = 0; i < p.combinations().size(); i++) {
            assertEquals(ConfigLoader.render(p.combinations().get(i).scenario().config()),
                    ConfigLoader.render(again.combinations().get(i).scenario().config()));
        }
    }
}
