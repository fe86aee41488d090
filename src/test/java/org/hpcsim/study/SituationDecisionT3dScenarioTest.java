package org.hpcsim.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.testing.SharedData;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;

/**
 * Bender et al.'s Table 1 on the LLNL T3D trace (21,323 jobs, mesh 16x16). The paper's absolute
 * figures depend on its simulator's scheduling details, which it does not give; what it states, and
 * what this checks, is the ranking: in every row MM+Inc < MM < MC1x1 < HilbertBF, and on the
 * diagonal HilbertBF < MC1x1 < MM+Inc < MM. Each entry must also be within 5 % of the paper's.
 *
 * <p>The paper's MC1x1 column lies 31 to 38 above its MM column. With {@code mc1x1}'s default
 * last-shell rule (the nodes nearest the center) the gap is only 13 to 15; with {@code mc1x1[scan]}
 * (the last shell's lowest ids, nothing preferred) it is 29 to 36, and with EASY backfilling as well
 * every entry is within 1 % of the paper's (docs/reproducing.md, Bender et al.).
 */
class SituationDecisionT3dScenarioTest {
    private static final List<String> ALGS = List.of("mc1x1", "mm", "mm-inc", "best-fit[hilbert]");
    private static final double[][] PAPER = {
        {5256, 5218, 5207, 5432}, {5323, 5288, 5276, 5531}, {5319, 5281, 5269, 5495}, {5090, 5059, 5046, 5207}};

    @Test
    void tableOneKeepsThePapersRankingOnTheT3dTrace() {
        double[][] m = table(ALGS, "fcfs", 0.05);
        for (int s = 0; s < 4; s++) {
            assertTrue(m[s][0] - m[s][1] < 20, "the nearest-first MC1x1 - MM gap, row " + ALGS.get(s));
        }
    }

    @Test
    void scanLastShellWithBackfillingGivesThePapersGapAndFigures() {
        List<String> algs = List.of("mc1x1[scan]", "mm", "mm-inc", "best-fit[hilbert]");
        double[][] m = table(algs, "easy", 0.01);
        for (int s = 0; s < 4; s++) {
            double gap = m[s][0] - m[s][1];
            assertTrue(gap > 25 && gap < 45, "MC1x1 - MM gap " + gap + ", row " + algs.get(s));
        }
    }

    /** The table, each entry within {@code band} of the paper's, with the paper's rankings. */
    private static double[][] table(List<String> algs, String scheduler, double band) {
        Path trace = SharedData.file("traces/LLNL-T3D-1996-2.premas-converted.txt");
        List<Job> jobs = Workloads.load(trace, "four-column", WorkloadOptions.DEFAULTS, StandardPolicies.registry());
        assertEquals(21_323, jobs.size());
        List<SituationDecisionExperiment.Entry> e = new SituationDecisionExperiment(StandardPolicies.registry())
                .run(jobs, new SituationDecisionExperiment.Settings("mesh:16x16", scheduler, algs, algs, 1, 2));
        double[][] m = new double[4][4];
        for (int s = 0; s < 4; s++) {
            for (int d = 0; d < 4; d++) {
                m[s][d] = e.get(4 * s + d).meanPairwiseHops();
                assertEquals(PAPER[s][d], m[s][d], band * PAPER[s][d], algs.get(s) + " / " + algs.get(d));
            }
            assertTrue(m[s][2] < m[s][1] && m[s][1] < m[s][0] && m[s][0] < m[s][3], "row " + algs.get(s));
        }
        assertTrue(m[3][3] < m[0][0] && m[0][0] < m[2][2] && m[2][2] < m[1][1], "diagonal");
        return m;
    }
}
