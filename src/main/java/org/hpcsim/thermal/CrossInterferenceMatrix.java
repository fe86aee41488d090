package org.hpcsim.thermal;

import java.util.Arrays;

/**
 * The heat cross-interference matrix A of Tang et al.'s recirculation model (Meng et al., Eq. 5):
 * a_ij is the fraction of node i's outlet heat that reaches node j's inlet. Stored sparse, row by
 * row (row i = where node i's heat goes), so that rooms of 10,000+ nodes with local recirculation
 * stay small. Every entry is finite and non-negative, and every row sums to less than 1 (no node
 * recirculates all its heat), which makes {@code I - A^T} invertible. Immutable.
 */
public final class CrossInterferenceMatrix {
    private final int size;
    private final int[] rowStart;
    private final int[] columns;
    private final double[] values;
    private final double[] rowSums;

    private CrossInterferenceMatrix(int size, int[] rowStart, int[] columns, double[] values, double[] rowSums) {
        this.size = size;
        this.rowStart = rowStart;
        this.columns = columns;
        this.values = values;
        this.rowSums = rowSums;
    }

    /** Number of nodes (A is size x size). */
    public int size() {
        return size;
    }

    /** a_ij, 0 where no entry was given. */
    public double entry(int i, int j) {
        int p = Arrays.binarySearch(columns, rowStart[i], rowStart[i + 1], j);
        return p >= 0 ? values[p] : 0;
    }

    /** Fraction of node i's outlet heat that recirculates to any inlet. */
    public double rowSum(int i) {
        return rowSums[i];
    }

    /** The largest row sum: the 1-norm of A^T, which bounds how fast the Neumann series for D converges. */
    public double maxRowSum() {
        double max = 0;
        for (double s : rowSums) {
            max = Math.max(max, s);
        }
        return max;
    }

    /** Number of stored (nonzero) entries. */
    public int nonZeros() {
        return values.length;
    }

    /** Index of row i's first stored entry in {@link #column} and {@link #value}; row i ends at rowStart(i + 1). */
    int rowStart(int i) {
        return rowStart[i];
    }

    int column(int p) {
        return columns[p];
    }

    double value(int p) {
        return values[p];
    }

    /** Collects entries in any order; zeros are not stored. */
    public static final class Builder {
        private final int size;
        private int[][] rowColumns;
        private double[][] rowValues;
        private final int[] rowCounts;

        public Builder(int size) {
            if (size < 1) {
                throw new IllegalArgumentException("matrix size must be >= 1, got " + size);
            }
            this.size = size;
            rowColumns = new int[size][];
            rowValues = new double[size][];
            rowCounts = new int[size];
        }

        /** Sets a_ij; each (i, j) at most once. */
        public Builder set(int i, int j, double value) {
            if (i < 0 || i >= size || j < 0 || j >= size) {
                throw new IllegalArgumentException("entry (" + i + ", " + j + ") is outside the " + size + " x " + size
                        + " matrix");
            }
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("entry (" + i + ", " + j + ") must be finite and >= 0, got " + value);
            }
            if (value == 0) {
                return this;
            }
            int n = rowCounts[i];
            if (rowColumns[i] == null) {
                rowColumns[i] = new int[4];
                rowValues[i] = new double[4];
            } else if (n == rowColumns[i].length) {
                rowColumns[i] = Arrays.copyOf(rowColumns[i], 2 * n);
                rowValues[i] = Arrays.copyOf(rowValues[i], 2 * n);
            }
            rowColumns[i][n] = j;
            rowValues[i][n] = value;
            rowCounts[i] = n + 1;
            return this;
        }

        /** The matrix; fails on a repeated entry or a row summing to 1 or more. The builder is spent. */
        public CrossInterferenceMatrix build() {
            int[] start = new int[size + 1];
            for (int i = 0; i < size; i++) {
                start[i + 1] = start[i] + rowCounts[i];
            }
            int[] columns = new int[start[size]];
            double[] values = new double[start[size]];
            double[] sums = new double[size];
            Integer[] order = new Integer[0];
            for (int i = 0; i < size; i++) {
                int n = rowCounts[i];
                if (order.length < n) {
                    order = new Integer[n];
                }
                for (int p = 0; p < n; p++) {
                    order[p] = p;
                }
                int[] cols = rowColumns[i];
                Arrays.sort(order, 0, n, (x, y) -> Integer.compare(cols[x], cols[y]));
                double sum = 0;
                for (int p = 0; p < n; p++) {
                    int q = start[i] + p;
                    columns[q] = cols[order[p]];
                    values[q] = rowValues[i][order[p]];
                    if (p > 0 && columns[q] == columns[q - 1]) {
                        throw new IllegalArgumentException("entry (" + i + ", " + columns[q] + ") is given twice");
                    }
                    sum += values[q];
                }
                if (!(sum < 1)) {
                    throw new IllegalArgumentException("row " + i + " sums to " + sum + " >= 1: node " + i
                            + " would recirculate all its heat, and I - A^T would not be invertible");
                }
                sums[i] = sum;
            }
            rowColumns = null;
            rowValues = null;
            return new CrossInterferenceMatrix(size, start, columns, values, sums);
        }
    }
}
