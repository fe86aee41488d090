package org.hpcsim.torus;

import java.util.ArrayList;
import java.util.List;

/**
 * The minimum preemptive makespan of jobs on p-intervals, independently of the paper's algorithm:
 * the configuration linear program. A configuration is a set of jobs that can run together, i.e.
 * whose dimensions add up to at most m (powers of two always pack aligned into [0, m - 1]); a
 * schedule is configurations one after another, so the minimum is min sum x_C subject to, for every
 * job, the x_C of the configurations holding it adding up to its time, x &ge; 0. The optimum is at a
 * basic solution: every choice of n configurations is solved in doubles, and the ones within
 * rounding of the best are solved again exactly.
 */
final class BruteForce {
    private BruteForce() {
    }

    static Rational minimumMakespan(int m, List<TorusJob> jobs) {
        int n = jobs.size();
        List<Integer> configurations = new ArrayList<>();
        for (int set = 1; set < 1 << n; set++) {
            int width = 0;
            for (int i = 0; i < n; i++) {
                width += (set >> i & 1) * jobs.get(i).dimension();
            }
            if (width <= m) {
                configurations.add(set);
            }
        }
        List<int[]> bases = new ArrayList<>();
        choose(configurations.size(), n, 0, new int[n], 0, bases);
        double[] times = jobs.stream().mapToDouble(j -> j.time().toBigDecimal().doubleValue()).toArray();
        double best = Double.POSITIVE_INFINITY;
        List<int[]> near = new ArrayList<>();
        for (int[] basis : bases) {
            double[] x = solve(matrix(basis, configurations, n), times);
            if (x == null) {
                continue;
            }
            double sum = 0;
            boolean nonNegative = true;
            for (double v : x) {
                nonNegative &= v > -1e-9;
                sum += v;
            }
            if (!nonNegative) {
                continue;
            }
            if (sum < best - 1e-7) {
                near.clear();
            }
            if (sum < best + 1e-7) {
                near.add(basis);
                best = Math.min(best, sum);
            }
        }
        Rational exact = null;
        for (int[] basis : near) {
            Rational sum = exactSum(basis, configurations, jobs);
            if (sum != null && (exact == null || sum.compareTo(exact) < 0)) {
                exact = sum;
            }
        }
        return exact;
    }

    private static void choose(int from, int k, int start, int[] pick, int depth, List<int[]> out) {
        if (depth == k) {
            out.add(pick.clone());
            return;
        }
        for (int c = start; c < from; c++) {
            pick[depth] = c;
            choose(from, k, c + 1, pick, depth + 1, out);
        }
    }

    private static double[][] matrix(int[] basis, List<Integer> configurations, int n) {
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < n; c++) {
                a[i][c] = configurations.get(basis[c]) >> i & 1;
            }
        }
        return a;
    }

    /** Gaussian elimination with partial pivoting; null if singular. */
    private static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] m = new double[n][];
        for (int i = 0; i < n; i++) {
            m[i] = java.util.Arrays.copyOf(a[i], n + 1);
            m[i][n] = b[i];
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) {
                    pivot = r;
                }
            }
            if (Math.abs(m[pivot][col]) < 1e-9) {
                return null;
            }
            double[] swap = m[col];
            m[col] = m[pivot];
            m[pivot] = swap;
            for (int r = 0; r < n; r++) {
                if (r != col && m[r][col] != 0) {
                    double f = m[r][col] / m[col][col];
                    for (int c = col; c <= n; c++) {
                        m[r][c] -= f * m[col][c];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = m[i][n] / m[i][i];
        }
        return x;
    }

    /** The same basis in rationals: sum of x, or null if some x is negative. */
    private static Rational exactSum(int[] basis, List<Integer> configurations, List<TorusJob> jobs) {
        int n = jobs.size();
        Rational[][] m = new Rational[n][n + 1];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < n; c++) {
                m[i][c] = Rational.of(configurations.get(basis[c]) >> i & 1);
            }
            m[i][n] = jobs.get(i).time();
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            while (m[pivot][col].signum() == 0) {
                pivot++;
            }
            Rational[] swap = m[col];
            m[col] = m[pivot];
            m[pivot] = swap;
            for (int r = 0; r < n; r++) {
                if (r != col && m[r][col].signum() != 0) {
                    Rational f = m[r][col].divide(m[col][col]);
                    for (int c = col; c <= n; c++) {
                        m[r][c] = m[r][c].subtract(f.multiply(m[col][c]));
                    }
                }
            }
        }
        Rational sum = Rational.ZERO;
        for (int i = 0; i < n; i++) {
            Rational x = m[i][n].divide(m[i][i]);
            if (x.signum() < 0) {
                return null;
            }
            sum = sum.add(x);
        }
        return sum;
    }
}
