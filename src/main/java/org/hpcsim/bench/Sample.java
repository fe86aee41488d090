package org.hpcsim.bench;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One timed run: the parent's wall time and CPU time of the child process, and what the child's
 * summary.json says (NaN for a figure the run could not give).
 */
record Sample(double processSeconds, double simulationSeconds, double cpuSeconds, long events, long messages,
              double peakHeapMb, double heapAfterGcMb, double peakRssMb) {

    /** The run's figures, rates per second of the process's wall time. */
    String describe() {
        return String.format(Locale.ROOT, "%.3f s wall, %.3f s simulation, %.3f s CPU, %,d events (%s/s),"
                        + " %,d messages (%s/s), peak heap %s (%s after GC), peak RSS %s", processSeconds,
                simulationSeconds, cpuSeconds, events, rate(events / processSeconds), messages,
                rate(messages / processSeconds), mb(peakHeapMb), mb(heapAfterGcMb), mb(peakRssMb));
    }

    /** Megabytes, or n/a (a figure the run could not give: no collection ran, no /proc). */
    static String mb(double megabytes) {
        return Double.isNaN(megabytes) ? "n/a" : String.format(Locale.ROOT, "%.0f MB", megabytes);
    }

    /** A rate in thousands (k) or millions (M) a second. */
    static String rate(double perSecond) {
        return perSecond >= 1e6 ? String.format(Locale.ROOT, "%.2f M", perSecond / 1e6)
                : String.format(Locale.ROOT, "%.0f k", perSecond / 1e3);
    }

    static double[] column(List<Sample> samples, ToDoubleFunction<Sample> f) {
        return samples.stream().mapToDouble(f).toArray();
    }
}
