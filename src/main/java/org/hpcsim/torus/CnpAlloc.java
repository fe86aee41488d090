package org.hpcsim.torus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Gupta and Srimani's CNP_Alloc (Fig. 2): non-preemptive scheduling of square power-of-two subtori
 * of an m x m torus under link contention, by the greedy rule "a job is scheduled on an earliest
 * available subtorus with minimum load", jobs taken one by one in the given (non-increasing
 * dimension) order.
 *
 * <p><b>Subtori.</b> With sigma = m / d, the d x d subtorus at (row, col), 0 &le; row, col &lt;
 * sigma, is the interleaved T^(row,col): the processors (x, y) with x mod sigma = row and y mod sigma
 * = col (section 2.1), not a contiguous block. Two subtori of one size share links iff they share the
 * row or the column index.
 *
 * <p><b>Availability matrix.</b> At the level of the current job it is sigma x sigma. An entry names
 * the job last placed on that subtorus or on a larger one holding it (the paper's id; its sz is that
 * job's dimension), and A.tm is the time from {@code time} until that job ends, 0 when it has. Going
 * down to a smaller dimension tiles the matrix, A[i + x sigma, j + y sigma] = A[i, j] with the old
 * sigma (lines 5-9), because the subtorus (i, j) is made of the four half-size subtori (i, j), (i +
 * sigma, j), (i, j + sigma) and (i + sigma, j + sigma). A drop of several levels at once tiles
 * several times over, which is what the dummy jobs (2^s, 0) of the paper's footnote 3 would do; a
 * dummy job would change nothing else.
 *
 * <p><b>One step</b> (lines 11-22). {@code time} advances by the smallest A.tm, so the set B of free
 * subtori is those with A.tm = 0. The load of a candidate (i, j) is the sum of min(t_k, A.tm) over the
 * other entries of its row and of its column (the overlap of J_k with each competing job or sub-job),
 * divided by sigma, the number of subtori that share a link (Definition 2's (n-1) Delta / m). The job
 * goes to the least loaded candidate, ties to the first in row-major order (the paper's choices in its
 * example), and ends at time + t_k + load (Theorem 1). A larger job seen at a smaller level is one
 * sub-job per entry, so a small job counts each of them: a 2 x 2 job overlapping a 4 x 4 one on two
 * entries of its row pays 2 Delta / 4, as in the paper's Fig. 4 example.
 *
 * <p><b>Load propagation</b> (lines 23-33, garbled in the text; reconstructed from the prose and the
 * worked example). Every other job l that runs on an entry in J_k's row or column has its end moved
 * later by min(t_k, A.tm of l) / sigma, once per new job however many of its entries are in that row
 * and column (the paper's done(l, k) flag), and all its entries keep one value. The overlap uses J_k's
 * undilated time t_k, not its dilated t_k + load: in the example J5 = (4, 1) moves J2 from 3 to 3.5,
 * which is min(1, 3) / 2; with the dilated 2 it would be 4. Increments do not cascade further.
 *
 * <p><b>Where the paper disagrees with itself.</b> Its table of the example lists 8.5 as J3's finish,
 * but its own last availability matrix holds 5.5 for J3 at time 4, i.e. 9.5: placing J6 in J3's row
 * adds min(4, 4.5) / 4 = 1 by Theorem 1, just as placing J6 in J2's column adds the 0.375 that makes
 * J2's 5.875 in the same table. This class follows the matrices (9.5); 8.5 is J3's finish before J6
 * is placed. The makespan, 10.75, is the same either way.
 *
 * <p><b>Without contention.</b> {@link Schedule#makespanWithoutContention()} is this greedy run
 * again with every load 0: no dilation, no propagation, so the choice among the earliest available
 * subtori is the first in row-major order. For the paper's example that is 7, because concurrent
 * jobs then share links. The paper's 10 "if the dilation due to contention is ignored" is the
 * optimal schedule with link-disjoint concurrent jobs, {@link LinkDisjointOptimal}; neither the same
 * placements and start times without dilation (8) nor waiting, in this greedy's order, for
 * link-disjoint subtori (11) gives it.
 */
public final class CnpAlloc {
    /**
     * The largest availability matrix side m / d_n. Every job scans the whole matrix in exact
     * arithmetic, so a million entries is already slow; the bound also keeps a mistyped m from asking
     * for a matrix that cannot be allocated.
     */
    public static final int MAX_MATRIX_SIDE = 1024;

    /**
     * Where and when one job ran.
     *
     * @param id the job's number from 1 in the given order
     * @param dimension d
     * @param start when it starts
     * @param finish when it ends, its time dilated by its own load and by every later job's
     * @param row the subtorus's row index at the job's level, 0 &le; row &lt; m / d
     * @param col the subtorus's column index at the job's level
     */
    public record Placement(int id, int dimension, Rational start, Rational finish, int row, int col) {
    }

    /**
     * The schedule.
     *
     * @param placements one per job, in the given order
     * @param makespan the latest finish
     * @param makespanWithoutContention the latest finish of the same greedy with every load 0
     */
    public record Schedule(List<Placement> placements, Rational makespan, Rational makespanWithoutContention) {
    }

    private CnpAlloc() {
    }

    /**
     * Schedules the jobs on T(m x m).
     *
     * @throws IllegalArgumentException if the instance is not one the paper defines (see
     *     {@link TorusJob#checkInstance}) or m / d_n exceeds {@link #MAX_MATRIX_SIDE}
     */
    public static Schedule schedule(int m, List<TorusJob> jobs) {
        TorusJob.checkInstance(m, jobs);
        int side = m / jobs.get(jobs.size() - 1).dimension();
        if (side > MAX_MATRIX_SIDE) {
            throw new IllegalArgumentException("the availability matrix would be " + side + " x " + side
                    + " (m / smallest dimension); at most " + MAX_MATRIX_SIDE + " x " + MAX_MATRIX_SIDE);
        }
        List<Placement> placements = run(m, jobs, true);
        return new Schedule(placements, makespan(placements), makespan(run(m, jobs, false)));
    }

    private static List<Placement> run(int m, List<TorusJob> jobs, boolean contention) {
        int n = jobs.size();
        Rational[] finish = new Rational[n + 1];
        finish[0] = Rational.ZERO; // id 0: an entry no job has used yet
        Rational[] start = new Rational[n + 1];
        int[][] where = new int[n + 1][];
        int[][] owner = {{0}};
        Rational time = Rational.ZERO;
        for (int k = 1; k <= n; k++) {
            TorusJob job = jobs.get(k - 1);
            int side = m / job.dimension();
            if (side != owner.length) {
                owner = tile(owner, side);
            }
            time = earliestAvailable(owner, finish, time);
            Rational[][] tm = new Rational[side][side];
            Rational[] rowOverlap = new Rational[side];
            Rational[] colOverlap = new Rational[side];
            Arrays.fill(rowOverlap, Rational.ZERO);
            Arrays.fill(colOverlap, Rational.ZERO);
            Rational t = job.time();
            for (int i = 0; i < side; i++) {
                for (int j = 0; j < side; j++) {
                    tm[i][j] = finish[owner[i][j]].subtract(time).max(Rational.ZERO);
                    Rational overlap = t.min(tm[i][j]);
                    rowOverlap[i] = rowOverlap[i].add(overlap);
                    colOverlap[j] = colOverlap[j].add(overlap);
                }
            }
            Rational sigma = Rational.of(side);
            Rational best = null;
            int row = -1;
            int col = -1;
            for (int i = 0; i < side; i++) {
                for (int j = 0; j < side; j++) {
                    if (tm[i][j].signum() == 0) {
                        // The candidate's own entry adds min(t, 0) = 0 to its row and column sums.
                        Rational load = contention ? rowOverlap[i].add(colOverlap[j]).divide(sigma) : Rational.ZERO;
                        if (best == null || load.compareTo(best) < 0) {
                            best = load;
                            row = i;
                            col = j;
                        }
                    }
                }
            }
            if (contention) {
                boolean[] done = new boolean[k];
                for (int c = 0; c < side; c++) {
                    if (c != col) {
                        dilate(owner[row][c], tm[row][c], t, sigma, finish, done);
                    }
                }
                for (int r = 0; r < side; r++) {
                    if (r != row) {
                        dilate(owner[r][col], tm[r][col], t, sigma, finish, done);
                    }
                }
            }
            owner[row][col] = k;
            start[k] = time;
            finish[k] = time.add(t).add(best);
            where[k] = new int[] {row, col};
        }
        List<Placement> placements = new ArrayList<>(n);
        for (int k = 1; k <= n; k++) {
            placements.add(new Placement(k, jobs.get(k - 1).dimension(), start[k], finish[k], where[k][0], where[k][1]));
        }
        return placements;
    }

    /** Lines 5-9, possibly several levels at once: the d-subtorus (i, j) covers (i mod sigma, j mod sigma). */
    private static int[][] tile(int[][] owner, int side) {
        int old = owner.length;
        int[][] tiled = new int[side][side];
        for (int i = 0; i < side; i++) {
            for (int j = 0; j < side; j++) {
                tiled[i][j] = owner[i % old][j % old];
            }
        }
        return tiled;
    }

    /** Lines 12-14: time + min(A.tm), the first moment a subtorus of the current size is free. */
    private static Rational earliestAvailable(int[][] owner, Rational[] finish, Rational time) {
        Rational earliest = null;
        for (int[] row : owner) {
            for (int id : row) {
                Rational free = finish[id].max(time);
                earliest = earliest == null ? free : earliest.min(free);
            }
        }
        return earliest;
    }

    /** Theorem 1 for one competing job: its end moves by its overlap with J_k over sigma, once per J_k. */
    private static void dilate(int id, Rational tm, Rational t, Rational sigma, Rational[] finish, boolean[] done) {
        if (tm.signum() > 0 && !done[id]) {
            finish[id] = finish[id].add(t.min(tm).divide(sigma));
            done[id] = true;
        }
    }

    private static Rational makespan(List<Placement> placements) {
        Rational latest = Rational.ZERO;
        for (Placement p : placements) {
            latest = latest.max(p.finish());
        }
        return latest;
    }
}
