package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.hpcsim.report.FailureLog;
import org.hpcsim.report.JobsCsv;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobsTest {
    @TempDir
    Path dir;

    private static String row(String id, String wait, String start, String end, String nodes, String status,
                              String firstStart) {
        String run = start.isEmpty() ? "" : Double.toString(Double.parseDouble(end) - Double.parseDouble(start));
        return id + ",0," + wait + "," + start + "," + end + "," + run + ",100,2," + nodes + "," + status
                + ",,,,,,,,,,,,,,,,,,1," + firstStart + "\n";
    }

    @Test
    void readsTheJobsAndTheNodeTimeOfTheirLastAndRequeuedAttempts() {
        RunDirFixture.write(dir.resolve("jobs.csv"), JobsCsv.HEADER + "\n"
                + row("7", "5", "50", "80", "0;1;2", "completed", "5")
                + row("8", "", "", "", "", "rejected", "")
                + row("9", "0", "10", "20", "3", "failed", "10"));
        RunDirFixture.write(dir.resolve("attempts.csv"), FailureLog.ATTEMPTS_HEADER + "\n"
                + "7,1,5,25,4;5,requeued,node 4 failed,0,0.011111\n"
                + "9,1,10,20,3,failed,node 3 failed,0,0.002778\n");
        Jobs jobs = Jobs.read(dir.resolve("jobs.csv"), dir.resolve("attempts.csv"), 8);
        assertEquals(3, jobs.count);
        assertEquals(2, jobs.ranCount());
        assertFalse(jobs.ran(1));
        assertEquals(5, jobs.firstStart[0]);
        Jobs.Holds h = jobs.holds;
        assertEquals(3, h.count(), "two last attempts and the requeued one; the failed attempt is job 9's last");
        assertArrayEquals(new int[] {0, 2, 0}, h.job());
        assertArrayEquals(new int[] {4, 5}, h.nodes()[2]);
        assertEquals(25, h.end()[2]);
    }

    @Test
    void aNodeOffTheMachineOrAMalformedListIsBadInputNamingLineAndColumn() {
        RunDirFixture.write(dir.resolve("jobs.csv"), JobsCsv.HEADER + "\n" + row("1", "0", "0", "1", "1;12", "completed", "0"));
        InputException off = assertThrows(InputException.class, () -> Jobs.read(dir.resolve("jobs.csv"), null, 8));
        assertEquals(dir.resolve("jobs.csv") + ":2: nodes: node 12 is not on the machine (8 nodes)", off.getMessage());
        RunDirFixture.write(dir.resolve("jobs.csv"), JobsCsv.HEADER + "\n" + row("1", "0", "0", "1", "1;x", "completed", "0"));
        InputException bad = assertThrows(InputException.class, () -> Jobs.read(dir.resolve("jobs.csv"), null, 8));
        assertTrue(bad.getMessage().contains(":2: nodes: expected node ids separated by ';'"), bad.getMessage());
    }

    @Test
    void aJobsFileWithoutItsColumnsNamesTheColumn() {
        RunDirFixture.write(dir.resolve("jobs.csv"), "id,submit\n1,0\n");
        InputException e = assertThrows(InputException.class, () -> Jobs.read(dir.resolve("jobs.csv"), null, 8));
        assertTrue(e.getMessage().startsWith(dir.resolve("jobs.csv") + ":1: wait: missing column"), e.getMessage());
    }
}
