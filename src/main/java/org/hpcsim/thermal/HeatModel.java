package org.hpcsim.thermal;

/**
 * The heat-distribution matrix D of Tang et al.'s recirculation model: node i's inlet temperature
 * is T_in,i = T_sup + sum_j D[i][j] P_j (Meng et al., Eq. 4), with row i the receiving inlet and
 * column j the source node's power, in kelvin per watt. Immutable and safe to share between threads.
 */
public interface HeatModel {

    /** Number of nodes (D is size x size). */
    int size();

    /** D[i][j]: inlet temperature rise at node i per watt drawn by node j. */
    double entry(int i, int j);

    /** Adds {@code scale * D[:, j]} to {@code out}: the inlet rises caused by {@code scale} watts at node j. */
    void addColumn(int j, double scale, double[] out);

    /**
     * Adds {@code scales[q] * D[:, nodes[q]]} for q = 0..count-1 to {@code out}: the inlet rises of several
     * power changes (a node may appear more than once). By default one column after another in the order
     * given, as that many {@link #addColumn} calls would; a model may add them in one pass instead, with
     * other rounding.
     */
    default void addColumns(int[] nodes, double[] scales, int count, double[] out) {
        for (int q = 0; q < count; q++) {
            addColumn(nodes[q], scales[q], out);
        }
    }

    /** Sum of column j: the total inlet rise node j's heat causes per watt (MinHR's recirculation measure). */
    double columnSum(int j);

    /** {@code out = D p}: every node's inlet rise for the power vector {@code p}. */
    default void multiply(double[] p, double[] out) {
        java.util.Arrays.fill(out, 0);
        for (int j = 0; j < p.length; j++) {
            if (p[j] != 0) {
                addColumn(j, p[j], out);
            }
        }
    }
}
