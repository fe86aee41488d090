package org.hpcsim.cli;

import static org.hpcsim.cli.SweepFixture.comparable;
import static org.hpcsim.cli.SweepFixture.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {
    private static final String AXES = "allocators = [\"sorted-free-list\", mc1x1, random], seeds = [1, 2]";
    private static final List<String> LABELS = List.of(
            "allocator.policy=sorted-free-list,seed=1", "allocator.policy=sorted-free-list,seed=2",
            "allocator.policy=mc1x1,seed=1", "allocator.policy=mc1x1,seed=2",
            "allocator.policy=random,seed=1", "allocator.policy=random,seed=2");

    @TempDir
    Path dir;

    private Cli.Result sweep(Path file, Path out, String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "sweep";
        args[1] = "--config";
        args[2] = file.toString();
        args[3] = "-o" + out;
        System.arraycopy(more, 0, args, 4, more.length);
        return Cli.run(args);
    }

    @Test
    void parallelRunsGiveTheSameResultsAsOneAtATimeAndEachRunIsWhatRunAloneGives() throws IOException {
        Path file = SweepFixture.write(dir, 150, AXES);
        Path one = dir.resolve("one");
        Path two = dir.resolve("two");
        Cli.Result serial = sweep(file, one, "--parallel", "1", "-q");
        assertEquals(0, serial.status(), serial.err());
        assertEquals("", serial.err() + serial.out(), "quiet");
        Cli.Result parallel = sweep(file, two, "--parallel", "2");
        assertEquals(0, parallel.status(), parallel.err());
        assertTrue(parallel.err().startsWith("sweep: 6 runs, 0 already finished, 2 at a time, " + two + "\n"),
                parallel.err());
        assertTrue(parallel.err().contains("[6/6] "), parallel.err());
        assertTrue(parallel.err().contains("sweep: done in "), parallel.err());
        assertTrue(parallel.err().endsWith("6 of 6 runs finished (6 now); results in " + two.resolve("results.csv") + "\n"),
                parallel.err());

        assertArrayEquals(Files.readAllBytes(one.resolve("results.csv")), Files.readAllBytes(two.resolve("results.csv")));
        List<String> rows = Files.readAllLines(two.resolve("results.csv"));
        assertEquals(7, rows.size());
        assertTrue(rows.get(0).startsWith("run,allocator.policy,seed,trace,machine,nodes,scheduler,allocator,jobs_total,"),
                rows.get(0));
        assertFalse(rows.get(0).contains("wall_clock_s") || rows.get(0).contains("threads"), rows.get(0));
        assertTrue(rows.get(3).startsWith("\"allocator.policy=mc1x1,seed=1\",mc1x1,1,"), rows.get(3));
        assertEquals(List.of(".hpcsim-sweep.lock", "results.csv", "runs", "sweep-used.conf"), names(two));
        assertEquals(LABELS.stream().sorted().toList(), names(two.resolve("runs")));

        for (String label : LABELS) {
            Path a = one.resolve("runs").resolve(label);
            Path b = two.resolve("runs").resolve(label);
            Path alone = dir.resolve("alone").resolve(label);
            Cli.Result run = Cli.run("run", "-q", "--config", a.resolve("config-used.conf").toString(), "-o", alone.toString());
            assertEquals(0, run.status(), run.err());
            assertEquals(List.of("config-used.conf", "jobs.csv", "summary.json", "timeseries.csv"), names(a));
            for (Path other : List.of(b, alone)) {
                assertEquals(names(a), names(other));
                assertArrayEquals(Files.readAllBytes(a.resolve("jobs.csv")), Files.readAllBytes(other.resolve("jobs.csv")),
                        label);
                for (String name : names(a)) {
                    assertEquals(comparable(a.resolve(name)), comparable(other.resolve(name)), label + "/" + name);
                }
            }
        }
    }

    @Test
    void everyOutputFileOfARunIsWhatRunAloneWrites() throws IOException {
        Path file = SweepFixture.write(dir, 150, "network.model = [distance, links], seeds = [1, 2]");
        Path out = dir.resolve("out");
        Cli.Result r = sweep(file, out, "-q", "--parallel", "2", "-Dthermal.enabled=true", "-Dnetwork.links-csv=true",
                "-Dfailures.model=exponential[100h,4h]", "-Dfailures.on-job-failure=requeue");
        assertEquals(0, r.status(), r.err());
        Path links = out.resolve("runs").resolve("network.model=links,seed=2");
        assertEquals(List.of("attempts.csv", "config-used.conf", "events.csv", "inlet.csv", "jobs.csv", "links.csv",
                "summary.json", "thermal.csv", "timeseries.csv"), names(links));
        for (String label : names(out.resolve("runs"))) {
            Path run = out.resolve("runs").resolve(label);
            Path alone = dir.resolve("alone").resolve(label);
            Cli.Result plain = Cli.run("run", "-q", "--config", run.resolve("config-used.conf").toString(),
                    "-o", alone.toString());
            assertEquals(0, plain.status(), plain.err());
            assertEquals(names(run), names(alone));
            for (String name : names(run)) {
                assertEquals(comparable(run.resolve(name)), comparable(alone.resolve(name)), label + "/" + name);
            }
        }
    }

    @Test
    void helpDescribesTheSweepFileAndEveryOption() {
        assertTrue(Cli.run("--help").out().contains("sweep"));
        Cli.Result help = Cli.run("sweep", "--help");
        assertEquals(0, help.status());
        String text = help.out().replaceAll("\\s+", " ");
        for (String s : new String[] {"--config=FILE", "--parallel=N", "--out=DIR", "--quiet", "-D=KEY=VALUE",
            "sweep { axes { KEY = [v1, v2, ...]", "allocators, schedulers, traces, seeds", "results.csv", "Exit status"}) {
            assertTrue(text.contains(s), s + " in\n" + help.out());
        }
        assertEquals(2, Cli.run("sweep").status(), "a sweep file is required");
    }

    @Test
    void badSweepsExitWithTwoAndWriteNothing() throws IOException {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("allocater.policy = [mm]", "sweep.conf:4: allocater.policy: unknown key");
        cases.put("seeds = []", "sweep.axes.seeds: the list of values is empty");
        cases.put("seeds = [1], seed = [2]", "seed is given twice");
        cases.put("allocators = [mm, \"no-such\"]", "allocator.policy");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Path out = dir.resolve("bad");
            Cli.Result r = sweep(SweepFixture.write(dir, 10, c.getKey()), out);
            assertEquals(2, r.status(), c.getKey() + ": " + r.err());
            assertTrue(r.err().startsWith("hpcsim: error: ") && r.err().contains(c.getValue()), r.err());
            assertFalse(Files.exists(out), c.getKey());
        }
        Path file = dir.resolve("sweep.conf");
        Files.writeString(file, Files.readString(file) + "sweep.parallel = 2\n");
        Cli.Result unknown = sweep(file, dir.resolve("bad"));
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("sweep.parallel: unknown key in sweep"), unknown.err());
        assertFalse(Files.exists(dir.resolve("bad")));
    }

    @Test
    void aResumedSweepSkipsFinishedRunsAndRedoesWhatAKilledOneLeft() throws IOException {
        Path file = SweepFixture.write(dir, 150, AXES);
        Path out = dir.resolve("out");
        assertEquals(0, sweep(file, out, "-q").status());
        byte[] results = Files.readAllBytes(out.resolve("results.csv"));
        Path runs = out.resolve("runs");
        // A run killed during its commit: some files moved in, not config-used.conf.
        Files.delete(runs.resolve(LABELS.get(2)).resolve("config-used.conf"));
        // A run killed while simulating: only its staging directory.
        Path killed = runs.resolve(LABELS.get(5));
        for (String name : names(killed)) {
            Files.delete(killed.resolve(name));
        }
        Files.createDirectories(killed.resolve(".hpcsim-staging-1")).resolve("jobs.csv").toFile().createNewFile();
        // A finished run killed before its staging directory was removed, and a half-written results.csv.
        Path leftover = Files.createDirectories(runs.resolve(LABELS.get(0)).resolve(".hpcsim-staging-2"));
        Files.writeString(out.resolve(".hpcsim-x1.tmp"), "run,");
        Map<String, Long> modified = new LinkedHashMap<>();
        for (int i : new int[] {0, 1, 3, 4}) {
            for (String name : names(runs.resolve(LABELS.get(i)))) {
                Path f = runs.resolve(LABELS.get(i)).resolve(name);
                modified.put(f.toString(), Files.getLastModifiedTime(f).toMillis());
            }
        }

        Cli.Result again = sweep(file, out, "--parallel", "2");
        assertEquals(0, again.status(), again.err());
        assertTrue(again.err().startsWith("sweep: 6 runs, 4 already finished, 2 at a time"), again.err());
        assertTrue(again.err().contains("6 of 6 runs finished (2 now)"), again.err());
        assertTrue(again.err().contains("[5/6] ") && !again.err().contains("[4/6]"), again.err());
        for (Map.Entry<String, Long> e : modified.entrySet()) {
            if (!e.getKey().contains(".hpcsim-staging-")) {
                assertEquals(e.getValue(), Files.getLastModifiedTime(Path.of(e.getKey())).toMillis(), e.getKey());
            }
        }
        assertFalse(Files.exists(leftover));
        assertFalse(Files.exists(out.resolve(".hpcsim-x1.tmp")));
        assertEquals(List.of("config-used.conf", "jobs.csv", "summary.json", "timeseries.csv"), names(killed));
        assertEquals(List.of("config-used.conf", "jobs.csv", "summary.json", "timeseries.csv"), names(runs.resolve(LABELS.get(2))));
        assertArrayEquals(results, Files.readAllBytes(out.resolve("results.csv")));

        Cli.Result nothingLeft = sweep(file, out);
        assertTrue(nothingLeft.err().contains("6 of 6 runs finished (0 now)"), nothingLeft.err());
        assertArrayEquals(results, Files.readAllBytes(out.resolve("results.csv")));
    }

    @Test
    void aChangedSweepOverAnExistingDirectoryIsRefusedAndLeavesItAlone() throws IOException {
        Path file = SweepFixture.write(dir, 60, "seeds = [1, 2]");
        Path out = dir.resolve("out");
        assertEquals(0, sweep(file, out, "-q").status());
        byte[] used = Files.readAllBytes(out.resolve("sweep-used.conf"));
        Cli.Result changed = sweep(file, out, "-Dnode.report-latency=5s");
        assertEquals(2, changed.status());
        assertTrue(changed.err().contains(out.resolve("runs").resolve("seed=1") + ": holds a finished run whose"
                + " node.report-latency was 0s, but this sweep has 5s: the sweep changed; use a new output directory"),
                changed.err());
        assertArrayEquals(used, Files.readAllBytes(out.resolve("sweep-used.conf")));
        Cli.Result moreSeeds = sweep(SweepFixture.write(dir, 60, "seeds = [1, 2, 3]"), out, "-q");
        assertEquals(0, moreSeeds.status(), "adding values to an axis extends the sweep: " + moreSeeds.err());
        assertEquals(4, Files.readAllLines(out.resolve("results.csv")).size());
    }

    @Test
    void aRunWithBadInputStopsTheSweepFromStartingMoreAndKeepsWhatFinished() throws IOException {
        Path file = SweepFixture.write(dir, 60, "seeds = [1, 2]");
        Path broken = dir.resolve("broken.swf");
        Files.writeString(broken, "1 0 -1 100 4 -1 -1 4 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n2 10 -1 oops\n");
        Files.writeString(file, Files.readString(file) + "sweep.axes.traces = [\"" + dir.resolve("small.swf") + "\", \""
                + broken + "\"]\n");
        Path out = dir.resolve("out");
        Cli.Result r = sweep(file, out, "--parallel", "1");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("hpcsim: error: run seed=1,trace=broken.swf: " + broken + ":2:"), r.err());
        assertTrue(r.err().contains("1 of 4 runs finished (1 now), 1 failed, 2 not started"), r.err());
        assertEquals(List.of("seed=1,trace=small.swf"), names(out.resolve("runs")));
        assertEquals(2, Files.readAllLines(out.resolve("results.csv")).size());
    }
}
