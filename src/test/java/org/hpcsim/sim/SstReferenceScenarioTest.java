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
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SST's own scheduler test 0001 (NASA iPSC/860, mesh 16x8, EASY, sorted free list): every job's
 * start and end equal SST's reference output, and the average pairwise hop column equals SST's
 * {@code .alloc} column. Rows are compared as a set keyed by job id (SST orders ties differently).
 */
class SstReferenceScenarioTest {
    @TempDir
    Path out;

    @Test
    void easyOnTheNasaTraceMatchesSstJobForJob() throws IOException {
        Path trace = SharedData.file("peer-data/sst/sqe-testInputFiles/test_scheduler_0001.sim");
        Path reference = SharedData.file("peer-data/sst/elements-final/refFiles/test_scheduler_0001.out");
        Runs.run(Runs.scenario("trace", trace.toString(), "machine", "mesh:16x8", "scheduler.policy", "easy",
                "allocator.policy", "sorted-free-list", "output.dir", out.toString()));

        Map<String, String> sstAlloc = new HashMap<>();
        Map<String, String> sstTime = new HashMap<>();
        String section = "";
        for (String line : Files.readAllLines(reference)) {
            if (line.startsWith("# Job\tProcs")) {
                section = "alloc";
            } else if (line.startsWith("# Job \tArrival")) {
                section = "time";
            } else if (!line.startsWith("#") && !line.isBlank()) {
                String[] f = line.trim().split("\\s+");
                if (section.equals("alloc") && f.length == 6) {
                    sstAlloc.put(f[0], f[3]);
                } else if (section.equals("time") && f.length == 8) {
                    sstTime.put(f[0], f[2] + "," + f[3]);
                }
            }
        }
        assertEquals(18_239, sstTime.size());
        assertEquals(18_239, sstAlloc.size());

        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        assertTrue(rows.get(0).startsWith(
                "id,submit,wait,start,end,run_time,estimate,procs,nodes,status,reason,avg_pairwise_hops,"), rows.get(0));
        int sameTimes = 0;
        int sameHops = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            if ((f[3] + "," + f[4]).equals(sstTime.get(f[0]))) {
                sameTimes++;
            }
            if (f[11].equals(sstAlloc.get(f[0]))) {
                sameHops++;
            }
        }
        assertEquals(18_239, rows.size() - 1);
        assertEquals(18_239, sameTimes, "jobs whose start and end equal SST's");
        assertEquals(18_239, sameHops, "jobs whose average pairwise hops equal SST's");
    }
}
