package org.hpcsim.thermal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixReadersTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void sst2014TripletsReadWithTheAllZeroColumn40Ignored() throws IOException {
        HeatModel d = ThermalData.d2014();
        assertEquals(40, d.size());
        assertEquals(0.000520965, d.entry(0, 0));
        assertEquals(0.000134586, d.entry(0, 1));
        assertEquals(0.00028264, d.entry(0, 4));
    }

    @Test
    void finalMatrixMarketReadsAsGivenWithItsColumnsPermuted() throws IOException {
        HeatModel v2014 = ThermalData.d2014();
        HeatModel last = HeatModels.readD(ThermalData.file(ThermalData.D_FINAL), 40);
        // PROVENANCE: final[i][pi(j)] = v2014[i][j], pi(j) = 20 (r div 5) + 5 h + (r mod 5) for j = 4 r + h.
        // The reader does not undo this: the file is read as it is.
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 40; j++) {
                int r = j / 4;
                int h = j % 4;
                assertEquals(v2014.entry(i, j), last.entry(i, 20 * (r / 5) + 5 * h + r % 5), () -> "entry");
            }
        }
        assertTrue(last.entry(0, 1) != v2014.entry(0, 1), "columns differ in order");
    }

    @Test
    void csvMatrixMarketArrayAndTripletsGiveTheSameMatrix() throws IOException {
        HeatModel csv = HeatModels.readD(write("d.csv", "# a comment\n1,2,0\n\n-3,4.5,0\n0,0,6e-3\n"), 3);
        HeatModel array = HeatModels.readD(write("d.mtx",
                "%%MatrixMarket matrix array real general\n% comment\n3 3\n1\n-3\n0\n2\n4.5\n0\n0\n0\n6e-3\n"), 3);
        HeatModel coordinate = HeatModels.readD(write("c.mtx",
                "%%MatrixMarket matrix coordinate real general\n3 3 5\n1 1 1\n1 2 2\n2 1 -3\n2 2 4.5\n3 3 6e-3\n"), 3);
        HeatModel triplets = HeatModels.readD(write("d.txt", "0 0 1\n0 1 2\n1 0 -3\n1 1 4.5\n2 2 6e-3\n2 3 0\n"), 3);
        for (HeatModel d : new HeatModel[] {array, coordinate, triplets}) {
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    assertEquals(csv.entry(i, j), d.entry(i, j));
                }
            }
        }
        assertEquals(-2, csv.columnSum(0));
        assertEquals(-3, csv.entry(1, 0), "negative entries of D are allowed");
    }

    private InputException badD(String name, String text, int nodes) throws IOException {
        Path p = write(name, text);
        return assertThrows(InputException.class, () -> HeatModels.readD(p, nodes));
    }

    private InputException badA(String name, String text, int nodes) throws IOException {
        Path p = write(name, text);
        return assertThrows(InputException.class, () -> HeatModels.fromA(p, nodes, HeatModels.K_MENG));
    }

    private static void assertError(InputException e, String file, long line, String field, String words) {
        assertTrue(e.source().endsWith(file), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }

    @Test
    void badMatricesAreReportedWithFileLineAndField() throws IOException {
        assertError(badD("size.mtx", "%%MatrixMarket matrix coordinate real general\n30 30 1\n1 1 1\n", 40),
                "size.mtx", 2, "size line", "the matrix is 30 x 30 but the room has 40 nodes");
        assertError(badD("sym.mtx", "%%MatrixMarket matrix coordinate real symmetric\n2 2 0\n", 2),
                "sym.mtx", 1, "header", "expected '%%MatrixMarket matrix coordinate|array");
        assertError(badD("count.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 1\n2 2 1\n", 2),
                "count.mtx", 4, "entries", "declares 3 entries, found 2");
        assertError(badD("range.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n", 2),
                "range.mtx", 3, "row index", "3 is outside 1..2");
        assertError(badD("rows.csv", "1,2\n3,4\n5,6\n", 2), "rows.csv", 3, "row 3", "more than the 2 rows");
        assertError(badD("short.csv", "1,2\n3\n", 2), "short.csv", 2, "row 2", "expected 2 comma-separated values, got 1");
        assertError(badD("few.csv", "# header\n1,2\n", 2), "few.csv", 2, "rows", "expected 2 rows, found 1");
        assertError(badD("nan.csv", "1,NaN\n3,4\n", 2), "nan.csv", 1, "row 1, column 2", "'NaN' is not a finite number");
        assertError(badD("word.txt", "0 0 1\n1 1 x1\n", 2), "word.txt", 2, "entry (1, 1)", "'x1' is not a finite number");
        assertError(badD("out.txt", "0 0 1\n1 1 1\n1 2 0.5\n", 2), "out.txt", 3, "entry (1, 2)",
                "outside the 2 x 2 matrix (0-based indices up to 1) with a nonzero value");
        assertError(badD("small.txt", "0 0 1\n1 1 1\n", 3), "small.txt", 2, "size", "no entry names node 2");
        assertError(badD("twice.txt", "0 0 1\n1 1 1\n0 0 2\n", 2), "twice.txt", 3, "entry (0, 0)", "given twice");
        assertError(badD("neg.txt", "0 -1 1\n1 1 1\n", 2), "neg.txt", 1, "entry (0, -1)", "cannot be negative");
        assertError(badD("what.txt", "0 0 1 7\n", 2), "what.txt", 1, "format", "expected MatrixMarket");
        assertError(badD("empty.txt", "\n\n", 2), "empty.txt", 0, "file", "empty file");
        InputException missing = assertThrows(InputException.class,
                () -> HeatModels.readD(dir.resolve("nope.txt"), 2));
        assertError(missing, "nope.txt", 0, "file", "no such file");
    }

    @Test
    void aMustHoldFractionsWithRowSumsBelowOne() throws IOException {
        assertError(badA("neg.csv", "0.1,-0.2\n0,0\n", 2), "neg.csv", 1, "row 1, column 2",
                "a fraction of outlet heat cannot be negative");
        assertError(badA("sum.txt", "0 0 0.5\n1 1 0.1\n0 1 0.5\n", 2), "sum.txt", 3, "entry (0, 1)",
                "this row of A now sums to 1.0 >= 1");
        // Column sums above 1 are allowed (the shared 40-node A has one of 1.05).
        HeatModel d = HeatModels.fromA(write("cols.csv", "0.6,0\n0.6,0\n"), 2, 1.0);
        assertTrue(d.entry(0, 0) > 0);
    }
}
