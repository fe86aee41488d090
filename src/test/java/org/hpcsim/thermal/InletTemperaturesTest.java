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
    void powersSetTogetherMoveADenseRoomExactlyAsOneAtATime() throws IOException {
        HeatModel d = ThermalData.d2014();
        int n = d.size();
        Random random = new Random(4);
        InletTemperatures single = new InletTemperatures(d);
        InletTemperatures batch = new InletTemperatures(d);
        for (int round = 0; round < 10; round++) {
            int count = 1 + random.nextInt(2 * n);
            int[] nodes = new int[count];
            double[] watts = new double[count];
            for (int q = 0; q < count; q++) {
                nodes[q] = random.nextInt(n);
                watts[q] = random.nextInt(3) == 0 ? single.power(nodes[q]) : 1000 + 1500 * random.nextDouble();
                single.setPower(nodes[q], watts[q]);
            }
            batch.setPowers(nodes, watts, count);
            for (int i = 0; i < n; i++) {
                assertEquals(single.rise(i), batch.rise(i), 0.0, "bit for bit, node " + i);
                assertEquals(single.power(i), batch.power(i), 0.0);
            }
            assertEquals(single.itPower(), batch.itPower(), 0.0);
        }
        assertThrows(IllegalArgumentException.class, () -> batch.setPowers(new int[] {0, 1}, new double[] {5, -1}, 2));
    }

    @Test
    void powersSetTogetherInASeriesRoomAgreeWithOneAtATime() {
        HeatModel d = new SeriesHeatModel(HeatModels.syntheticA(RoomLayout.parse("3x6x5", 10, 2)), HeatModels.K_MENG);
        int n = d.size();
        InletTemperatures single = new InletTemperatures(d);
        InletTemperatures batch = new InletTemperatures(d);
        int[] all = new int[n];
        double[] idle = new double[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
            idle[i] = 1000;
            single.setPower(i, 1000);
        }
        batch.setPowers(all, idle, n);
        // A job of nodes 10-29 starts, one of 5-9 ends, and node 12 is set twice.
        int[] nodes = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 5, 6, 7, 8, 9, 12};
        double[] watts = new double[nodes.length];
        java.util.Arrays.fill(watts, 2400);
        java.util.Arrays.fill(watts, 20, 25, 0);
        watts[25] = 1700;
        for (int q = 0; q < nodes.length; q++) {
            single.setPower(nodes[q], watts[q]);
        }
        batch.setPowers(nodes, watts, nodes.length);
        for (int i = 0; i < n; i++) {
            assertEquals(single.rise(i), batch.rise(i), 1e-12 * single.rise(i), "node " + i);
        }
        assertEquals(1700, batch.power(12));
        assertEquals(single.itPower(), batch.itPower(), 0.0);
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
