package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --console} driven through a pipe, as a script would. */
class ConsoleCommandTest {
    @TempDir
    Path dir;

    private String[] args(String out, String... extra) {
        List<String> a = new java.util.ArrayList<>(List.of("run", "--trace",
                SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString(), "--machine", "mesh:16x8",
                "--scheduler", "easy", "--on-job-failure", "requeue", "--out", dir.resolve(out).toString()));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    @Test
    void aPipedSessionPausesInjectsContinuesAndMatchesTheScenarioFile() throws IOException {
        Path events = dir.resolve("scenario.events");
        Files.writeString(events, "at 3600s fail node 17\nat 1d drain nodes 0-7\n");
        Cli.Result file = Cli.run(args("file", "--events", events.toString(), "-q"));
        assertEquals(0, file.status(), file.err());

        String script = String.join("\n", "status", "queue 2", "nodes", "inject at 3500s fail node 17",
                "inject at 3600s fail node 17", "inject at 3600s fail node 500", "frobnicate", "run until 1d",
                "inject at 1d drain nodes 0-7", "continue", "");
        Cli.Result console = Cli.runWithInput(script, args("console", "--console", "--pause-at", "3600s"));
        assertEquals(0, console.status(), console.err());
        String t = console.out();
        assertTrue(t.contains("paused at 0 d 01:00:00 (3600 s); time 0 d 01:00:00 (3600 s), next event 0 d "), t);
        assertTrue(t.contains("job 9: 16 nodes"), t);
        assertTrue(t.contains("busy (128): 0-127"), t);
        assertTrue(t.contains("rejected: time 0 d 00:58:20 (3500 s) is before the current time 0 d 01:00:00 (3600 s)"), t);
        assertTrue(t.contains("rejected: no node 500"), t);
        assertTrue(t.contains("rejected: unknown command 'frobnicate'"), t);
        assertTrue(t.contains("injected: at 3600s fail node 17"), t);
        assertTrue(t.contains("paused at 1 d 00:00:00 (86400 s)"), t);
        assertTrue(t.matches("(?s).*\n  \\d+ events in \\d+\\.\\d\\d s \\(\\d+ events/s; not counting \\d+\\.\\d s paused at the"
                + " console\\), outputs in .*"), t);
        assertTrue(t.contains("hpcsim: 2000 jobs"), "the run went on to its end: " + t);
        for (String out : List.of("jobs.csv", "events.csv", "attempts.csv")) {
            assertEquals(Files.readString(dir.resolve("file").resolve(out)),
                    Files.readString(dir.resolve("console").resolve(out)), out);
        }
    }

    @Test
    void theEndOfInputLetsTheRunFinishAndPauseAtNeedsConsole() {
        Cli.Result r = Cli.runWithInput("step\nstatus\n", args("eof", "--console"));
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("end of input: continuing to the end"), r.out());
        assertTrue(r.out().contains("hpcsim: 2000 jobs (1947 completed"), r.out());
        Cli.Result bad = Cli.run(args("bad", "--pause-at", "1h"));
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("--pause-at needs --console"), bad.err());
    }

    @Test
    void aThermalRunSaysWhatTheRoomDidAndItsStatusShowsTheRoom() {
        Cli.Result r = Cli.runWithInput("status\ncontinue\n", "run", "--console", "--pause-at", "400000s", "-m",
                "mesh:4x5x2", "--cores-per-node", "4", "-Dthermal.enabled=true", "-Dcooling.units=[\"0-19\",\"20-39\"]",
                "--inject", "at 300000s crac 1 fail", "-o", dir.resolve("crac").toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("; room: hottest inlet "), r.out());
        assertTrue(r.out().contains("; CRAC units: 2, down: 1\n"), r.out());
        assertTrue(r.out().matches("(?s).*\n  room: IT \\d+\\.\\d kWh, cooling \\d+\\.\\d kWh; peak inlet \\d+\\.\\d C"
                + " \\(redline 30\\.0 C\\), over the redline \\d+ s in \\d+ spells?; thermal\\.csv\n.*"), r.out());
    }
}
