package org.hpcsim.plot;

import java.util.Arrays;

/**
 * A time series as the run writes it (one row per instant, the state after it, holding until the next
 * row) turned into points to draw: steps when there are few rows, and when there are more rows than
 * pixels, each of about {@code buckets} equal spans of time reduced to its lowest and highest value,
 * in time order, so that a peak as short as one instant still shows. Drawing time and file size then
 * depend on the chart's width, not on the run's length.
 */
final class StepSeries {
    private StepSeries() {
    }

    /**
     * Points for the step function {@code value[i]} on {@code [time[i], time[i+1])}, the last value held
     * to {@code end}; times ascending. NaN values (undefined then) become gaps.
     *
     * @param scale multiplies every time (a unit conversion); values are left as they are
     */
    static Points of(double[] time, double[] value, double end, int buckets, double scale) {
        int n = time.length;
        if (n == 0) {
            return new Points(new double[0], new double[0]);
        }
        return n <= buckets ? steps(time, value, end, scale) : extremes(time, value, end, buckets, scale);
    }

    private static Points steps(double[] time, double[] value, double end, double scale) {
        int n = time.length;
        double[] x = new double[2 * n];
        double[] y = new double[2 * n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            x[k] = time[i] * scale;
            y[k++] = value[i];
            double until = i + 1 < n ? time[i + 1] : Math.max(end, time[i]);
            if (!Double.isNaN(value[i]) && until > time[i]) {
                x[k] = until * scale;
                y[k++] = value[i];
            }
        }
        return new Points(Arrays.copyOf(x, k), Arrays.copyOf(y, k));
    }

    private static Points extremes(double[] time, double[] value, double end, int buckets, double scale) {
        int n = time.length;
        double from = time[0];
        double to = Math.max(end, time[n - 1]);
        double width = (to - from) / buckets;
        double[] x = new double[2 * buckets + 2];
        double[] y = new double[2 * buckets + 2];
        int k = 0;
        int i = 0;
        double carried = Double.NaN;
        for (int b = 0; b < buckets && i < n; b++) {
            double bucketStart = from + b * width;
            double bucketEnd = b == buckets - 1 ? Double.POSITIVE_INFINITY : from + (b + 1) * width;
            // The value in effect when the bucket opens counts: a level held across buckets is drawn.
            double lo = carried;
            double hi = carried;
            double tLo = bucketStart;
            double tHi = bucketStart;
            boolean gap = false;
            for (; i < n && time[i] < bucketEnd; i++) {
                double v = value[i];
                if (Double.isNaN(v)) {
                    gap = true;
                } else {
                    if (Double.isNaN(lo) || v < lo) {
                        lo = v;
                        tLo = time[i];
                    }
                    if (Double.isNaN(hi) || v > hi) {
                        hi = v;
                        tHi = time[i];
                    }
                }
                carried = v;
            }
            if (Double.isNaN(lo)) {
                if (gap || Double.isNaN(carried)) {
                    x[k] = bucketStart * scale;
                    y[k++] = Double.NaN;
                }
                continue;
            }
            boolean loFirst = tLo <= tHi;
            x[k] = (loFirst ? tLo : tHi) * scale;
            y[k++] = loFirst ? lo : hi;
            if (lo != hi) {
                x[k] = (loFirst ? tHi : tLo) * scale;
                y[k++] = loFirst ? hi : lo;
            }
        }
        if (!Double.isNaN(carried)) {
            x[k] = to * scale;
            y[k++] = carried;
        }
        return new Points(Arrays.copyOf(x, k), Arrays.copyOf(y, k));
    }

    /**
     * The step function (as {@link #of}) over windows of {@code window} seconds aligned to time 0,
     * {@code [k window, (k + 1) window)}, each reduced to one value held over the window: the
     * time-weighted mean over the part of it where the function is defined, or ({@code peak}) the
     * highest value in effect in it. A window where the function is undefined throughout is a gap;
     * the last window ends at {@code end}. The points do not depend on how many rows there are, only on
     * the span: a year of daily means is 365 steps, however busy the year.
     */
    static Points windowed(double[] time, double[] value, double end, double window, boolean peak, double scale) {
        int n = time.length;
        if (n == 0) {
            return new Points(new double[0], new double[0]);
        }
        double to = Math.max(end, time[n - 1]);
        long first = (long) Math.floor(time[0] / window);
        int windows = (int) Math.max(1, (long) Math.ceil(to / window) - first);
        double[] sum = new double[windows];
        double[] covered = new double[windows];
        double[] highest = new double[windows];
        Arrays.fill(highest, Double.NaN);
        for (int i = 0; i < n; i++) {
            double v = value[i];
            if (Double.isNaN(v)) {
                continue;
            }
            double a = time[i];
            double b = i + 1 < n ? time[i + 1] : to;
            int k = (int) Math.min(windows - 1, (long) Math.floor(a / window) - first);
            // A value that holds for no time (the last row at the end) still shows as a peak.
            highest[k] = Double.isNaN(highest[k]) ? v : Math.max(highest[k], v);
            while (a < b && k < windows) {
                double until = k == windows - 1 ? b : Math.min(b, (first + k + 1) * window);
                sum[k] += v * (until - a);
                covered[k] += until - a;
                highest[k] = Double.isNaN(highest[k]) ? v : Math.max(highest[k], v);
                a = until;
                k++;
            }
        }
        double[] x = new double[2 * windows];
        double[] y = new double[2 * windows];
        int p = 0;
        for (int k = 0; k < windows; k++) {
            double from = Math.max(time[0], (first + k) * window);
            double until = Math.min(to, (first + k + 1) * window);
            double v = peak ? highest[k] : covered[k] > 0 ? sum[k] / covered[k] : Double.NaN;
            x[p] = from * scale;
            y[p++] = v;
            if (!Double.isNaN(v)) {
                x[p] = until * scale;
                y[p++] = v;
            }
        }
        return new Points(Arrays.copyOf(x, p), Arrays.copyOf(y, p));
    }
}
