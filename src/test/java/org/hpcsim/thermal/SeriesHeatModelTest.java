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
}
