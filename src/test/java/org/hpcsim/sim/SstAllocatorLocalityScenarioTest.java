package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.hpcsim.locality.LocalitySummary;
import org.hpcsim.testing.Runs;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SST's figures for its scheduler test 0001 (NASA iPSC/860, mesh 16x8, EASY) with other allocators:
 * the mean average pairwise hops over multi-node jobs was 4.28 for the sorted free list, 2.98 for
 * Gen-Alg, 2.94 for MC1x1 and 3.19 for MBS. The schedule does not depend on the allocator here, so
 * the jobs are the same; placements differ only where the implementations break ties differently
 * (SST walks shells and rings in its own order), so Gen-Alg and MC1x1 are held to 0.02 and MBS,
 * whose initial block partition and block choice SST does not document, to its rank among the
 * others.
 */
class SstAllocatorLocalityScenarioTest {
    @TempDir
    Path out;

    private double meanHops(String allocator) {
        Path trace = SharedData.file("peer-data/sst/sqe-testInputFiles/test_scheduler_0001.sim");
        Simulation.Result r = Runs.run(Runs.scenario("trace", trace.toString(), "machine", "mesh:16x8",
                "scheduler.policy", "easy", "allocator.policy", allocator,
                "output.dir", out.resolve(allocator).toString()));
        LocalitySummary l = r.metrics().locality();
        return l.mean(LocalitySummary.Metric.AVG_PAIRWISE_HOPS);
    }

    @Test
    void meanPairwiseHopsPerAllocatorAreSstsOnTheNasaRun() {
        double sortedFreeList = meanHops("sorted-free-list");
        double genalg = meanHops("genalg");
        double mc1x1 = meanHops("mc1x1");
        double mbs = meanHops("mbs");
        assertEquals(4.28, Math.round(sortedFreeList * 100) / 100.0, 1e-9, "sorted free list " + sortedFreeList);
        assertEquals(2.98, genalg, 0.02, "genalg");
        assertEquals(2.94, mc1x1, 0.02, "mc1x1");
        assertTrue(mc1x1 < genalg && genalg < mbs && mbs < sortedFreeList,
                "SST's order mc1x1 < genalg < mbs < sorted free list: " + mc1x1 + " " + genalg + " " + mbs + " "
                        + sortedFreeList);
    }
}
