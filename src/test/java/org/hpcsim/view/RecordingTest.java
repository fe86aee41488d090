package org.hpcsim.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.sim.LiveFrame;
import org.hpcsim.sim.Simulation;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.hpcsim.testing.TestRuntime;
import org.hpcsim.time.SimTime;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hpcsim view DIR}: a finished run read back at any time agrees with what the run wrote then. */
class RecordingTest {
    @TempDir
    Path dir;

    @Test
    void aFinishedRunReadBackAtATimeShowsTheNodesAndJobsItsOutputsRecordThen() throws Exception {
        Path run = dir.resolve("run");
        Path events = dir.resolve("e.events");
        Files.writeString(events, "at 3600s fail node 3\nat 3600s crac 0 fail\nat 20000s drain nodes 30-31\n");
        Simulation.prepare(Runs.scenario("trace", SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString(),
                "machine", "mesh:4x5x2", "workload.cores-per-node", "4", "thermal.enabled", "true",
                "cooling.units", "[\"0-19\",\"20-39\"]", "failures.on-job-failure", "requeue", "events-file",
                events.toString(), "until", "40000s", "output.dir", run.toString()), StandardPolicies.registry())
                .run(TestRuntime.get());
        Recording r = Recording.read(run);
        List<String> series = Files.readAllLines(run.resolve("timeseries.csv"));
        int checked = 0;
        for (String line : series.subList(1, series.size())) {
            String[] f = line.split(",");
            double t = Double.parseDouble(f[0]);
            LiveFrame frame = r.frame(t);
            assertEquals(Integer.parseInt(f[1]), frame.busy(), "busy nodes at " + t);
            assertEquals(Integer.parseInt(f[2]), frame.down(), "failed nodes at " + t);
            assertEquals(Integer.parseInt(f[5]), frame.runningCount(), "running jobs at " + t);
            checked++;
        }
        assertTrue(checked > 10, "rows checked: " + checked);
        LiveFrame after = r.frame(30000);
        assertEquals(LiveFrame.DOWN, after.nodeState()[3]);
        assertEquals(SimTime.seconds(30000), after.clock());
        assertTrue(after.events().stream().anyMatch(e -> e.target().contains("crac 0") || e.event().contains("crac")),
                after.events().toString());
        assertTrue(after.room() != null && after.room().inlets().length == 40, "the room's map");
        assertEquals(2, after.room().units());
        assertEquals(0, after.room().unitsDown()[0], "CRAC unit 0 failed at 3600 s");
        assertEquals(0, r.frame(3000).room().unitsDown().length, "none down before");

        assertEquals("at 100.0 s", r.submit(new Command("seek", "100s")).toCompletableFuture().join());
        CompletionException refused = assertThrows(CompletionException.class,
                () -> r.submit(Command.of("resume")).toCompletableFuture().join());
        assertTrue(refused.getCause().getMessage().startsWith("a finished run takes no controls"));
        r.hub().close();
    }

    @Test
    void aDirectoryWithoutARunIsRefusedNamingWhatIsMissing() {
        InputException e = assertThrows(InputException.class, () -> Recording.read(dir.resolve("nothing")));
        assertTrue(e.getMessage().contains("no such directory"), e.getMessage());
    }
}
