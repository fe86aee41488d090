package org.hpcsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringWriter;
import java.util.List;
import org.hpcsim.time.SimTime;
import org.junit.jupiter.api.Test;

/** timeseries.csv without a simulation: rows at instants' ends, thinning, optional columns. */
class TimeSeriesLogTest {
    private static final long S = SimTime.MICROS_PER_SECOND;
    private static final String BASE = "time,busy_nodes,failed_nodes,drained_nodes,queued_jobs,running_jobs,utilization";

    private final StringWriter text = new StringWriter();

    private TimeSeriesLog log(boolean thermal, int links, long interval) {
        return new TimeSeriesLog(text, 8, thermal, links, interval);
    }

    private List<String> lines() {
        return List.of(text.toString().split("\n"));
    }

    @Test
    void theHeaderHasTheOptionalGroupsInOrder() {
        assertEquals(BASE, TimeSeriesLog.header(false, false));
        assertEquals(BASE + ",it_power_w,cooling_power_w,supply_c,max_inlet_c", TimeSeriesLog.header(true, false));
        assertEquals(BASE + ",mean_link_load,max_link_load", TimeSeriesLog.header(false, true));
        assertEquals(BASE + ",it_power_w,cooling_power_w,supply_c,max_inlet_c,mean_link_load,max_link_load",
                TimeSeriesLog.header(true, true));
        TimeSeriesLog l = log(true, 4, 0);
        l.close();
        assertEquals(List.of(TimeSeriesLog.header(true, true)), lines(), "nothing changed: the header alone");
    }

    @Test
    void oneRowPerInstantShowingItsEnd() {
        TimeSeriesLog l = log(false, -1, 0);
        l.counts(0, 0, 0, 0, 0, 0); // the state before anything: no change, no row
        l.counts(5 * S, 0, 0, 0, 3, 0);
        l.counts(5 * S, 6, 0, 0, 1, 2); // the same instant, after the pass: this one shows
        l.counts(7 * S + 500_000, 6, 1, 1, 1, 2);
        l.counts(9 * S, 6, 1, 1, 1, 2); // reported again, unchanged: no row
        l.counts(10 * S, 8, 1, 1, 0, 3);
        l.counts(10 * S, 6, 1, 1, 1, 2); // changed and back within the instant: no row
        l.counts(12 * S, 0, 0, 0, 0, 0);
        l.close();
        assertEquals(List.of(BASE,
                "5,6,0,0,1,2,0.750000",
                "7.5,6,1,1,1,2,0.750000",
                "12,0,0,0,0,0,0.000000"), lines());
    }

    @Test
    void theIntervalThinsRowsButKeepsTheFirstAndTheLast() {
        TimeSeriesLog l = log(false, -1, 60 * S);
        int busy = 0;
        for (long t : new long[] {0, 10, 20, 70, 100, 129, 130, 200}) {
            l.counts(t * S, ++busy, 0, 0, 0, 1);
        }
        l.close();
        // 0 is the first; 10, 20 are within 60 s of it; 70 is not; 100, 129 are within 60 s of 70; 130 is
        // exactly 60 s after 70; 200 is held back by nothing (70 s after 130); the last always shows.
        assertEquals(List.of(BASE, "0,1,0,0,0,1,0.125000", "70,4,0,0,0,1,0.500000", "130,7,0,0,0,1,0.875000",
                "200,8,0,0,0,1,1.000000"), lines());
    }

    @Test
    void theLastChangedInstantIsWrittenEvenWhenTheIntervalHeldItBack() {
        TimeSeriesLog l = log(false, -1, 3600 * S);
        l.counts(0, 2, 0, 0, 0, 1);
        l.counts(10 * S, 4, 0, 0, 0, 2);
        l.counts(20 * S, 0, 0, 0, 0, 0);
        l.counts(30 * S, 0, 0, 0, 0, 0); // unchanged: 20 s stays the last change
        l.close();
        assertEquals(List.of(BASE, "0,2,0,0,0,1,0.250000", "20,0,0,0,0,0,0.000000"), lines());
    }

    @Test
    void theRoomsColumnsAreEmptyUntilItsFirstSampleAndSupplyWhenNoUnitWorks() {
        TimeSeriesLog l = log(true, -1, 0);
        l.counts(0, 0, 1, 0, 0, 0);
        l.room(S, 1000.5, 250.25, 18.5, 29.1234567);
        l.counts(S, 2, 1, 0, 0, 1);
        l.room(2 * S, 1000.5, 0, Double.NaN, 31);
        l.close();
        assertEquals(List.of(TimeSeriesLog.header(true, false),
                "0,0,1,0,0,0,0.000000,,,,",
                "1,2,1,0,0,1,0.250000,1000.500,250.250,18.500000,29.123457",
                "2,2,1,0,0,1,0.250000,1000.500,0.000,,31.000000"), lines());
    }

    @Test
    void linkLoadsGiveTheMeanOverAllLinksAndTheMaxFoundAgainWhenItFalls() {
        TimeSeriesLog l = log(false, 3, 0);
        l.linkLoad(0, 0, 5);
        l.linkLoad(0, 1, 3);
        l.linkLoad(S, 0, 1); // the max link loses load: the max is link 1's 3
        l.linkLoad(2 * S, 1, 1);
        l.linkLoad(2 * S, 2, 2);
        l.linkLoad(3 * S, 2, 2); // the same load again: no row
        l.linkLoad(4 * S, 0, 0);
        l.linkLoad(4 * S, 1, 0);
        l.linkLoad(4 * S, 2, 0);
        l.close();
        assertEquals(List.of(TimeSeriesLog.header(false, true),
                "0,0,0,0,0,0,0.000000,2.666667,5",
                "1,0,0,0,0,0,0.000000,1.333333,3",
                "2,0,0,0,0,0,0.000000,1.333333,2",
                "4,0,0,0,0,0,0.000000,0.000000,0"), lines());
    }

    @Test
    void closingTwiceWritesOnceAndANegativeIntervalIsRefused() {
        TimeSeriesLog l = log(false, -1, 0);
        l.counts(S, 1, 0, 0, 0, 1);
        l.close();
        l.close();
        assertEquals(2, lines().size());
        assertThrows(IllegalArgumentException.class, () -> log(false, -1, -1));
    }
}
