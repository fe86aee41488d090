package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.hpcsim.report.JobsCsv;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableTest {
    @TempDir
    Path dir;

    @Test
    void readsColumnsByHeaderNameInAnyOrderWithEmptyFieldsAsNaN() {
        Path f = dir.resolve("t.csv");
        RunDirFixture.write(f, "b,time,a\n1,0,x\n,2.5,y\n\n3,7,z\n");
        Table t = Table.read(f, List.of("time"), List.of("b", "missing"));
        assertEquals(3, t.rows());
        assertArrayEquals(new double[] {0, 2.5, 7}, t.column("time"));
        assertTrue(Double.isNaN(t.column("b")[1]));
        assertNull(t.column("missing"));
        assertFalse(t.has("a"), "columns not asked for are not read");
        assertEquals(5, t.line(2), "a blank line still counts");
        assertTrue(t.defined("b"));
    }

    @Test
    void aMissingColumnOrABadNumberNamesTheFileLineAndColumn() {
        Path f = dir.resolve("t.csv");
        RunDirFixture.write(f, "time,b\n0,1\n1,one\n");
        InputException bad = assertThrows(InputException.class, () -> Table.read(f, List.of("time", "b"), List.of()));
        assertEquals(f + ":3: b: not a number: 'one'", bad.getMessage());
        InputException missing = assertThrows(InputException.class, () -> Table.read(f, List.of("time", "c"), List.of()));
        assertTrue(missing.getMessage().startsWith(f + ":1: c: missing column"), missing.getMessage());
        InputException none = assertThrows(InputException.class,
                () -> Table.read(dir.resolve("none.csv"), List.of("time"), List.of()));
        assertEquals(dir.resolve("none.csv") + ": no such file", none.getMessage());
    }

    @Test
    void quotedFieldsKeepTheirCommasAndQuotes() {
        Path f = dir.resolve("q.csv");
        RunDirFixture.write(f, "id,reason,n\n1,\"a, \"\"b\"\"\",2\n");
        try (Csv csv = Csv.open(f)) {
            assertTrue(csv.next());
            assertEquals("a, \"b\"", csv.text(csv.column("reason")));
            assertEquals(2, csv.number(csv.column("n")));
        }
    }

    @Test
    void theFixturesJobsRowsHaveAsManyFieldsAsTheHeader() {
        RunDirFixture.jobs(dir, 14, 16);
        int columns = JobsCsv.HEADER.split(",").length;
        try (Csv csv = Csv.open(dir.resolve("jobs.csv"))) {
            int last = csv.column("first_start");
            assertEquals(columns - 1, last);
            while (csv.next()) {
                assertEquals("", csv.text(last + 1), "no field past the header");
                assertFalse(csv.text(last - 1).isEmpty(), "attempts is filled on line " + csv.line());
            }
        }
    }
}
