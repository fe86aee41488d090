package org.hpcsim.thermal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InletTemperaturesTest {

    /** (D P)_i by the definition, entry by entry. */
    private static double[] direct(HeatModel d, double[] p) {
        double[] r = new double[d.size()];
        for (int i = 0; i < r.length; i++) {
            for (int j = 0; j < r.length; j++) {
                r[i] += d.entry(i, j) * p[j];
            }
        }
        return r;
    }

    private static void assertMatchesDirect(HeatModel d, long seed) {
        Random random = new Random(seed);
        int n = d.size();
        InletTemperatures t = new InletTemperatures(d);
        double[] p = new double[n];
        for (int round = 0; round < 20; round++) {
            if (round % 5 == 0) {
                // A whole random power vector, set node by node.
                for (int j = 0; j < n; j++) {
                    p[j] = 1000 + 1500 * random.nextDouble();
                    t.setPower(j, p[j]);
                }
            } else {
                // A random sequence of single changes, repeats and returns to idle included.
                for (int step = 0; step < 3 * n; step++) {
                    int j = random.nextInt(n);
                    p[j] = random.nextInt(4) == 0 ? 1000 : 1000 + 1500 * random.nextDouble();
                    t.setPower(j, p[j]);
                }
            }
            double[] expected = direct(d, p);
            double max = Double.NEGATIVE_INFINITY;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                assertEquals(expected[i], t.rise(i), 1e-9, "node " + i);
                assertEquals(expected[i], t.rises().get(i), 1e-9);
                assertEquals(p[i], t.power(i));
                max = Math.max(max, expected[i]);
                sum += p[i];
            }
            assertEquals(max, t.maxRise(), 1e-9);
            assertEquals(sum, t.itPower(), "summed again from P, in node order");
            assertEquals(Math.max(expected[0], expected[n - 1]), t.maxRise(new int[] {0, n - 1}), 1e-9);
        }
    }

    @Test
    void incrementalRisesEqualDirectDPOnSsts2014D() throws IOException {
        assertMatchesDirect(ThermalData.d2014(), 1);
    }

    @Test
    void incrementalRisesEqualDirectDPOnASyntheticRoom() {
        assertMatchesDirect(HeatModels.synthetic(RoomLayout.parse("3x6x5", 10, 2), HeatModels.K_MENG), 2);
        assertMatchesDirect(new SeriesHeatModel(HeatModels.syntheticA(RoomLayout.MENG), HeatModels.K_MENG), 3);
    }

    @Test
    void aNegativeOrNonFinitePowerIsRefused() {
        InletTemperatures t = new InletTemperatures(DenseHeatModel.of(new double[][] {{1}}));
        assertThrows(IllegalArgumentException.class, () -> t.setPower(0, -1));
        assertThrows(IllegalArgumentException.class, () -> t.setPower(0, Double.NaN));
        assertEquals(0, t.itPower());
        assertEquals(Double.NEGATIVE_INFINITY, t.maxRise(new int[0]));
    }
}
