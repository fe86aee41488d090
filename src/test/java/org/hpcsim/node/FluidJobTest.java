package org.hpcsim.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FluidJobTest {
    @Test
    void aloneAJobTakesMengEtAlsTime() {
        FluidJob f = new FluidJob(1000, 0.3, 1.5, 0, 10_000, 2);
        assertEquals(700 + 450, f.end(0));
    }

    @Test
    void aStretchHalfwayThroughReschedulesTheRest() {
        FluidJob f = new FluidJob(1000, 1.0, 1.0, 0, 10_000, 1);
        assertEquals(1000, f.end(0));
        assertTrue(f.update(400, 0, 20, 10));
        // 400 done, 600 left at half speed.
        assertEquals(400 + 1200, f.end(400));
        assertFalse(f.update(500, 0, 20, 10), "the same share changes nothing");
        assertTrue(f.update(1000, 0, 10, 10));
        // By 1000: 400 + 600 / 2 = 700 done; 300 left at full speed.
        assertEquals(1300, f.end(1000));
        assertFalse(f.unfinished(1300));
        assertEquals((400 + 600 * 2 + 300) / 1300.0, f.sigmaMean(1300), 1e-12);
        assertEquals(2.0, f.sigmaMax());
    }

    @Test
    void sigmaIsTheWorstLinkAndTheLimitKills() {
        FluidJob f = new FluidJob(1000, 0.5, 1.0, 100, 1500, 3);
        f.update(100, 0, 30, 10);
        f.update(100, 2, 20, 10);
        assertEquals(3.0, f.sigma());
        // (0.5 + 0.5 * 3) * 1000 = 2000 > the limit of 1400 from the start.
        assertEquals(1500, f.end(100));
        assertTrue(f.unfinished(1500));
    }

    @Test
    void sigmaFollowsTheLargestRatioOverManyLinksAsAScanWouldFindIt() {
        SplittableRandom r = new SplittableRandom(7);
        for (int links : new int[] {1, 2, 3, 5, 64, 1000}) {
            FluidJob f = new FluidJob(1_000_000, 0.3, 1.2, 0, Long.MAX_VALUE / 4, links);
            double[] ratio = new double[links];
            Arrays.fill(ratio, 1);
            double sigma = 1;
            for (int step = 1; step <= 4000; step++) {
                int position = r.nextInt(links);
                long own = 1 + r.nextInt(50);
                // Mostly a share of 1 to 5 times its own, sometimes back to alone (the maximum may fall).
                long total = r.nextInt(4) == 0 ? own : own + r.nextLong(4 * own + 1);
                ratio[position] = (double) total / own;
                double expected = Arrays.stream(ratio).max().getAsDouble();
                assertEquals(expected != sigma, f.update(step, position, total, own), "changed at step " + step);
                sigma = expected;
                assertEquals(expected, f.sigma(), "links " + links + ", step " + step);
            }
            if (links > 2) {
                f.reroute(5000, links - 1);
                assertEquals(1.0, f.sigma(), "a reroute starts again from alone");
                assertTrue(f.update(5001, links - 2, 3, 1), "the last of the new links counts");
                assertEquals(3.0, f.sigma());
            }
        }
    }
}
