package org.hpcsim.thermal;

import java.io.IOException;
import java.nio.file.Path;
import org.hpcsim.workload.InputException;

/**
 * Where heat models come from: a measured D read from a file, D built from a cross-interference
 * matrix A, or a synthetic A for rooms without measured data.
 *
 * <p>Matrix files (D or A) are told apart by their content: MatrixMarket ({@code %%MatrixMarket matrix
 * coordinate|array real|double|integer general}; coordinate entries are 1-based {@code i j value}, array
 * values come column by column), CSV (one matrix row per line, comma separated), or whitespace-separated
 * {@code i j value} triplets with 0-based indices (SST's 2014 D file). Lines starting with {@code #} (CSV,
 * triplets) or {@code %} (MatrixMarket) are comments. Entries not given are 0; an entry given twice is an
 * error. A triplet file has no size line, so: an entry with an index at or beyond the node count is
 * ignored when its value is 0 and is an error otherwise (SST's 2014 file has an all-zero 41st column for
 * 40 nodes), and some entry, a zero will do, must name the last node, so that a file for a smaller room
 * is not padded with zeros.
 */
public final class HeatModels {

    /** k = rho f c_p in W/K per node: Meng et al.'s air density 1.19 kg/m^3, flow 0.2454 m^3/s, c_p 1005 J/(kg K). */
    public static final double K_MENG = 1.19 * 0.2454 * 1005;

    /**
     * Up to this many nodes, D from A is computed and stored in full ({@link DenseHeatModel}); above it,
     * columns are computed on demand ({@link SeriesHeatModel}). The dense build is O(N^3): measured on a
     * 2-core machine, 1.5 s for 1,000 nodes, 25 s for 2,000 (32 MB) and 56 s for 3,000, after which every
     * power change costs O(N); a series column of a 10,000-node synthetic room costs about 20 ms.
     */
    public static final int DENSE_LIMIT = 2000;

    private HeatModels() {
    }

    /**
     * Reads D (row i = receiving inlet, column j = source node, K/W) for a room of {@code nodes} nodes.
     * Entries may have any sign (a measured or fitted D is not always non-negative) but must be finite.
     *
     * @throws InputException naming the file, line and field of the first problem
     */
    public static HeatModel readD(Path file, int nodes) throws IOException {
        checkDense(file, nodes);
        return readD(file, identity(nodes));
    }

    /**
     * Reads D whose row and column {@code fileIndex[node]} belong to {@code node} (see
     * {@link ThermalProfile#fileIndex}); {@code fileIndex} is a permutation of the room's nodes.
     */
    public static HeatModel readD(Path file, int[] fileIndex) throws IOException {
        int nodes = fileIndex.length;
        checkDense(file, nodes);
        int[] node = inverse(fileIndex);
        double[] columns = new double[nodes * nodes];
        MatrixFiles.read(file, nodes, (i, j, v) -> {
            columns[node[j] * nodes + node[i]] = v;
            return null;
        });
        return DenseHeatModel.ofColumns(nodes, columns);
    }

    /**
     * Reads A (a_ij = fraction of node i's outlet heat reaching node j's inlet) and builds D from it
     * with {@link #fromA(CrossInterferenceMatrix, double)}. Entries must be >= 0 and each row must sum to
     * less than 1; column sums may exceed 1 (an inlet can take in more than one outlet's worth of heat).
     *
     * @param k rho f c_p in W/K per node, {@link #K_MENG} for Meng et al.'s room
     * @throws InputException naming the file, line and field of the first problem
     */
    public static HeatModel fromA(Path file, int nodes, double k) throws IOException {
        return fromA(file, identity(nodes), k);
    }

    /** Reads A whose row and column {@code fileIndex[node]} belong to {@code node}, and builds D from it. */
    public static HeatModel fromA(Path file, int[] fileIndex, double k) throws IOException {
        int nodes = fileIndex.length;
        int[] node = inverse(fileIndex);
        CrossInterferenceMatrix.Builder b = new CrossInterferenceMatrix.Builder(nodes);
        double[] rowSums = new double[nodes];
        MatrixFiles.read(file, nodes, (fi, fj, v) -> {
            int i = node[fi];
            int j = node[fj];
            if (v < 0) {
                return "a fraction of outlet heat cannot be negative, got " + v;
            }
            rowSums[i] += v;
            if (rowSums[i] >= 1) {
                return "this row of A now sums to " + rowSums[i] + " >= 1: the node would recirculate all its heat"
                        + " (row sums must be < 1 for I - A^T to be invertible)";
            }
            b.set(i, j, v);
            return null;
        });
        CrossInterferenceMatrix a;
        try {
            a = b.build();
        } catch (IllegalArgumentException e) {
            throw new InputException(file, 0, "A", e.getMessage());
        }
        return fromA(a, k);
    }

    /**
     * D = (K - A^T K)^-1 - K^-1 with K = k I (Meng et al., Eq. 5). Up to {@link #DENSE_LIMIT} nodes by a
     * dense LU factorisation of I - A^T; above it as a {@link SeriesHeatModel} that never forms D.
     */
    public static HeatModel fromA(CrossInterferenceMatrix a, double k) {
        if (!(k > 0) || Double.isInfinite(k)) {
            throw new IllegalArgumentException("k (rho f c_p) must be finite and > 0, got " + k);
        }
        return a.size() <= DENSE_LIMIT ? DenseHeatModel.fromA(a, k) : new SeriesHeatModel(a, k);
    }

    /** D from the {@link #syntheticA synthetic recirculation} of {@code layout}. */
    public static HeatModel synthetic(RoomLayout layout, double k) {
        return fromA(syntheticA(layout), k);
    }

    /**
     * A made-up but deterministic recirculation matrix for any room size, for benchmarks and rooms with
     * no measured data; it is not a measurement. Its shape follows the 40-node A recovered from SST's D
     * (see {@code ../shared/thermal/PROVENANCE.md}) loosely. For node i in row r, rack c (of R per row),
     * slot s (of H per rack, 0 at the bottom):
     * <ul>
     * <li>end proximity e(c) = max(0, 1 - min(c, R - 1 - c) / 2): 1 at a row end, 1/2 one rack in, 0 further in;
     *     height u(s) = s / (H - 1) (0 when H = 1);</li>
     * <li>node i recirculates f(i) = (0.15 + 0.6 e(c)) (1 - 0.7 u(s)) of its outlet heat, from 0.045 (top,
     *     mid-row) to 0.75 (bottom, row end): the row sum of A;</li>
     * <li>of that, 0.1 goes to each adjacent row (r - 1, r + 1; at most 0.075 per entry) and the rest stays in
     *     row r;</li>
     * <li>within a target row, it goes to the racks c' with |c' - c| <= 2 and slots s' >= s (heat rises), in
     *     proportion to (0.1 + 0.9 e(c')) 2^-|c' - c| (1 + u(s')): end racks and high slots take in most, middle
     *     racks little.</li>
     * </ul>
     * A row of A has at most 3 x 5 x H entries, so A stays sparse for any number of racks and rows.
     */
    public static CrossInterferenceMatrix syntheticA(RoomLayout layout) {
        int rows = layout.rows();
        int racks = layout.racksPerRow();
        int height = layout.nodesPerRack();
        CrossInterferenceMatrix.Builder b = new CrossInterferenceMatrix.Builder(layout.nodes());
        for (int i = 0; i < layout.nodes(); i++) {
            int r = layout.row(i);
            int c = layout.rack(i);
            int s = layout.slot(i);
            double f = (0.15 + 0.6 * endProximity(c, racks)) * (1 - 0.7 * height(s, height));
            int c0 = Math.max(0, c - 2);
            int c1 = Math.min(racks - 1, c + 2);
            double total = 0;
            for (int cc = c0; cc <= c1; cc++) {
                for (int ss = s; ss < height; ss++) {
                    total += weight(c, cc, ss, racks, height);
                }
            }
            for (int rr = Math.max(0, r - 1); rr <= Math.min(rows - 1, r + 1); rr++) {
                double share = rr == r ? f * (1 - 0.1 * ((r > 0 ? 1 : 0) + (r < rows - 1 ? 1 : 0))) : f * 0.1;
                for (int cc = c0; cc <= c1; cc++) {
                    for (int ss = s; ss < height; ss++) {
                        b.set(i, layout.index(rr, cc, ss), share * weight(c, cc, ss, racks, height) / total);
                    }
                }
            }
        }
        return b.build();
    }

    private static void checkDense(Path file, int nodes) {
        if (nodes < 1 || (long) nodes * nodes > Integer.MAX_VALUE - 8) {
            throw new InputException(file, 0, "nodes", "a dense D needs 1 to 46,340 nodes, the room has " + nodes);
        }
    }

    private static int[] identity(int nodes) {
        int[] index = new int[nodes];
        for (int i = 0; i < index.length; i++) {
            index[i] = i;
        }
        return index;
    }

    private static int[] inverse(int[] permutation) {
        int[] inverse = new int[permutation.length];
        java.util.Arrays.fill(inverse, -1);
        for (int i = 0; i < permutation.length; i++) {
            int p = permutation[i];
            if (p < 0 || p >= permutation.length || inverse[p] >= 0) {
                throw new IllegalArgumentException("a matrix node order must be a permutation of 0.." + (permutation.length - 1));
            }
            inverse[p] = i;
        }
        return inverse;
    }

    private static double endProximity(int rack, int racks) {
        return Math.max(0, 1 - Math.min(rack, racks - 1 - rack) / 2.0);
    }

    private static double height(int slot, int height) {
        return height == 1 ? 0 : slot / (height - 1.0);
    }

    private static double weight(int from, int to, int slot, int racks, int height) {
        return (0.1 + 0.9 * endProximity(to, racks)) * Math.scalb(1.0, -Math.abs(to - from)) * (1 + height(slot, height));
    }
}
