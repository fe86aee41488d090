package org.hpcsim.thermal;

import org.ojalgo.matrix.decomposition.LU;
import org.ojalgo.matrix.store.MatrixStore;
import org.ojalgo.matrix.store.R064Store;

/**
 * D held in full. The entries are stored column by column (column j contiguous), because the hot
 * operation is {@link #addColumn}: one node's power changes, and every inlet moves by that node's
 * column. Column sums are computed once. Memory is 8 N^2 bytes (72 MB for 3,000 nodes).
 */
public final class DenseHeatModel implements HeatModel {
    static {
        // ojAlgo prints a notice about unknown hardware on standard output when it first starts, which
        // would corrupt the CLI's JSON; its own switch keeps it quiet (an explicit setting is kept).
        System.getProperties().putIfAbsent("shut.up.ojAlgo", "true");
    }

    private final int size;
    /** D[i][j] at columns[j * size + i]. */
    private final double[] columns;
    private final double[] columnSums;

    private DenseHeatModel(int size, double[] columns) {
        this.size = size;
        this.columns = columns;
        this.columnSums = new double[size];
        for (int j = 0; j < size; j++) {
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += columns[j * size + i];
            }
            columnSums[j] = sum;
        }
    }

    /** A model of the given rows of D (copied): {@code rows[i][j]} = D[i][j], all finite. */
    public static DenseHeatModel of(double[][] rows) {
        int n = rows.length;
        checkSize(n);
        double[] c = new double[n * n];
        for (int i = 0; i < n; i++) {
            if (rows[i].length != n) {
                throw new IllegalArgumentException("D must be square: row " + i + " has " + rows[i].length
                        + " entries, expected " + n);
            }
            for (int j = 0; j < n; j++) {
                if (!Double.isFinite(rows[i][j])) {
                    throw new IllegalArgumentException("D[" + i + "][" + j + "] is not finite: " + rows[i][j]);
                }
                c[j * n + i] = rows[i][j];
            }
        }
        return new DenseHeatModel(n, c);
    }

    /** Takes ownership of {@code columns}: D[i][j] at {@code columns[j * size + i]}. */
    static DenseHeatModel ofColumns(int size, double[] columns) {
        return new DenseHeatModel(size, columns);
    }

    /**
     * D = (K - A^T K)^-1 - K^-1 with K = k I, that is D = (1/k) [(I - A^T)^-1 - I] = (1/k) (I - A^T)^-1 A^T:
     * one dense LU factorisation of I - A^T (ojAlgo), solved for the right-hand sides A^T. The last form
     * avoids subtracting I from the inverse, which would cancel digits on the diagonal. I - A^T is
     * invertible because every column of it is strictly diagonally dominant (row sums of A are < 1).
     */
    static DenseHeatModel fromA(CrossInterferenceMatrix a, double k) {
        int n = a.size();
        checkSize(n);
        R064Store m = R064Store.FACTORY.make(n, n);
        R064Store at = R064Store.FACTORY.make(n, n);
        for (int i = 0; i < n; i++) {
            m.set(i, i, 1.0);
            for (int p = a.rowStart(i); p < a.rowStart(i + 1); p++) {
                int j = a.column(p);
                at.set(j, i, a.value(p));
                m.add(j, i, -a.value(p));
            }
        }
        LU<Double> lu = LU.R064.make(m);
        if (!lu.decompose(m) || !lu.isSolvable()) {
            throw new IllegalStateException("I - A^T is singular although every row sum of A is < 1");
        }
        MatrixStore<Double> x = lu.getSolution(at);
        double[] c = new double[n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                c[j * n + i] = x.doubleValue(i, j) / k;
            }
        }
        return new DenseHeatModel(n, c);
    }

    private static void checkSize(int n) {
        if (n < 1 || (long) n * n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a dense D needs 1 to 46,340 nodes, got " + n);
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public double entry(int i, int j) {
        return columns[j * size + i];
    }

    @Override
    public void addColumn(int j, double scale, double[] out) {
        int base = j * size;
        for (int i = 0; i < size; i++) {
            out[i] += scale * columns[base + i];
        }
    }

    @Override
    public double columnSum(int j) {
        return columnSums[j];
    }
}
