package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.testing.Runs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Emergent contention on hand-placed jobs (the Cplant paper's observation: two communication-heavy
 * jobs whose paths overlap both run about twice as long). On torus:8x1, all-to-all jobs on the even
 * and on the odd nodes put equal weight on every link, so each sees sigma = 2; on the two halves
 * they share no link.
 */
class ContentionScenarioTest {
    @TempDir
    Path dir;

    private Map<String, String[]> run(String trace, String pins, String fraction, String... extra) throws IOException {
        Path t = dir.resolve("t" + trace.hashCode() + pins.hashCode() + fraction + ".sim");
        Files.writeString(t, trace);
        Path p = dir.resolve("pins" + pins.hashCode() + ".txt");
        Files.writeString(p, pins);
        Path out = dir.resolve("out" + trace.hashCode() + pins.hashCode() + fraction + extra.length);
        String[] kv = {"trace", t.toString(), "machine", "torus:8x1", "scheduler.policy", "fcfs",
            "allocator.pinned", p.toString(), "network.model", "links", "network.tau", "one",
            "network.communication-fraction", fraction, "output.dir", out.toString()};
        String[] all = new String[kv.length + extra.length];
        System.arraycopy(kv, 0, all, 0, kv.length);
        System.arraycopy(extra, 0, all, kv.length, extra.length);
        Runs.run(Runs.scenario(all));
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        String[] header = rows.get(0).split(",");
        Map<String, String[]> byId = new HashMap<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            byId.put(f[0], f);
            assertEquals(header.length, f.length, row);
        }
        return byId;
    }

    private static final String TWO_JOBS = "0 4 100 1000\n0 4 100 1000\n";
    private static final String INTERLEAVED = "0: 0,2,4,6\n1: 1,3,5,7\n";
    private static final String SEPARATED = "0: 0,1,2,3\n1: 4,5,6,7\n";

    @Test
    void twoAllToAllJobsOnInterleavedNodesEachRunTwiceAsLong() throws IOException {
        Map<String, String[]> r = run(TWO_JOBS, INTERLEAVED, "1");
        for (String id : new String[] {"0", "1"}) {
            assertEquals("200", r.get(id)[4], "end of job " + id);
            assertEquals("2.000000", r.get(id)[22], "mean sigma of job " + id);
        }
    }

    @Test
    void onSeparateHalvesTheyShareNoLinkAndRunAlone() throws IOException {
        Map<String, String[]> r = run(TWO_JOBS, SEPARATED, "1");
        assertEquals("100", r.get("0")[4]);
        assertEquals("100", r.get("1")[4]);
        assertEquals("1.000000", r.get("0")[23]);
    }

    @Test
    void withACommunicationFractionOfThreeTenthsTheDilationIsOnePointThree() throws IOException {
        Map<String, String[]> r = run(TWO_JOBS, INTERLEAVED, "0.3");
        assertEquals("130", r.get("0")[4]);
        assertEquals("130", r.get("1")[4]);
    }

    @Test
    void aJobArrivingMidwayStretchesOnlyTheOverlap() throws IOException {
        // Job 0 alone for 50 s (50 done), then both at half speed: job 0 ends at 150; job 1 has done
        // 50 by then and finishes the other 50 alone at 200.
        Map<String, String[]> r = run("0 4 100 1000\n50 4 100 1000\n", INTERLEAVED, "1");
        assertEquals("150", r.get("0")[4]);
        assertEquals("200", r.get("1")[4]);
        assertEquals("1.666667", r.get("0")[22], "sigma 1 for 50 s, 2 for 100 s: (50 + 200) / 150");
        assertTrue(r.get("0")[24].length() > 0, "hop bytes");
    }

    @Test
    void aJobStretchedPastItsEstimateIsKilledAtIt() throws IOException {
        Map<String, String[]> r = run("0 4 100 150\n0 4 100 1000\n", INTERLEAVED, "1");
        assertEquals("killed", r.get("0")[9]);
        assertEquals("150", r.get("0")[4]);
        // Job 1: 150 s at half speed (75 done), then 25 alone.
        assertEquals("175", r.get("1")[4]);
    }

    @Test
    void withoutKillAtEstimateAStretchedJobRunsToItsEnd() throws IOException {
        Map<String, String[]> r = run("0 4 100 150\n0 4 100 1000\n", INTERLEAVED, "1",
                "scheduler.kill-at-estimate", "false");
        assertEquals("completed", r.get("0")[9]);
        assertEquals("200", r.get("0")[4]);
    }
}
