package org.hpcsim.thermal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeriesHeatModelTest {
    @TempDir
    Path dir;

    private static void assertSameD(CrossInterferenceMatrix a) {
        double k = HeatModels.K_MENG;
        HeatModel dense = DenseHeatModel.fromA(a, k);
        HeatModel series = new SeriesHeatModel(a, k);
        int n = a.size();
        double diff = 0;
        double scale = 0;
        double sumDiff = 0;
        double sumScale = 0;
        for (int j = 0; j < n; j++) {
            double[] column = new double[n];
            series.addColumn(j, 1.0, column);
            for (int i = 0; i < n; i++) {
                diff = Math.max(diff, Math.abs(column[i] - dense.entry(i, j)));
                scale = Math.max(scale, Math.abs(dense.entry(i, j)));
            }
            sumDiff = Math.max(sumDiff, Math.abs(series.columnSum(j) - dense.columnSum(j)));
            sumScale = Math.max(sumScale, Math.abs(dense.columnSum(j)));
        }
        assertTrue(diff / scale <= 1e-9, "series vs dense: " + diff / scale);
        assertTrue(sumDiff / sumScale <= 1e-9, "column sums: " + sumDiff / sumScale);
        assertEquals(dense.entry(n - 1, 0), series.entry(n - 1, 0), 1e-9 * scale);
    }

    @Test
    void seriesEqualsDenseOnTheShared40NodeA() throws IOException {
        Path csv = ThermalData.file(ThermalData.A_40);
        CrossInterferenceMatrix.Builder b = new CrossInterferenceMatrix.Builder(40);
        int i = 0;
        for (String line : Files.readAllLines(csv)) {
            if (!line.startsWith("#")) {
                String[] v = line.split(",");
                for (int j = 0; j < 40; j++) {
                    b.set(i, j, Double.parseDouble(v[j]));
                }
                i++;
            }
        }
        assertSameD(b.build());
    }

    @Test
    void seriesEqualsDenseOnSyntheticRooms() {
        assertSameD(HeatModels.syntheticA(RoomLayout.MENG));
        assertSameD(HeatModels.syntheticA(RoomLayout.parse("3x7x6", 10, 2)));
        assertSameD(HeatModels.syntheticA(RoomLayout.parse("1x1x1", 10, 2)));
    }

    @Test
    void aNodeThatRecirculatesNothingHasAZeroColumn() {
        CrossInterferenceMatrix a = new CrossInterferenceMatrix.Builder(3).set(1, 2, 0.5).build();
        HeatModel series = new SeriesHeatModel(a, 2);
        double[] out = new double[3];
        series.addColumn(0, 7, out);
        assertEquals(0, out[0] + out[1] + out[2]);
        series.addColumn(1, 4, out);
        assertEquals(1.0, out[2], 1e-15, "4 W x 0.5 / k");
    }

    @Test
    void severalChangesInOneSeriesAgreeWithTheirColumnsAddedOneByOne() {
        HeatModel series = new SeriesHeatModel(HeatModels.syntheticA(RoomLayout.parse("4x9x6", 10, 2)),
                HeatModels.K_MENG);
        int n = series.size();
        java.util.SplittableRandom r = new java.util.SplittableRandom(9);
        for (int round = 0; round < 30; round++) {
            int count = 2 + r.nextInt(40);
            int[] nodes = new int[count];
            double[] scales = new double[count];
            for (int q = 0; q < count; q++) {
                // Repeats, and rises as well as falls (a job ends where another starts).
                nodes[q] = r.nextInt(round % 3 == 0 ? 5 : n);
                scales[q] = r.nextBoolean() ? 1500 : -1500 * r.nextDouble();
            }
            double[] oneByOne = new double[n];
            for (int q = 0; q < count; q++) {
                series.addColumn(nodes[q], scales[q], oneByOne);
            }
            double[] together = new double[n];
            series.addColumns(nodes, scales, count, together);
            double scale = 0;
            for (double v : oneByOne) {
                scale = Math.max(scale, Math.abs(v));
            }
            for (int i = 0; i < n; i++) {
                assertEquals(oneByOne[i], together[i], 1e-12 * scale, "round " + round + ", node " + i);
            }
        }
        double[] out = new double[n];
        series.addColumns(new int[] {3}, new double[] {2.5}, 1, out);
        double[] column = new double[n];
        series.addColumn(3, 2.5, column);
        assertEquals(java.util.Arrays.toString(column), java.util.Arrays.toString(out), "one change is one column");
    }

    @Test
    void theProductWithAPowerVectorIsOneSeriesThatMatchesTheDenseD() {
        CrossInterferenceMatrix a = HeatModels.syntheticA(RoomLayout.parse("3x7x6", 10, 2));
        HeatModel dense = DenseHeatModel.fromA(a, HeatModels.K_MENG);
        HeatModel series = new SeriesHeatModel(a, HeatModels.K_MENG);
        int n = a.size();
        double[] p = new double[n];
        for (int j = 0; j < n; j++) {
            p[j] = j % 7 == 0 ? 0 : 1000 + 37 * j;
        }
        double[] expected = new double[n];
        dense.multiply(p, expected);
        double[] got = new double[n];
        java.util.Arrays.fill(got, 99);
        series.multiply(p, got);
        for (int i = 0; i < n; i++) {
            assertEquals(expected[i], got[i], 1e-9 * expected[i], "node " + i);
        }
    }
}
