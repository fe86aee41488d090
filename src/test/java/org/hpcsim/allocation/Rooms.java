package org.hpcsim.allocation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import org.hpcsim.testing.SharedData;
import org.hpcsim.thermal.DenseHeatModel;
import org.hpcsim.thermal.HeatModels;
import org.hpcsim.thermal.PeakInlet;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.thermal.RoomModel;

/** Thermal rooms for the cooling-aware allocator tests. */
final class Rooms {
    private Rooms() {
    }

    /** Meng et al.'s 40-node room (SST's D, 2014-06-16 version), machine mesh:4x5x2; T_sup 15, redline 25. */
    static RoomModel sst40() {
        try {
            return new RoomModel(HeatModels.readD(SharedData.file("thermal/sst_DMatrix4_5_2_v2014-06-16.txt"), 40),
                    PowerModel.MENG, 15, 25);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A synthetic room of the layout (machine mesh:NODESxRACKSxROWS). */
    static RoomModel synthetic(RoomLayout layout) {
        return new RoomModel(HeatModels.synthetic(layout, HeatModels.K_MENG), PowerModel.MENG, 15, 25);
    }

    /** A small room with a random dense non-negative D of typical magnitude (1e-5 to 1e-3 K/W). */
    static RoomModel random(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] d = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                d[i][j] = r.nextDouble() < 0.3 ? 0 : 1e-5 * Math.pow(100, r.nextDouble());
            }
        }
        return new RoomModel(DenseHeatModel.of(d), PowerModel.MENG, 15, 25);
    }

    /** The peak inlet temperature when the machine's busy nodes and {@code added} run. */
    static double peak(RoomModel room, MachineState m, int[] added) {
        return new PeakInlet(room).peak(node -> !m.isFree(node), added);
    }
}
