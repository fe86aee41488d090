package org.hpcsim.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FluidJobTest {

    /** Records what the job asks of its links. */
    private static final class Requests implements FluidJob.Links {
        final List<String> asked = new ArrayList<>();

        @Override
        public void refresh(int position) {
            asked.add("refresh " + position);
        }

        @Override
        public void watch(int position, boolean on) {
            asked.add((on ? "watch " : "unwatch ") + position);
        }

        List<String> take() {
            List<String> a = List.copyOf(asked);
            asked.clear();
            return a;
        }
    }

    private final Requests links = new Requests();

    @Test
    void aloneAJobTakesMengEtAlsTime() {
        FluidJob f = new FluidJob(1000, 0.3, 1.5, 0, 10_000, 2);
        assertEquals(700 + 450, f.end(0));
    }

    @Test
    void aStretchHalfwayThroughReschedulesTheRest() {
        FluidJob f = new FluidJob(1000, 1.0, 1.0, 0, 10_000, 1);
        assertEquals(1000, f.end(0));
        assertFalse(f.update(0, 0, 10, 10, links), "the first share: the job now watches its only link");
        assertEquals(List.of("watch 0"), links.take());
        assertFalse(f.update(0, 0, 10, 10, links), "the answer: alone, as assumed");
        assertTrue(f.update(400, 0, 20, 10, links));
        // 400 done, 600 left at half speed.
        assertEquals(400 + 1200, f.end(400));
        assertFalse(f.update(500, 0, 20, 10, links), "the same share changes nothing");
        assertTrue(f.update(1000, 0, 10, 10, links));
        assertEquals(List.of(), links.take());
        // By 1000: 400 + 600 / 2 = 700 done; 300 left at full speed.
        assertEquals(1300, f.end(1000));
        assertFalse(f.unfinished(1300));
        assertEquals((400 + 600 * 2 + 300) / 1300.0, f.sigmaMean(1300), 1e-12);
        assertEquals(2.0, f.sigmaMax());
    }

    @Test
    void sigmaIsTheWorstLinkAndTheLimitKills() {
        FluidJob f = new FluidJob(1000, 0.5, 1.0, 100, 1500, 3);
        f.update(100, 0, 30, 10, links);
        f.update(100, 1, 10, 10, links);
        assertEquals(1.0, f.sigma(), "link 2 has not reported yet");
        f.update(100, 2, 20, 10, links);
        assertEquals(List.of("watch 0"), links.take());
        assertTrue(f.update(100, 0, 30, 10, links));
        assertEquals(3.0, f.sigma());
        // (0.5 + 0.5 * 3) * 1000 = 2000 > the limit of 1400 from the start.
        assertEquals(1500, f.end(100));
        assertTrue(f.unfinished(1500));
    }

    @Test
    void whenTheWatchedLinkFallsTheJobAsksTheLinksAboveItsNewRatioAndWaitsForThem() {
        FluidJob f = new FluidJob(1000, 1.0, 1.0, 0, 10_000, 4);
        f.update(0, 0, 50, 10, links);
        f.update(0, 1, 40, 10, links);
        f.update(0, 2, 20, 10, links);
        f.update(0, 3, 10, 10, links);
        f.update(0, 0, 50, 10, links);
        assertEquals(List.of("watch 0"), links.take());
        assertEquals(5.0, f.sigma());
        // Links 1 and 2 fell silently (to 1 and 1.5): the job still holds 4 and 2 for them.
        assertFalse(f.update(10, 0, 15, 10, links), "the bottleneck fell to 1.5: its bounds above are asked");
        assertEquals(List.of("refresh 1", "refresh 2"), links.take());
        assertEquals(5.0, f.sigma(), "sigma waits for the answers");
        assertFalse(f.update(10, 2, 15, 10, links));
        assertTrue(f.update(10, 1, 10, 10, links), "answered: link 0 (1.5) is the largest, tied with link 2");
        assertEquals(1.5, f.sigma());
        assertFalse(f.update(10, 3, 30, 10, links), "link 3 rose above: it is watched instead, and must answer");
        assertEquals(List.of("unwatch 0", "watch 3"), links.take());
        assertEquals(1.5, f.sigma());
        assertTrue(f.update(10, 3, 30, 10, links));
        assertEquals(3.0, f.sigma());
        assertEquals(5.0, f.sigmaMax());
    }

    @Test
    void aRerouteStartsAgainFromAloneUntilTheNewLinksReport() {
        FluidJob f = new FluidJob(1000, 1.0, 1.0, 0, 10_000, 2);
        f.update(0, 0, 30, 10, links);
        f.update(0, 1, 10, 10, links);
        f.update(0, 0, 30, 10, links);
        assertEquals(3.0, f.sigma());
        links.take();
        f.reroute(100, 3);
        assertEquals(1.0, f.sigma());
        f.update(100, 2, 20, 10, links);
        f.update(100, 0, 10, 10, links);
        f.update(100, 1, 10, 10, links);
        assertEquals(List.of("watch 2"), links.take(), "the old watch went with the old links");
        assertTrue(f.update(100, 2, 20, 10, links));
        assertEquals(2.0, f.sigma());
        assertEquals(100 / 3.0 + 100 / 2.0, f.done(200), 1e-9);
    }
}
