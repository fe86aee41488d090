package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.hpcsim.report.JobsCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CdfPlotsTest {

    /** jobs.csv of jobs that ran 100 s each on node 0, with these waits (s). */
    private static Jobs jobs(Path dir, double... waits) {
        StringBuilder sb = new StringBuilder(JobsCsv.HEADER).append('\n');
        for (int i = 0; i < waits.length; i++) {
            double start = 10.0 * i + waits[i];
            sb.append(i).append(',').append(10 * i).append(',').append(waits[i]).append(',').append(start).append(',')
                    .append(start + 100).append(",100,100,1,0,completed,,,,,,,,,,,,,,,,,,1,").append(start).append('\n');
        }
        RunDirFixture.write(dir.resolve("jobs.csv"), sb.toString());
        return Jobs.read(dir.resolve("jobs.csv"), null, 1);
    }

    @Test
    void theWaitLegendNeverRoundsAFewLongWaitsAwayAndGivesTheMaximum(@TempDir Path dir) {
        // 2,999 jobs start at once, one waits 20,000 s: 99.97 % waited at most 1 s, not 100 %.
        double[] waits = new double[3000];
        waits[1234] = 20_000;
        Figure f = new CdfPlots(jobs(dir, waits)).waitCdf().figure();
        assertEquals(List.of("3,000 jobs that ran, mean 6.7 s, max 20000 s; 99.97 % (2,999) waited ≤ 1 s"),
                f.seriesNames());
    }

    @Test
    void aShareIsShownWithTheDecimalsThatKeepItFromZeroAndFromAll() {
        assertEquals("100", Numbers.percent(5, 5));
        assertEquals("0", Numbers.percent(0, 5));
        assertEquals("99.97", Numbers.percent(18_233, 18_239));
        assertEquals("0.005", Numbers.percent(1, 20_000));
        assertEquals("99.9999", Numbers.percent(999_999, 1_000_000));
        assertEquals("37.9", Numbers.percent(379, 1000));
    }
}
