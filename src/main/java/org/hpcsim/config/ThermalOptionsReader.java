package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bool;
import static org.hpcsim.config.ConfigValues.check;
import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.finite;
import static org.hpcsim.config.ConfigValues.nonNegative;
import static org.hpcsim.config.ConfigValues.number;
import static org.hpcsim.config.ConfigValues.path;
import static org.hpcsim.config.ConfigValues.positive;
import static org.hpcsim.config.ConfigValues.positiveDuration;
import static org.hpcsim.config.ConfigValues.positiveInt;
import static org.hpcsim.config.ConfigValues.string;
import static org.hpcsim.config.ConfigValues.strings;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.thermal.ThermalOptions;
import org.hpcsim.thermal.ThermalProfile;

/** Reads {@link ThermalOptions}: keys {@code thermal.*} and {@code cooling.*}. */
final class ThermalOptionsReader {

    private ThermalOptionsReader() {
    }

    /** {@code communicationFraction} is the network's, which the power model shares. */
    static ThermalOptions read(Config c, double communicationFraction) {
        String layout = string(c, "thermal.layout");
        if (!layout.equals("auto")) {
            check(c, "thermal.layout", () -> RoomLayout.parse(layout, 1, 1));
        }
        Path d = path(c, "thermal.d-matrix");
        Path a = path(c, "thermal.a-matrix");
        if (d != null && a != null) {
            throw fail(c, "thermal.a-matrix", "give thermal.d-matrix or thermal.a-matrix, not both");
        }
        double k = positive(c, "thermal.air-density") * positive(c, "thermal.flow-rate")
                * positive(c, "thermal.specific-heat");
        PowerModel power = new PowerModel(nonNegative(c, "thermal.power.idle"), nonNegative(c, "thermal.power.compute"),
                nonNegative(c, "thermal.power.communication"), communicationFraction);
        ThermalProfile profile;
        try {
            profile = ThermalProfile.parse(string(c, "thermal.profile"));
        } catch (IllegalArgumentException e) {
            throw fail(c, "thermal.profile", e.getMessage());
        }
        if (profile != ThermalProfile.PAPER) {
            // The profile fixes node power; a power key set beside it would be silently ignored.
            Config defaults = ConfigLoader.defaults();
            for (String key : List.of("thermal.power.idle", "thermal.power.compute", "thermal.power.communication")) {
                if (number(c, key) != defaults.getDouble(key)) {
                    throw fail(c, key, "thermal.profile = " + profile.key() + " fixes node power at "
                            + (int) ThermalProfile.SST_2014_IDLE + " W idle and " + (int) ThermalProfile.SST_2014_BUSY
                            + " W busy; leave thermal.power.* unset or use thermal.profile = paper");
                }
            }
        }
        double redline = finite(c, "cooling.redline");
        double minSupply = finite(c, "cooling.min-supply");
        if (minSupply >= redline) {
            throw fail(c, "cooling.min-supply", "must be below cooling.redline (" + redline + "), got " + minSupply);
        }
        if (bool(c, "thermal.power-csv") && !bool(c, "thermal.enabled")) {
            throw fail(c, "thermal.power-csv", "needs thermal.enabled = true (the power meter measures the room's racks)");
        }
        return new ThermalOptions(bool(c, "thermal.enabled"), profile, layout, positiveInt(c, "thermal.servers-per-node"),
                positiveInt(c, "thermal.processors-per-server"), d, a, k, power, bool(c, "thermal.node-power-csv"),
                bool(c, "thermal.power-csv"),
                finite(c, "cooling.supply"), redline, minSupply, strings(c, "cooling.units"),
                nonNegative(c, "cooling.failure-rise-rate") / 60.0, nonNegative(c, "cooling.failure-max-rise"),
                positiveDuration(c, "cooling.failure-step"));
    }
}
