package org.hpcsim.thermal;

/**
 * D computed a column at a time from a sparse A, for rooms too large to hold D in full. With K = k I,
 * D = (1/k) [(I - A^T)^-1 - I] = (1/k) sum_{m >= 1} (A^T)^m, so column j of D is
 * (1/k) sum_{m >= 1} (A^T)^m e_j. The series converges because ||A^T||_1 = max row sum of A = rho < 1.
 * Each term is A^T times the previous one, computed from the sparse rows of A over the previous
 * term's nonzeros only, so local recirculation keeps the early terms local. The sum stops when a
 * term's 1-norm falls below 1e-15 of the 1-norm summed so far (all terms are non-negative); the
 * terms not added are then at most rho / (1 - rho) times that last term.
 *
 * <p>Cost: one {@link #addColumn} is (number of terms, about log(1e-15) / log(rho)) x (nonzeros of A
 * reached), with nothing stored: this trades time per call for memory. The series spreads over most of
 * the room within a few dozen terms, so a column costs nearly a whole pass over A (8 ms at 10,000
 * nodes); several power changes at once ({@link #addColumns}, {@link #multiply}) therefore run as one
 * series of their combined vector, D x = (1/k) sum_{m >= 1} (A^T)^m x, for about the cost of one
 * column whatever their number. Its terms may have either sign; the sum stops when a term's 1-norm
 * falls below 1e-15 of the 1-norms summed so far. The result agrees with adding the columns one by
 * one to within rounding (about 1e-15 relative), not bit for bit. Column sums, which allocators
 * use as a recirculation measure, are computed once at construction by the same series applied to
 * the vector of ones: sum_i D_ij = (1/k) sum_{m >= 1} (A^m 1)_j.
 *
 * <p>Immutable and safe to share; each thread gets its own scratch vectors.
 */
public final class SeriesHeatModel implements HeatModel {
    /** Relative size of the last term added. */
    static final double TOLERANCE = 1e-15;

    private final CrossInterferenceMatrix a;
    private final double k;
    private final double[] columnSums;
    private final ThreadLocal<Scratch> scratch;

    SeriesHeatModel(CrossInterferenceMatrix a, double k) {
        if (!(k > 0) || Double.isInfinite(k)) {
            throw new IllegalArgumentException("k (rho f c_p) must be finite and > 0, got " + k);
        }
        this.a = a;
        this.k = k;
        this.columnSums = columnSums(a, k);
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(a.size()));
    }

    private static double[] columnSums(CrossInterferenceMatrix a, double k) {
        int n = a.size();
        double[] sum = new double[n];
        double[] term = new double[n];
        double[] next = new double[n];
        java.util.Arrays.fill(term, 1.0);
        boolean converged = false;
        while (!converged) {
            converged = true;
            for (int i = 0; i < n; i++) {
                double v = 0;
                for (int p = a.rowStart(i); p < a.rowStart(i + 1); p++) {
                    v += a.value(p) * term[a.column(p)];
                }
                next[i] = v;
                sum[i] += v;
                converged &= v <= TOLERANCE * sum[i];
            }
            double[] t = term;
            term = next;
            next = t;
        }
        for (int i = 0; i < n; i++) {
            sum[i] /= k;
        }
        return sum;
    }

    @Override
    public int size() {
        return a.size();
    }

    /** Computes all of column j to return one entry: use {@link #addColumn} for more than a look. */
    @Override
    public double entry(int i, int j) {
        double[] column = new double[a.size()];
        addColumn(j, 1.0, column);
        return column[i];
    }

    @Override
    public void addColumn(int j, double scale, double[] out) {
        Scratch s = scratch.get();
        s.term[j] = 1.0;
        s.support[0] = j;
        series(s, 1, scale / k, out);
    }

    /** One series for all the changes together; a single change is {@link #addColumn} itself. */
    @Override
    public void addColumns(int[] nodes, double[] scales, int count, double[] out) {
        if (count == 1) {
            addColumn(nodes[0], scales[0], out);
            return;
        }
        Scratch s = scratch.get();
        int start = 0;
        for (int q = 0; q < count; q++) {
            int j = nodes[q];
            if (!s.marked[j]) {
                s.marked[j] = true;
                s.support[start++] = j;
            }
            s.term[j] += scales[q];
        }
        for (int q = 0; q < start; q++) {
            s.marked[s.support[q]] = false;
        }
        series(s, start, 1 / k, out);
    }

    @Override
    public void multiply(double[] p, double[] out) {
        java.util.Arrays.fill(out, 0);
        int n = a.size();
        int[] nodes = new int[n];
        int count = 0;
        for (int j = 0; j < n; j++) {
            if (p[j] != 0) {
                nodes[count++] = j;
            }
        }
        double[] scales = new double[count];
        for (int q = 0; q < count; q++) {
            scales[q] = p[nodes[q]];
        }
        addColumns(nodes, scales, count, out);
    }

    /**
     * Adds {@code factor * sum_{m >= 1} (A^T)^m x} to {@code out}, x the scratch's {@code term} on its
     * first {@code count} support entries (unmarked); leaves the scratch zeroed and unmarked.
     */
    private void series(Scratch s, int count, double factor, double[] out) {
        double[] term = s.term;
        double[] next = s.next;
        int[] support = s.support;
        int[] nextSupport = s.nextSupport;
        boolean[] marked = s.marked;
        double total = 0;
        while (count > 0) {
            int nextCount = 0;
            for (int q = 0; q < count; q++) {
                int l = support[q];
                double v = term[l];
                term[l] = 0;
                for (int p = a.rowStart(l); p < a.rowStart(l + 1); p++) {
                    int i = a.column(p);
                    if (!marked[i]) {
                        marked[i] = true;
                        nextSupport[nextCount++] = i;
                    }
                    next[i] += a.value(p) * v;
                }
            }
            double norm = 0;
            for (int q = 0; q < nextCount; q++) {
                int i = nextSupport[q];
                marked[i] = false;
                norm += Math.abs(next[i]);
                out[i] += factor * next[i];
            }
            total += norm;
            double[] t = term;
            term = next;
            next = t;
            int[] u = support;
            support = nextSupport;
            nextSupport = u;
            count = nextCount;
            if (norm <= TOLERANCE * total) {
                for (int q = 0; q < count; q++) {
                    term[support[q]] = 0;
                }
                count = 0;
            }
        }
        // The swaps may have exchanged the arrays; hand them back zeroed whichever way round they are.
        s.term = term;
        s.next = next;
        s.support = support;
        s.nextSupport = nextSupport;
    }

    @Override
    public double columnSum(int j) {
        return columnSums[j];
    }

    /** Per-thread work vectors, all zero (and unmarked) between calls. */
    private static final class Scratch {
        double[] term;
        double[] next;
        int[] support;
        int[] nextSupport;
        final boolean[] marked;

        Scratch(int n) {
            term = new double[n];
            next = new double[n];
            support = new int[n];
            nextSupport = new int[n];
            marked = new boolean[n];
        }
    }
}
