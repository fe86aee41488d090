package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same scenario gives byte-identical jobs.csv whatever the threads and dispatcher throughput. */
class DeterminismScenarioTest {
    @TempDir
    Path dir;

    private String jobsCsv(String trace, String machine, String scheduler, String threads, String throughput,
                           String partitionsPerThread) {
        Path out = dir.resolve(scheduler + "-" + threads + "-" + throughput + "-" + partitionsPerThread);
        Runs.run(Runs.scenario("trace", trace, "machine", machine, "scheduler.policy", scheduler,
                "kernel.threads", threads, "kernel.dispatcher-throughput", throughput,
                "kernel.partitions-per-thread", partitionsPerThread, "output.dir", out.toString()));
        return Runs.read(out.resolve("jobs.csv"));
    }

    @Test
    void theSstTraceGivesIdenticalJobsCsvWithOneOrTwoThreadsAndThroughputOneOrAHundred() {
        String trace = SharedData.file("peer-data/sst/sqe-testInputFiles/test_scheduler_0001.sim").toString();
        String reference = jobsCsv(trace, "mesh:16x8", "easy", "1", "100", "1");
        assertEquals(reference, jobsCsv(trace, "mesh:16x8", "easy", "2", "100", "2"));
        assertEquals(reference, jobsCsv(trace, "mesh:16x8", "easy", "2", "1", "3"));
        assertEquals(reference, jobsCsv(trace, "mesh:16x8", "easy", "1", "1", "4"));
    }

    @Test
    void aQueuedWorkloadGivesIdenticalJobsCsvForEveryScheduler() {
        String trace = SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString();
        for (String scheduler : new String[] {"fcfs", "conservative", "priority[largefirst]"}) {
            String one = jobsCsv(trace, "torus:8x8x2", scheduler, "1", "100", "1");
            assertEquals(one, jobsCsv(trace, "torus:8x8x2", scheduler, "4", "1", "2"), scheduler);
        }
    }

    @Test
    void everyKindOfAllocatorGivesIdenticalJobsCsvAtAnyThreadCount() {
        String trace = SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString();
        for (String allocator : new String[] {"random", "mm", "mc1x1", "best-fit[hilbert]", "mbs", "contiguous"}) {
            Path one = dir.resolve(allocator + "-1");
            Path four = dir.resolve(allocator + "-4");
            for (Path out : new Path[] {one, four}) {
                Runs.run(Runs.scenario("trace", trace, "machine", "mesh:16x8", "scheduler.policy", "easy",
                        "allocator.policy", allocator, "kernel.threads", out == one ? "1" : "4",
                        "output.dir", out.toString()));
            }
            assertEquals(Runs.read(one.resolve("jobs.csv")), Runs.read(four.resolve("jobs.csv")), allocator);
            assertEquals(Runs.read(one.resolve("summary.json")).replaceAll("\"(wall_clock_s|events_per_s|peak_rss_mb|"
                    + "threads|partitions|actor_messages|process_cpu_s|peak_heap_mb|heap_after_gc_mb)\": [^,\n]*", ""),
                    Runs.read(four.resolve("summary.json")).replaceAll("\"(wall_clock_s|events_per_s|peak_rss_mb|"
                    + "threads|partitions|actor_messages|process_cpu_s|peak_heap_mb|heap_after_gc_mb)\": [^,\n]*", ""), allocator);
        }
    }

    @Test
    void contentionFromLinkActorsGivesIdenticalOutputsWithOneOrTwoThreads() {
        String trace = SharedData.file("peer-data/sst/sqe-testInputFiles/test_scheduler_0001.sim").toString();
        String[] csv = new String[2];
        for (int i = 0; i < csv.length; i++) {
            Path out = dir.resolve("links-" + i);
            Runs.run(Runs.scenario("trace", trace, "machine", "mesh:16x8", "scheduler.policy", "easy",
                    "allocator.policy", "mc1x1", "network.model", "links", "network.tau-noise", "0.5",
                    "network.links-csv", "true", "kernel.threads", i == 0 ? "1" : "2",
                    "kernel.partitions-per-thread", i == 0 ? "1" : "3", "output.dir", out.toString()));
            csv[i] = Runs.read(out.resolve("jobs.csv")) + Runs.read(out.resolve("links.csv"));
        }
        assertEquals(csv[0], csv[1]);
    }
}
