package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.hpcsim.report.SummaryJson;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C pressed in a terminal (a pseudo-terminal from util-linux {@code script}), in a run, at the
 * console's prompt and in a sweep; then the directory is checked.
 */
class InterruptIT {
    private static final int JOBS = 200_000;
    private static final String CTRL_C = "\u0003";

    @TempDir
    static Path dir;

    @BeforeAll
    static void aTraceThatTakesSecondsToSimulate() throws Exception {
        Launcher.Result r = Launcher.run(dir, "generate", "--jobs", "" + JOBS, "--procs", "128", "--load", "0.9",
                "--seed", "7", "-o", "big.swf");
        assertEquals(0, r.status(), r.output());
    }

    /** Rows of jobs.csv by status. */
    private static Map<String, Integer> statuses(Path run) throws IOException {
        List<String> lines = Files.readAllLines(run.resolve("jobs.csv"));
        int column = List.of(lines.get(0).split(",")).indexOf("status");
        Map<String, Integer> count = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            count.merge(line.split(",", -1)[column], 1, Integer::sum);
        }
        return count;
    }

    private static void assertStoppedByInterruptWithEveryJob(Path run) throws IOException {
        assertFalse(Launcher.staging(run), "no staging directory left");
        assertTrue(Files.exists(run.resolve("config-used.conf")), "the outputs so far were committed");
        SummaryJson s = SummaryJson.read(run.resolve("summary.json"));
        assertEquals("true", s.text("stopped_early"));
        assertEquals("interrupt", s.text("stopped_by"));
        Map<String, Integer> byStatus = statuses(run);
        assertEquals(JOBS, byStatus.values().stream().mapToInt(Integer::intValue).sum(), "a row per trace job");
        assertTrue(byStatus.getOrDefault("not-submitted", 0) > 0, byStatus.toString());
        assertEquals("" + byStatus.getOrDefault("not-submitted", 0), s.text("jobs_not_submitted"));
    }

    @Test
    void ctrlCInARunStopsItAtTheNextInstantWritesTheOutputsSoFarAndExits130() throws Exception {
        Path run = dir.resolve("out-run");
        try (Launcher.Terminal t = new Launcher.Terminal(dir, Launcher.bin() + " run -t big.swf -m mesh:16x8 -o "
                + run + " -Doutput.progress=on")) {
            t.await("the run writing its outputs", () -> Launcher.staging(run), 60);
            Thread.sleep(500);
            // Meanwhile a second run into the same directory is refused, and takes nothing.
            Launcher.Result second = Launcher.run(dir, "run", "-t", "big.swf", "-m", "mesh:16x8", "-o", run.toString(),
                    "-q");
            assertEquals(2, second.status(), second.output());
            assertTrue(second.output().contains("another hpcsim command is writing into this directory"),
                    second.output());
            t.type(CTRL_C);
            assertEquals(130, t.exit(), t.screen());
            assertTrue(t.screen().contains("hpcsim: interrupted: stopping at the next instant"), t.screen());
        }
        assertStoppedByInterruptWithEveryJob(run);
    }

    @Test
    void ctrlCAtTheConsolePromptQuitsAsQuitDoesAndExits130() throws Exception {
        Path run = dir.resolve("out-console");
        try (Launcher.Terminal t = new Launcher.Terminal(dir, Launcher.bin() + " run --console --pause-at 100000s"
                + " -t big.swf -m mesh:16x8 -o " + run)) {
            t.await("the console's prompt", () -> t.screen().contains("hpcsim> "), 60);
            t.type(CTRL_C);
            assertEquals(130, t.exit(), t.screen());
            assertTrue(t.screen().contains("interrupted: quitting"), t.screen());
        }
        assertStoppedByInterruptWithEveryJob(run);
        assertTrue(Files.exists(run.resolve("events.csv")), "the console's own outputs too");
    }

    @Test
    void ctrlCInASweepAbortsTheRunsInFlightKeepsNothingHalfWrittenSaysWhatStaysAndExits130() throws Exception {
        Path sweep = dir.resolve("out-sweep");
        Launcher.Result trace = Launcher.run(dir, "generate", "--jobs", "40000", "--procs", "128", "--load", "0.9",
                "--seed", "8", "-o", "sweep.swf");
        assertEquals(0, trace.status(), trace.output());
        Files.writeString(dir.resolve("sweep.conf"), "trace = sweep.swf\nmachine = \"mesh:16x8\"\n"
                + "sweep.axes { seeds = [1, 2, 3] }\n");
        try (Launcher.Terminal t = new Launcher.Terminal(dir, Launcher.bin() + " sweep -c sweep.conf --parallel 1 -o "
                + sweep)) {
            t.await("a run of the sweep writing", () -> {
                try (Stream<Path> s = Files.walk(sweep)) {
                    return s.anyMatch(p -> p.getFileName().toString().startsWith(".hpcsim-staging-"));
                } catch (IOException | java.io.UncheckedIOException e) {
                    return false;
                }
            }, 60);
            Thread.sleep(300);
            t.type(CTRL_C);
            assertEquals(130, t.exit(), t.screen());
            assertFalse(t.screen().contains("nothing was written"), t.screen());
            if (Files.exists(sweep)) {
                // The line names the runs that stay, and only finished ones do.
                long finished;
                try (Stream<Path> s = Files.list(sweep.resolve("runs"))) {
                    finished = s.filter(run -> Files.exists(run.resolve("config-used.conf"))).count();
                }
                assertTrue(t.screen().contains("hpcsim: interrupted: " + finished + " of 3 runs finished are kept in "
                        + sweep), t.screen());
            } else {
                assertTrue(t.screen().contains("hpcsim: interrupted: no run had finished; " + sweep
                        + ", which this sweep created, is removed"), t.screen());
            }
        }
        if (Files.exists(sweep)) {
            try (Stream<Path> s = Files.walk(sweep)) {
                List<Path> left = s.filter(p -> p.getFileName().toString().startsWith(".hpcsim-staging-")).toList();
                assertEquals(List.of(), left, "no staging directory left");
            }
        }
        // Started again, the sweep finishes what the interrupt cut off.
        Launcher.Result again = Launcher.run(dir, "sweep", "-c", "sweep.conf", "--parallel", "1", "-q", "-o",
                sweep.toString());
        assertEquals(0, again.status(), again.output());
        assertEquals(4, Files.readAllLines(sweep.resolve("results.csv")).size());
    }

    @Test
    void ctrlCInAServedRunStopsItAt130AndAfterItsEndClosesTheViewWithItsStatus() throws Exception {
        Path run = dir.resolve("out-served");
        try (Launcher.Terminal t = new Launcher.Terminal(dir, Launcher.bin() + " run --serve 0 --start -t big.swf"
                + " -m mesh:16x8 -o " + run)) {
            t.await("the view's address", () -> t.screen().contains("the run goes on"), 60);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(http://\\S+)").matcher(t.screen());
            assertTrue(m.find(), t.screen());
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            java.net.URI state = java.net.URI.create(m.group(1) + "api/state");
            // Interrupted once it has got going, so that jobs end in every status (a stop at 0 would leave
            // every job not submitted).
            t.await("the run past its first instant", () -> {
                try {
                    String body = http.send(java.net.http.HttpRequest.newBuilder(state).build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString()).body();
                    return body.matches("(?s).*\"t\":[1-9].*");
                } catch (IOException | InterruptedException e) {
                    return false;
                }
            }, 60);
            t.type(CTRL_C);
            assertEquals(130, t.exit(), t.screen());
        }
        assertStoppedByInterruptWithEveryJob(run);

        Path ended = dir.resolve("out-served-ended");
        try (Launcher.Terminal t = new Launcher.Terminal(dir, Launcher.bin() + " run --serve 0 --start -o " + ended)) {
            t.await("the final state served", () -> t.screen().contains("its final state is served at"), 60);
            t.type(CTRL_C);
            assertEquals(0, t.exit(), t.screen());
            assertTrue(t.screen().contains("hpcsim: closing the view"), t.screen());
        }
        assertEquals("false", SummaryJson.read(ended.resolve("summary.json")).text("stopped_early"));
    }
}
