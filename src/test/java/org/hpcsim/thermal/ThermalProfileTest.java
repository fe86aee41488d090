package org.hpcsim.thermal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ThermalProfileTest {

    @Test
    void sstOrderOnTheFortyNodeRoomIsTwentyZPlusFiveThreeMinusXPlusFourMinusY() {
        RoomLayout room = new RoomLayout(2, 5, 4, 10, 2);
        int[] index = ThermalProfile.SST_2014.fileIndex(room);
        for (int z = 0; z < 2; z++) {
            for (int y = 0; y < 5; y++) {
                for (int x = 0; x < 4; x++) {
                    assertEquals(20 * z + 5 * (3 - x) + (4 - y), index[room.index(z, y, x)]);
                }
            }
        }
        int[] sorted = index.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            assertEquals(i, sorted[i]);
        }
        int[] paper = ThermalProfile.PAPER.fileIndex(room);
        for (int i = 0; i < paper.length; i++) {
            assertEquals(i, paper[i]);
        }
    }

    /**
     * SST 2014's getCoolingPower, written out as its loops run: allocation_index in the order
     * for z, for x = X-1..0, for y = Y-1..0; inlet j = 15 + sum_i D[j][i] (1000 + 2000 busy_i); supply
     * 15 + 30 - max inlet; cooling kW = 0.001 P / CoP / (214.649 / 120).
     */
    private static double sstCoolingKw(double[][] d, boolean[][][] busy) {
        int[] alloc = new int[40];
        int n = 0;
        for (int k = 0; k < 2; k++) {
            for (int i = 3; i >= 0; i--) {
                for (int j = 4; j >= 0; j--) {
                    alloc[n++] = busy[i][j][k] ? 1 : 0;
                }
            }
        }
        double max = 0;
        int busyNodes = 0;
        for (int j = 0; j < 40; j++) {
            double sum = 0;
            for (int i = 0; i < 40; i++) {
                sum += d[j][i] * (1000 + 2000 * alloc[i]);
            }
            max = Math.max(max, 15 + sum);
            busyNodes += alloc[j];
        }
        double supply = 15 + 30 - max;
        double cop = 0.0068 * supply * supply + 0.0008 * supply + 0.458;
        return 0.001 * (busyNodes * 2000 + 40 * 1000) * (1 / cop) / (214.649 / 120);
    }

    @Test
    void sst2014ProfileGivesSstsCoolingPowerForAnyBusySet() throws IOException {
        double[][] d = new double[40][40];
        for (String line : Files.readAllLines(ThermalData.file(ThermalData.D_2014))) {
            String[] t = line.strip().split("\\s+");
            if (Integer.parseInt(t[1]) < 40) {
                d[Integer.parseInt(t[0])][Integer.parseInt(t[1])] = Double.parseDouble(t[2]);
            }
        }
        RoomLayout room = new RoomLayout(2, 5, 4, 10, 2);
        ThermalProfile sst = ThermalProfile.SST_2014;
        HeatModel heat = HeatModels.readD(ThermalData.file(ThermalData.D_2014), sst.fileIndex(room));
        PowerModel power = sst.nodePower(PowerModel.MENG);
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 50; trial++) {
            boolean[][][] busy = new boolean[4][5][2];
            InletTemperatures inlets = new InletTemperatures(heat);
            for (int node = 0; node < 40; node++) {
                boolean b = trial == 0 || random.nextInt(3) == 0;
                busy[room.slot(node)][room.rack(node)][room.row(node)] = b;
                inlets.setPower(node, b ? power.busy(0.3) : power.idle());
            }
            double supply = Cooling.adjustedSupply(15, 30, 15 + inlets.maxRise());
            double ours = Cooling.coolingPower(inlets.itPower(), supply) * sst.coolingScale() / 1000;
            assertEquals(sstCoolingKw(d, busy), ours, 1e-9, "trial " + trial);
            if (trial == 0) {
                assertEquals(120.0, ours, 0.001, "every node busy reads 120 kW");
            }
        }
    }

    @Test
    void sst2014NodesDrawOneAndThreeKilowattsWhateverTheCommunicationShare() {
        PowerModel p = ThermalProfile.SST_2014.nodePower(PowerModel.MENG);
        assertEquals(1000, p.idle());
        assertEquals(3000, p.busy(0));
        assertEquals(3000, p.busy(0.7));
        assertEquals(PowerModel.MENG, ThermalProfile.PAPER.nodePower(PowerModel.MENG));
        assertEquals(Double.NEGATIVE_INFINITY, ThermalProfile.SST_2014.minSupply(5));
        assertEquals(5, ThermalProfile.PAPER.minSupply(5));
    }

    @Test
    void unknownProfileNamesTheChoices() {
        assertEquals(ThermalProfile.SST_2014, ThermalProfile.parse(" SST-2014 "));
        assertEquals("expected paper or sst-2014, got 'sst'",
                assertThrows(IllegalArgumentException.class, () -> ThermalProfile.parse("sst")).getMessage());
    }
}
