package org.hpcsim.plot;

import java.util.Arrays;

/**
 * An empirical cumulative distribution, F(x) = fraction of values <= x, as at most {@code maxPoints}
 * corners of its staircase: the values at evenly spaced ranks (the smallest and largest always among
 * them). Between two kept corners F is off by at most 1 / maxPoints, invisible on a chart, and the
 * cost of drawing no longer grows with the number of jobs.
 */
final class Cdf {
    private final double[] sorted;

    /** The distribution of the values (NaN values are left out). */
    Cdf(double[] values) {
        double[] v = Arrays.stream(values).filter(d -> !Double.isNaN(d)).toArray();
        Arrays.sort(v);
        this.sorted = v;
    }

    double min() {
        return sorted[0];
    }

    double max() {
        return sorted[sorted.length - 1];
    }

    /** F(x): the fraction of values <= x. */
    double at(double x) {
        int i = upperBound(x);
        return (double) i / sorted.length;
    }

    /** How many values are <= x. */
    long countAtMost(double x) {
        return upperBound(x);
    }

    /** Index of the first value > x. */
    private int upperBound(double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The staircase's corners for values >= {@code from} (the part a log axis can show): each kept value x
     * with F(x), starting with (from, F(from)) when values lie below it; at most about {@code maxPoints}.
     */
    Points corners(double from, int maxPoints) {
        int n = sorted.length;
        int first = upperBound(Math.nextDown(from));
        double[] x = new double[maxPoints + 2];
        double[] y = new double[maxPoints + 2];
        int k = 0;
        if (first > 0 && first < n && sorted[first] > from) {
            x[k] = from;
            y[k++] = at(from);
        }
        int m = n - first;
        int steps = Math.min(m, maxPoints);
        for (int p = 0; p < steps; p++) {
            int i = first + (steps == 1 ? m - 1 : (int) Math.round((double) p * (m - 1) / (steps - 1)));
            double v = sorted[i];
            double f = at(v);
            if (k > 0 && x[k - 1] == v) {
                y[k - 1] = f;
            } else {
                x[k] = v;
                y[k++] = f;
            }
        }
        return new Points(Arrays.copyOf(x, k), Arrays.copyOf(y, k));
    }
}
