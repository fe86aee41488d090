package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.testing.Runs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Completion reports arrive asynchronously: the scheduler frees nodes only when it hears of the end. */
class ReportLatencyScenarioTest {
    @TempDir
    Path dir;

    @Test
    void aJobEndsOnItsNodesButItsNodesAreFreedOnlyWhenTheReportsArrive() throws IOException {
        Path trace = dir.resolve("t.sim");
        Files.writeString(trace, "0 2 10 20\n0 2 10 20\n");
        Path out = dir.resolve("out");
        Simulation.Result r = Runs.run(Runs.scenario("trace", trace.toString(), "machine", "simple:2",
                "node.report-latency", "5s", "scheduler.policy", "fcfs", "output.dir", out.toString()));
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        assertEquals("0,0,0,0,10,10,20,2,0;1,completed,,,,2,2,1.000000,,,,,,,,,,,,1,0", rows.get(1));
        assertEquals("1,0,15,15,25,10,20,2,0;1,completed,,,,2,2,1.000000,,,,,,,,,,,,1,15", rows.get(2));
        assertEquals(25_000_000, r.metrics().makespan());
    }
}
