package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bool;
import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.nonNegativeInt;
import static org.hpcsim.config.ConfigValues.path;
import static org.hpcsim.config.ConfigValues.string;
import static org.hpcsim.config.ConfigValues.strings;

import com.typesafe.config.Config;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.hpcsim.energy.EnergyOptions;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.time.SimTime;

/** Reads {@link EnergyOptions}: keys {@code energy.*}. */
final class EnergyOptionsReader {

    private EnergyOptionsReader() {
    }

    static EnergyOptions read(Config c) {
        List<PowerStates.Computing> computing = new ArrayList<>();
        for (String text : strings(c, "energy.pstates")) {
            String[] f = text.split(":", -1);
            if (f.length != 3) {
                throw fail(c, "energy.pstates", "expected SPEED:IDLE_W:FULL_W such as \"1:30:100\", got \"" + text + "\"");
            }
            double speed = number(c, "energy.pstates", f[0], text);
            double idle = number(c, "energy.pstates", f[1], text);
            double full = number(c, "energy.pstates", f[2], text);
            if (!(speed > 0) || idle < 0 || full < 0) {
                throw fail(c, "energy.pstates", "expected a speed > 0 and watts >= 0, got \"" + text + "\"");
            }
            computing.add(new PowerStates.Computing(speed, idle, full));
        }
        if (computing.isEmpty()) {
            throw fail(c, "energy.pstates", "expected at least one computing state");
        }
        List<PowerStates.SleepSpec> sleeps = new ArrayList<>();
        for (String text : strings(c, "energy.sleep-states")) {
            String[] f = text.split(":", -1);
            String expected = "expected ASLEEP_W:OFF_TIME:OFF_W:ON_TIME:ON_W such as \"9.75:2s:200:20s:425\", got \""
                    + text + "\"";
            if (f.length != 5) {
                throw fail(c, "energy.sleep-states", expected);
            }
            double[] w = {number(c, "energy.sleep-states", f[0], text), number(c, "energy.sleep-states", f[2], text),
                number(c, "energy.sleep-states", f[4], text)};
            for (double watts : w) {
                if (watts < 0) {
                    throw fail(c, "energy.sleep-states", "watts must not be negative, got \"" + text + "\"");
                }
            }
            sleeps.add(new PowerStates.SleepSpec(w[0], time(c, f[1], text), w[1], time(c, f[3], text), w[2]));
        }
        PowerStates states = PowerStates.of(computing, sleeps);
        int pstate = nonNegativeInt(c, "energy.pstate");
        if (!states.computing(pstate)) {
            throw fail(c, "energy.pstate", "expected a computing state, 0 to " + (computing.size() - 1) + ", got "
                    + pstate);
        }
        java.nio.file.Path platform = path(c, "platform");
        OptionalDouble load = OptionalDouble.empty();
        String loadText = string(c, "energy.job-load").strip();
        if (!loadText.equals("auto")) {
            double v;
            try {
                v = Double.parseDouble(loadText);
            } catch (NumberFormatException e) {
                v = Double.NaN;
            }
            if (!(v >= 0 && v <= 1)) {
                throw fail(c, "energy.job-load", "expected auto or a number from 0 to 1, got " + loadText);
            }
            load = OptionalDouble.of(v);
        }
        return new EnergyOptions(bool(c, "energy.enabled") || platform != null, states, pstate, load, platform);
    }

    private static double number(Config c, String key, String field, String text) {
        try {
            double v = Double.parseDouble(field.strip());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail(c, key, "expected a number, got \"" + field + "\" in \"" + text + "\"");
    }

    /** A switching time: "2s", "500ms", "1m" or bare seconds. */
    private static long time(Config c, String field, String text) {
        String t = field.strip();
        long scale;
        String digits;
        if (t.endsWith("ms")) {
            scale = 1_000;
            digits = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            scale = SimTime.MICROS_PER_SECOND;
            digits = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            scale = 60 * SimTime.MICROS_PER_SECOND;
            digits = t.substring(0, t.length() - 1);
        } else {
            scale = SimTime.MICROS_PER_SECOND;
            digits = t;
        }
        try {
            double v = Double.parseDouble(digits);
            if (v >= 0 && Double.isFinite(v)) {
                return Math.round(v * scale);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail(c, "energy.sleep-states", "expected a duration such as 2s or 500ms, got \"" + field + "\" in \""
                + text + "\"");
    }
}
