package org.hpcsim.network;

import static org.hpcsim.network.CommPatternTest.flows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MatrixPatternTest {
    @TempDir
    Path dir;
    private int files;

    private MatrixPattern read(String text) throws IOException {
        return MatrixPattern.read(Files.writeString(dir.resolve("m" + files++ + ".mtx"), text));
    }

    private String error(String text) throws IOException {
        Path file = Files.writeString(dir.resolve("bad" + files++ + ".mtx"), text);
        String message = assertThrows(IllegalArgumentException.class, () -> MatrixPattern.read(file)).getMessage();
        String prefix = file + ":";
        assertEquals(prefix, message.substring(0, prefix.length()), message);
        return message.substring(prefix.length());
    }

    @Test
    void generalPatternMatrixHasOneFlowPerOffDiagonalEntry() throws IOException {
        MatrixPattern m = read("""
                %%MatrixMarket matrix coordinate pattern general
                % a comment
                %
                3 3 4
                1 2
                3 1
                2 2
                3 2
                """);
        assertEquals(3, m.tasks());
        assertEquals(List.of("0>1", "2>0", "2>1"), flows(m, 3));
        assertEquals(3, m.flowCount());
    }

    @Test
    void symmetricMatrixGivesBothDirectionsAndIgnoresTheDiagonal() throws IOException {
        MatrixPattern m = read("""
                %%MatrixMarket matrix coordinate pattern symmetric
                4 4 5
                1 1
                2 1
                3 2

                4 3
                4 4
                """);
        assertEquals(List.of("0>1", "1>0", "1>2", "2>1", "2>3", "3>2"), flows(m, 4));
    }

    @Test
    void valuesOfRealIntegerAndComplexMatricesAreIgnoredZerosIncluded() throws IOException {
        String entries = "3 3 2\n1 2 %s\n3 1 %s\n";
        List<String> expected = List.of("0>1", "2>0");
        assertEquals(expected, flows(read("%%MatrixMarket matrix coordinate real general\n" + entries.formatted("0.5", "-1e3")), 3));
        assertEquals(expected, flows(read("%%MatrixMarket matrix coordinate integer general\n" + entries.formatted("0", "7")), 3));
        assertEquals(expected, flows(read("%%MatrixMarket matrix coordinate complex general\n" + entries.formatted("1 0", "0 2")), 3));
        assertEquals(List.of("0>1", "0>2", "1>0", "2>0"),
                flows(read("%%MatrixMarket matrix coordinate integer symmetric\n" + entries.formatted("4", "5")), 3));
    }

    @Test
    void headerWordsAreCaseInsensitiveAndRepeatedEntriesAreOneFlow() throws IOException {
        MatrixPattern m = read("%%MatrixMarket MATRIX Coordinate Pattern GENERAL\n2 2 3\n1 2\n1 2\n2 1\n");
        assertEquals(List.of("0>1", "1>0"), flows(m, 2));
        assertEquals("matrix " + m.file(), m.toString());
    }

    @Test
    void aMatrixIsForJobsOfItsOrderOnly() throws IOException {
        MatrixPattern m = read("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.forEachFlow(4, (s, t) -> { }));
        assertEquals("matrix " + m.file() + " has 3 tasks, the job has 4", e.getMessage());
    }

    @Test
    void eachPathIsParsedOnce() throws IOException {
        Path file = Files.writeString(dir.resolve("g.mtx"), "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n");
        MatrixPattern first = MatrixPattern.read(file);
        assertSame(first, MatrixPattern.read(dir.resolve(".").resolve("g.mtx")));
        Path copy = Files.copy(file, dir.resolve("h.mtx"));
        assertNotSame(first, MatrixPattern.read(copy));
    }

    @Test
    void malformedFilesAreRefusedWithFileAndLine() throws IOException {
        String pattern = "%%MatrixMarket matrix coordinate pattern general\n";
        assertEquals("1: empty file, expected a '%%MatrixMarket matrix coordinate ...' header", error(""));
        assertEquals("1: expected '%%MatrixMarket matrix coordinate FIELD SYMMETRY', found '3 3 1'", error("3 3 1\n1 2\n"));
        assertEquals("1: a communication graph must be a 'coordinate' matrix, not 'array'",
                error("%%MatrixMarket matrix array real general\n3 2\n1\n2\n3\n4\n5\n6\n"));
        assertEquals("1: unknown field 'boolean' (expected pattern, real, integer or complex)",
                error("%%MatrixMarket matrix coordinate boolean general\n"));
        assertEquals("1: unknown symmetry 'upper' (expected general, symmetric, skew-symmetric or hermitian)",
                error("%%MatrixMarket matrix coordinate real upper\n"));
        assertEquals("2: missing the 'rows columns entries' line", error(pattern + "% only a comment\n"));
        assertEquals("3: expected 'rows columns entries', found 2 fields", error(pattern + "%\n3 3\n"));
        assertEquals("2: entries: 'x' is not a count", error(pattern + "3 3 x\n"));
        assertEquals("2: a communication graph must be square, this matrix is 3 x 4", error(pattern + "3 4 1\n1 2\n"));
        assertEquals("4: column: '0' is not an index in 1..3", error(pattern + "3 3 2\n1 2\n2 0\n"));
        assertEquals("3: expected 'row column', found 3 fields", error(pattern + "3 3 1\n1 2 1.0\n"));
        assertEquals("3: expected 'row column value', found 2 fields",
                error("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n"));
        assertEquals("3: value: 'heavy' is not a number",
                error("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 heavy\n"));
        assertEquals("3: value: '1.5' is not an integer",
                error("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 1.5\n"));
        assertEquals("4: 3 entries declared on line 2, found 2", error(pattern + "3 3 3\n1 2\n2 3\n"));
        assertEquals("4: more entries than the 1 declared on line 2", error(pattern + "3 3 1\n1 2\n2 3\n"));
    }

    @Test
    void sphere3IsTheSymmetricGraphOf258TasksSstsAtlasJobsUse() {
        Path file = SharedData.file("peer-data/sst/elements-final/simulations/sphere3.mtx");
        MatrixPattern m = MatrixPattern.read(file);
        assertEquals(258, m.tasks());
        // 1,026 entries: the 258 diagonal ones and 768 below it, each both ways.
        assertEquals(2 * 768, m.flowCount());
    }

    @Test
    void historicalGraphFilesAllParse() {
        String[] names = {"GD96_c", "GD98_c", "GD99_b", "Sandi_authors", "grid1", "grid1_dual"};
        int[] tasks = {65, 112, 64, 86, 252, 224};
        for (int i = 0; i < names.length; i++) {
            MatrixPattern m = MatrixPattern.read(SharedData.file("peer-data/sst/elements-2017-historical/graph_files/" + names[i] + ".mtx"));
            assertEquals(tasks[i], m.tasks(), names[i]);
        }
    }
}
