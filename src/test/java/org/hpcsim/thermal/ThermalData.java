package org.hpcsim.thermal;

import java.io.IOException;
import java.nio.file.Path;
import org.hpcsim.testing.SharedData;

/** The shared 40-node thermal files, read once per call. */
final class ThermalData {
    static final String D_2014 = "thermal/sst_DMatrix4_5_2_v2014-06-16.txt";
    static final String D_FINAL = "thermal/sst_DMatrix4_5_2_final.mtx";
    static final String A_40 = "thermal/A40_recovered_from_sst.csv";

    private ThermalData() {
    }

    static Path file(String relative) {
        return SharedData.file(relative);
    }

    static HeatModel d2014() throws IOException {
        return HeatModels.readD(file(D_2014), 40);
    }

    /** Largest |x - y| over all entries, divided by the largest |y|. */
    static double relativeError(HeatModel x, HeatModel y) {
        double diff = 0;
        double scale = 0;
        for (int i = 0; i < y.size(); i++) {
            for (int j = 0; j < y.size(); j++) {
                diff = Math.max(diff, Math.abs(x.entry(i, j) - y.entry(i, j)));
                scale = Math.max(scale, Math.abs(y.entry(i, j)));
            }
        }
        return diff / scale;
    }
}
