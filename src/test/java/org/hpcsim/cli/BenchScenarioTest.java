package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hpcsim.bench.BenchScenario;
import org.hpcsim.config.Scenario;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.topology.Machines;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.SyntheticWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The table of {@code bench run --scenario}: what it lists, the runs it describes and the traces it finds or makes. */
class BenchScenarioTest {
    @TempDir
    Path dir;

    @CommandLine.Command
    static final class Holder {
        @CommandLine.Mixin
        RunOptions options;
    }

    @Test
    void everyScenarioIsAValidRunWhoseSyntheticTraceFitsItsMachine() throws IOException {
        Path trace = Files.writeString(dir.resolve("t.swf"), SyntheticWorkload.generate(5, 8, 0.5, 1));
        assertEquals(List.of("ricc", "ricc-nodes", "blue", "torus32k", "huge", "room10k", "flood-easy",
                "flood-conservative"), BenchScenario.ALL.stream().map(BenchScenario::name).toList());
        for (BenchScenario s : BenchScenario.ALL) {
            Holder h = new Holder();
            new CommandLine(h).parseArgs(s.runArguments(trace).toArray(String[]::new));
            Scenario run = ScenarioLoader.load(h.options, StandardPolicies.registry(), Map.of());
            int nodes = Machines.parse(run.machine()).size();
            if (s.synthetic() != null) {
                assertEquals(nodes * run.workload().coresPerNode(), s.synthetic().procs(), s.name());
                assertTrue(s.generateCommand().startsWith("hpcsim generate --jobs " + s.synthetic().jobs()), s.name());
            } else {
                assertEquals(null, s.generateCommand());
            }
        }
        assertTrue(BenchScenario.named("flood-easy").synthetic().allAtZero());
        assertEquals("conservative", scheduler(BenchScenario.named("flood-conservative"), trace));
    }

    private static String scheduler(BenchScenario s, Path trace) {
        Holder h = new Holder();
        new CommandLine(h).parseArgs(s.runArguments(trace).toArray(String[]::new));
        return h.options.scheduler;
    }

    @Test
    void aScalingSizeIsTheSyntheticModelOnSimpleNWithJobsGrowingWithTheNodes() throws IOException {
        BenchScenario small = BenchScenario.scaling(500, 4, 1024);
        assertEquals(new SyntheticWorkload.Spec(2000, 500, 500, 0.9, 21, false), small.synthetic(),
                "the largest job is at most the machine");
        Path trace = Files.writeString(dir.resolve("t.swf"), SyntheticWorkload.generate(5, 8, 0.5, 1));
        Holder h = new Holder();
        new CommandLine(h).parseArgs(small.runArguments(trace).toArray(String[]::new));
        assertEquals("simple:500", h.options.machine);
        assertEquals(null, h.options.scheduler, "the scheduler and allocator are the caller's");
        // Its largest size reuses the huge scenario's cached trace.
        assertEquals(BenchScenario.named("huge").synthetic(), BenchScenario.scaling(100_000, 10, 1024).synthetic());
        InputException tooMany = assertThrows(InputException.class, () -> BenchScenario.scaling(100_000, 30_000, 1024));
        assertTrue(tooMany.getMessage().contains("--jobs-per-node"), tooMany.getMessage());
    }

    @Test
    void aSyntheticTraceIsGeneratedOnceIntoTheCacheAndThenReused() throws IOException {
        BenchScenario flood = BenchScenario.named("flood-easy");
        Path cache = dir.resolve("cache");
        List<Path> generated = new ArrayList<>();
        Path trace = flood.trace(dir.resolve("no-shared"), cache, generated::add);
        assertEquals(List.of(trace), generated);
        assertTrue(trace.startsWith(cache.toAbsolutePath()) && trace.getFileName().toString().endsWith("-zero.swf"), trace.toString());
        StringBuilder expected = new StringBuilder();
        SyntheticWorkload.write(flood.synthetic(), expected);
        assertEquals(expected.toString(), Files.readString(trace));
        Files.setLastModifiedTime(trace, FileTime.fromMillis(0));
        assertEquals(trace, flood.trace(dir.resolve("no-shared"), cache, generated::add));
        assertEquals(1, generated.size(), "not generated again");
        assertEquals(0, Files.getLastModifiedTime(trace).toMillis());
    }

    @Test
    void aSharedTraceIsTakenFromTheTracesDirectoryOrNamedWhenMissing() throws IOException {
        BenchScenario blue = BenchScenario.named("blue");
        InputException missing = assertThrows(InputException.class, () -> blue.trace(dir, dir, p -> { }));
        assertTrue(missing.getMessage().contains("SDSC-BLUE-2000-4.2-cln.swf.gz")
                && missing.getMessage().contains("--traces"), missing.getMessage());
        Path file = Files.writeString(dir.resolve("SDSC-BLUE-2000-4.2-cln.swf.gz"), "");
        assertEquals(file.toAbsolutePath(), blue.trace(dir, dir, p -> { }));
    }

    @Test
    void listingNamesEveryScenarioWithItsDescriptionAndAnUnknownNameIsBadInput() {
        Cli.Result list = Cli.run("bench", "scenarios");
        assertEquals(0, list.status(), list.err());
        List<String> lines = list.out().lines().toList();
        assertEquals(BenchScenario.ALL.size(), lines.size(), list.out());
        for (int i = 0; i < lines.size(); i++) {
            BenchScenario s = BenchScenario.ALL.get(i);
            assertTrue(lines.get(i).startsWith(s.name() + " ") && lines.get(i).endsWith(s.description()), lines.get(i));
        }
        Cli.Result unknown = Cli.run("bench", "run", "--scenario", "ricci");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("no scenario 'ricci'; there are: ricc, ricc-nodes, blue,")
                && unknown.err().contains("(hpcsim bench scenarios describes them)"), unknown.err());
    }

    @Test
    void aScenarioWithoutItsSharedTraceOrWithItsOwnSettingsGivenIsBadInput() {
        Cli.Result missing = Cli.run("bench", "run", "--scenario", "ricc", "--traces", dir.toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains(dir.resolve("RICC-2010-2.swf.gz") + ": --traces: scenario ricc needs the shared"
                + " trace RICC-2010-2.swf.gz"), missing.err());
        Cli.Result clash = Cli.run("bench", "run", "--scenario", "flood-easy", "--allocator", "mbs", "--trace-cache",
                dir.toString());
        assertEquals(2, clash.status());
        assertTrue(clash.err().contains("drop --allocator"), clash.err());
        assertFalse(Files.exists(dir.resolve("RICC-2010-2.swf.gz")));
        Cli.Result cacheAlone = Cli.run("bench", "run", "--trace-cache", dir.toString());
        assertEquals(2, cacheAlone.status());
        assertTrue(cacheAlone.err().contains("--trace-cache is an option of --scenario"), cacheAlone.err());
        Cli.Result threadsClash = Cli.run("bench", "threads", "1,2", "--scenario", "blue", "--machine", "mesh:4x4");
        assertEquals(2, threadsClash.status());
        assertTrue(threadsClash.err().contains("drop --machine"), threadsClash.err());
    }
}
