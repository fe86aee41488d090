package org.hpcsim.scheduling;

import java.util.Arrays;
import java.util.Locale;
import org.hpcsim.events.ScenarioEvent;

/**
 * A power cap over time: watts from time 0, then new watts from given times on. Written
 * {@code 8000}, {@code 8kW} or {@code 8kW;1d=6kW;2d=8kW} (watts with an optional k or M, each change
 * {@code TIME=WATTS} with a time such as 3600s, 90m, 12h or 1d). Immutable.
 */
public final class PowerCap {
    private final long[] times;
    private final double[] watts;

    private PowerCap(long[] times, double[] watts) {
        this.times = times;
        this.watts = watts;
    }

    /** A constant cap. */
    public static PowerCap constant(double watts) {
        return new PowerCap(new long[] {0}, new double[] {check(watts)});
    }

    /** Parses a cap; its changes must come in increasing time. */
    public static PowerCap parse(String text) {
        String[] parts = text.strip().split(";");
        long[] t = new long[parts.length];
        double[] w = new double[parts.length];
        w[0] = watts(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            String[] change = parts[i].split("=", -1);
            if (change.length != 2) {
                throw new IllegalArgumentException("expected a change TIME=WATTS such as 1d=6kW, got '" + parts[i] + "'");
            }
            t[i] = ScenarioEvent.time(change[0].strip());
            w[i] = watts(change[1]);
            if (t[i] <= t[i - 1]) {
                throw new IllegalArgumentException("the cap's changes must come in increasing time, got '" + text + "'");
            }
        }
        return new PowerCap(t, w);
    }

    private static double watts(String text) {
        String s = text.strip();
        String lower = s.toLowerCase(Locale.ROOT);
        double scale = 1;
        if (lower.endsWith("kw")) {
            scale = 1e3;
            s = s.substring(0, s.length() - 2);
        } else if (lower.endsWith("mw")) {
            scale = 1e6;
            s = s.substring(0, s.length() - 2);
        } else if (lower.endsWith("w")) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            return check(Double.parseDouble(s) * scale);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected watts such as 8000, 8kW or 1.5MW, got '" + text.strip() + "'");
        }
    }

    private static double check(double watts) {
        if (!(watts > 0) || !Double.isFinite(watts)) {
            throw new IllegalArgumentException("a power cap must be more than 0 W, got " + watts);
        }
        return watts;
    }

    /** The cap at {@code time}. */
    public double at(long time) {
        int i = Arrays.binarySearch(times, time);
        return watts[i >= 0 ? i : -i - 2];
    }

    /** The highest cap from {@code time} on. */
    public double maxFrom(long time) {
        int i = Arrays.binarySearch(times, time);
        double max = 0;
        for (int k = i >= 0 ? i : -i - 2; k < watts.length; k++) {
            max = Math.max(max, watts[k]);
        }
        return max;
    }

    /** The first change after {@code time}, or -1 when none. */
    public long nextChange(long time) {
        int i = Arrays.binarySearch(times, time);
        int next = i >= 0 ? i + 1 : -i - 1;
        return next < times.length ? times[next] : -1;
    }
}
