package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.cli.ProgressText.SweepCounters;
import org.hpcsim.cli.ProgressText.SweepRun;
import org.junit.jupiter.api.Test;

class ProgressTextTest {
    private static RunCounters reading(long bytesRead, long size, int jobs) {
        return new RunCounters("t.swf.gz", size, bytesRead, jobs, false, false, 0, 0, 0, 0);
    }

    private static RunCounters simulating(int done, int jobs, long seconds, long events) {
        return new RunCounters("t.swf.gz", 1000, 1000, jobs, true, true, done, jobs, seconds * 1_000_000, events);
    }

    @Test
    void whileTheTraceIsReadTheLineShowsTheShareOfItsBytesAndTheJobsSoFar() {
        assertEquals("reading trace t.swf.gz: 45 %, 34816 jobs", ProgressText.run(reading(450, 1000, 34816), null, 3));
        assertEquals("reading trace t.swf.gz: 0 %, 0 jobs", ProgressText.run(reading(0, 1000, 0), null, 0));
        // the buffer reads ahead: the last bytes are in before the last jobs are parsed
        assertEquals("reading trace t.swf.gz: 99 %, 77000 jobs", ProgressText.run(reading(1000, 1000, 77000), null, 4));
        assertEquals("reading trace t.swf.gz: 12 jobs", ProgressText.run(reading(0, 0, 12), null, 1), "size unknown");
    }

    @Test
    void onceReadAndBeforeTheSimulationIsBuiltTheLineSaysSo() {
        RunCounters read = new RunCounters("t.swf", 1000, 1000, 77222, true, false, 0, 0, 0, 0);
        assertEquals("read t.swf: 77222 jobs; preparing the simulation", ProgressText.run(read, null, 0));
    }

    @Test
    void aRunsLineShowsPercentOfJobsTimeLeftAtTheAverageSpeedJobsSimulatedTimeAndRate() {
        RunCounters start = simulating(0, 80000, 0, 0);
        // a quarter done in 30 s: three quarters left, 90 s at that speed
        assertEquals("25.0 %  1 min 30 s left  jobs 20000/80000  t=57 d 20:53:20  100000 events/s",
                ProgressText.run(simulating(20000, 80000, 5_000_000, 3_000_000), start, 30));
        // from a later start: only the progress since then counts
        RunCounters later = simulating(8000, 80000, 0, 0);
        assertEquals("20.0 %  16 min 00 s left  jobs 16000/80000  t=0 d 00:00:10  50 events/s",
                ProgressText.run(simulating(16000, 80000, 10, 6000), later, 120));
    }

    @Test
    void thePercentIsRoundedDownSoOnlyAFinishedRunShowsAHundred() {
        RunCounters start = simulating(0, 1000, 0, 0);
        assertTrue(ProgressText.run(simulating(999, 1000, 9, 9), start, 10).startsWith("99.9 %  0 s left"));
        assertTrue(ProgressText.run(simulating(1000, 1000, 9, 9), start, 10).startsWith("100.0 %  jobs"), "no time left shown");
        assertEquals("0.1 %", ProgressText.percent(0.00199));
    }

    @Test
    void noTimeLeftIsShownWithTooLittleToGoOn() {
        RunCounters start = simulating(0, 10000, 0, 0);
        assertEquals("0.9 %  jobs 99/10000  t=0 d 00:00:01  0 events/s", ProgressText.run(simulating(99, 10000, 1, 0), start, 60),
                "under 1 % of progress");
        assertEquals("50.0 %  jobs 5000/10000  t=0 d 00:00:01  0 events/s", ProgressText.run(simulating(5000, 10000, 1, 0), start, 0.5),
                "under a second");
        assertEquals("", ProgressText.left(0.5, 0.5, 100), "no progress");
    }

    @Test
    void durationsReadAsSecondsMinutesOrHours() {
        assertEquals("59 s", ProgressText.duration(59.4));
        assertEquals("1 min 00 s", ProgressText.duration(59.6));
        assertEquals("59 min 59 s", ProgressText.duration(3599));
        assertEquals("1 h 00 min", ProgressText.duration(3600));
        assertEquals("26 h 03 min", ProgressText.duration(26 * 3600 + 3 * 60 + 10));
    }

    @Test
    void aSweepsLineShowsRunsDoneTimeLeftAndEachRunningRunsPercent() {
        SweepCounters c = new SweepCounters(8, 3, 6, 1, List.of(
                new SweepRun(4, simulating(500, 1000, 1, 1)),
                new SweepRun(5, reading(300, 1000, 10))));
        // this session: 1 run done + half of run 4 of 6 to do = a quarter, in 60 s: 180 s left
        assertEquals("3/8 runs done  3 min 00 s left  run 4/8 50.0 %  run 5/8 reading 30 %", ProgressText.sweep(c, 60));
    }

    @Test
    void aSweepsLineNamesAtMostThreeRunningRunsAndCountsTheRest() {
        List<SweepRun> running = List.of(new SweepRun(1, simulating(1, 10, 1, 1)), new SweepRun(2, simulating(2, 10, 1, 1)),
                new SweepRun(3, simulating(3, 10, 1, 1)), new SweepRun(4, simulating(4, 10, 1, 1)),
                new SweepRun(5, new RunCounters("t", 10, 10, 5, true, false, 0, 0, 0, 0)));
        assertEquals("0/16 runs done  run 1/16 10.0 %  run 2/16 20.0 %  run 3/16 30.0 %  +2 more",
                ProgressText.sweep(new SweepCounters(16, 0, 16, 0, running), 0.5));
    }

    @Test
    void aRunOfASweepThatIsBuildingItsSimulationShowsPreparing() {
        SweepCounters c = new SweepCounters(2, 0, 2, 0, List.of(
                new SweepRun(1, new RunCounters("t", 10, 10, 5, true, false, 0, 0, 0, 0))));
        assertEquals("0/2 runs done  run 1/2 preparing", ProgressText.sweep(c, 5));
    }
}
