package org.hpcsim.torus;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The optimal non-preemptive schedule without contention: jobs that run at the same time occupy
 * link-disjoint subtori, and every job runs for exactly its own t (no dilation). It is the baseline
 * the paper's contention example is measured against: "If the dilation due to contention is
 * ignored, then the schedule length would have been 10" (section 2.4.4). For that example it is 10,
 * which neither {@link CnpAlloc}'s greedy without loads (7) nor its placements without dilation (8)
 * gives.
 *
 * <p><b>Which links a subtorus uses.</b> The d x d subtorus at (row, col), sigma = m / d, is the
 * interleaved T^(row,col) of section 2.1, as in {@link CnpAlloc}: the processors (x, y) with x mod
 * sigma = row and y mod sigma = col. Its edges join (x, y) to (x, y + sigma) and to (x + sigma, y),
 * wrapping around, and each spans the sigma torus links between its ends (span(e)). The d edges
 * along one of its rows therefore span all m links of that torus row, and likewise for columns: the
 * subtorus uses exactly the horizontal links of the d rows x = row (mod sigma) and the vertical links
 * of the d columns y = col (mod sigma). (For d = 1 the formula is taken at face value, the single
 * node's wrap-around edge spanning its whole row and column, as CNP_Alloc's loads also do.) Two
 * subtori, of any sizes, are therefore link-disjoint iff they have no row and no column in common
 * (Definition 1); with sigma_1 dividing sigma_2, the rows meet iff row_2 mod sigma_1 = row_1. For
 * equal sizes this is Remark 1: link-disjoint iff row_1 != row_2 and col_1 != col_2. Two jobs in the
 * same row band conflict even if they have no processor in common. The contiguous reading of
 * section 3 (aligned d x d blocks, each ring closing the long way round through the rest of its
 * torus row or column) gives the same relation with the band indices bit-reversed, so the same
 * optimum.
 *
 * <p><b>Only the rows matter.</b> Jobs running at the same time have pairwise disjoint rows; given
 * that, putting every job on its diagonal subtorus (col = row) makes their columns disjoint too. So
 * the optimum is that of the line of m rows, each job needing an aligned set of d of them (a node of
 * the binary tree of residues mod 2, 4, ..., m) for t without a break, and this class returns
 * diagonal subtori: the non-preemptive counterpart of {@link PreemptiveFeasibility}'s model.
 *
 * <p><b>Why the paper's example gives 10.</b> On T(8 x 8), J1 = (8, 2) uses every link and runs
 * alone, 0 to 2. A 4 x 4 subtorus has 4 of the 8 rows and the 2 x 2 J6 has 2, so besides a 4 x 4
 * job at most one more of J2..J6 (only J6 is smaller) can run at once, and J2..J6 behave as two
 * machines for times 2, 4, 4, 1, 4: at best 8 (4 + 4 against 2 + 1 + 4), so 2 + 8 = 10.
 *
 * <p><b>Search</b>, as {@link org.hpcsim.malleable.ExactSolver}'s: depth-first branch and bound
 * placing one job at a time, choosing the next job and its rows; it starts at the latest end of the
 * placed jobs whose rows meet its own (0 if none). Every schedule built is valid, and placing an
 * optimal schedule's jobs on its rows in the order of their start times builds one that is no
 * longer, so the search is exact. Pruning, none of which loses every optimum:
 * <ul>
 *   <li>only orders in which (start, job index) increases, since a schedule built by the rule is
 *       rebuilt by placing its jobs in that order;</li>
 *   <li>identical jobs (same d and t) in the order of their indices;</li>
 *   <li>jobs of dimension m first, in index order: such a job runs alone, so moving it to the
 *       front, and what ran before it later by its t, changes no makespan;</li>
 *   <li>symmetry: one residue's rows meet another's iff one is the other's ancestor in the tree, so
 *       exchanging the two subtrees below a node where neither holds a placed job maps the partial
 *       schedule to itself and any completion to one as long; only the lower one is tried (the first
 *       job thus goes to row 0);</li>
 *   <li>bounds: a branch is cut when it cannot beat the best makespan so far: by the new job's end;
 *       by a job left that cannot start, in any subtorus of its size, before rows are free there;
 *       or by the time each row is busy until (at least the new start, since every later job starts
 *       no earlier) plus the row-time d t the jobs left need (the jobs on one row run one after
 *       another), over m.</li>
 * </ul>
 * Starts are tried in increasing order (a job starts at 0 or when a placed job ends), which finds
 * short schedules, and so tight cuts, early; then jobs and rows in index order. The first incumbent
 * runs the jobs one after the other; the first schedule of each better makespan is kept, so the
 * result is deterministic.
 *
 * <p><b>Limits.</b> The search is exponential in the number of jobs and in the number of positions
 * per job, so it takes at most {@link #MAX_JOBS} jobs and m / d_n at most {@link #MAX_SIDE}; random
 * instances at these limits took under a second each when measured. Times are counted in integer
 * steps of their common denominator, so they must not be so finely divided that their sum in those
 * steps, times 2 m / d_n, overflows a {@code long}.
 */
public final class LinkDisjointOptimal {
    /** The most jobs an instance may have. */
    public static final int MAX_JOBS = 8;

    /** The largest m / d_n, the number of positions of the smallest jobs along the diagonal. */
    public static final int MAX_SIDE = 16;

    /**
     * Where and when one job runs.
     *
     * @param id the job's number from 1 in the given order
     * @param dimension d
     * @param start when it starts
     * @param finish start + t
     * @param row the subtorus's row index at the job's level, 0 &le; row &lt; m / d
     * @param col its column index, equal to row
     */
    public record Placement(int id, int dimension, Rational start, Rational finish, int row, int col) {
    }

    /**
     * An optimal schedule.
     *
     * @param placements one per job, in the given order
     * @param makespan the optimal makespan, the latest finish
     */
    public record Schedule(List<Placement> placements, Rational makespan) {
        public Schedule {
            placements = List.copyOf(placements);
        }
    }

    private final List<TorusJob> jobs;
    private final int n;
    /** m / d_n: the rows are tracked in classes mod side, each holding d_n torus rows. */
    private final int side;
    /** The common denominator of the times: the search counts in integer steps of 1 / scale. */
    private final long scale;
    /** log2(m / d) of each job: its rows are the residue row[j] mod 2^level[j] of the classes. */
    private final int[] level;
    private final long[] time;
    /** d t / d_n: the row-time a job needs, in classes. */
    private final long[] rowTime;
    private final int[] twinBefore;
    /** max(t_max, sum d t / m): once the best makespan reaches it, nothing is shorter. */
    private final long floor;
    private final boolean[] placed;
    private final int[] row;
    private final long[] start;
    private final long[] end;
    /** busy[x]: when the placed jobs on row class x end (they ran one after another). */
    private final long[] busy;
    /** held[k][r]: placed jobs whose residue lies in the subtree of residue r mod 2^k. */
    private final int[][] held;
    private final int[] bestRow;
    private final long[] bestStart;
    private long best;

    private LinkDisjointOptimal(int m, List<TorusJob> jobs) {
        this.jobs = jobs;
        n = jobs.size();
        int smallest = jobs.get(n - 1).dimension();
        side = m / smallest;
        BigInteger denominator = BigInteger.ONE;
        Rational total = Rational.ZERO;
        for (TorusJob job : jobs) {
            BigInteger d = job.time().denominator();
            denominator = denominator.divide(denominator.gcd(d)).multiply(d);
            total = total.add(job.time());
        }
        // Ends stay within the sum of the times; a bound adds up side of them, twice.
        if (denominator.bitLength() >= Long.SIZE - 1 || total.multiply(Rational.of(denominator.longValue()))
                .multiply(Rational.of(2L * side)).compareTo(Rational.of(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("the job times are too finely divided for the link-disjoint optimum"
                    + " (common denominator " + denominator + ")");
        }
        scale = denominator.longValue();
        level = new int[n];
        time = new long[n];
        rowTime = new long[n];
        twinBefore = new int[n];
        long longest = 0;
        long rows = 0;
        for (int j = 0; j < n; j++) {
            TorusJob job = jobs.get(j);
            level[j] = Integer.numberOfTrailingZeros(m / job.dimension());
            time[j] = job.time().multiply(Rational.of(scale)).longValueExact();
            rowTime[j] = time[j] * (job.dimension() / smallest);
            longest = Math.max(longest, time[j]);
            rows += rowTime[j];
            twinBefore[j] = -1;
            for (int i = 0; i < j; i++) {
                if (jobs.get(i).equals(job)) {
                    twinBefore[j] = i;
                }
            }
        }
        floor = Math.max(longest, (rows + side - 1) / side);
        placed = new boolean[n];
        row = new int[n];
        start = new long[n];
        end = new long[n];
        busy = new long[side];
        int depth = Integer.numberOfTrailingZeros(side);
        held = new int[depth + 1][];
        for (int k = 0; k <= depth; k++) {
            held[k] = new int[1 << k];
        }
        bestRow = new int[n];
        bestStart = new long[n];
    }

    /**
     * An optimal schedule of the jobs on T(m x m) with link-disjoint concurrent jobs.
     *
     * @throws IllegalArgumentException if the instance is not one the paper defines (see
     *     {@link TorusJob#checkInstance}), has more than {@link #MAX_JOBS} jobs, m / d_n exceeds
     *     {@link #MAX_SIDE}, or the times are so finely divided that their sum, in steps of their
     *     common denominator, times 2 m / d_n, does not fit a {@code long}
     */
    public static Schedule schedule(int m, List<TorusJob> jobs) {
        TorusJob.checkInstance(m, jobs);
        if (jobs.size() > MAX_JOBS) {
            throw new IllegalArgumentException("the link-disjoint optimum takes at most " + MAX_JOBS + " jobs, not "
                    + jobs.size());
        }
        int side = m / jobs.get(jobs.size() - 1).dimension();
        if (side > MAX_SIDE) {
            throw new IllegalArgumentException("the link-disjoint optimum takes m / smallest dimension at most "
                    + MAX_SIDE + ", not " + side);
        }
        LinkDisjointOptimal solver = new LinkDisjointOptimal(m, List.copyOf(jobs));
        solver.startSequential();
        solver.search(0, 0, -1, 0);
        return solver.solution();
    }

    /** The first incumbent: the jobs one after the other, each on row 0. */
    private void startSequential() {
        long t = 0;
        for (int j = 0; j < n; j++) {
            bestStart[j] = t;
            t += time[j];
        }
        best = t;
    }

    /**
     * Places one more job after {@code placedCount} placed ones, the last of which started at
     * {@code lastStart} and is job {@code lastJob}; {@code makespan} is the placed jobs' latest end.
     */
    private void search(int placedCount, long lastStart, int lastJob, long makespan) {
        if (placedCount == n) {
            if (makespan < best) {
                best = makespan;
                System.arraycopy(row, 0, bestRow, 0, n);
                System.arraycopy(start, 0, bestStart, 0, n);
            }
            return;
        }
        long[][] free = free();
        long leftRowTime = 0;
        for (int j = 0; j < n; j++) {
            if (!placed[j]) {
                leftRowTime += rowTime[j];
                long earliest = Long.MAX_VALUE;
                for (long f : free[level[j]]) {
                    earliest = Math.min(earliest, f);
                }
                if (Math.max(lastStart, earliest) + time[j] >= best) {
                    return;
                }
            }
        }
        // The jobs of dimension m are first in the list, and placed first, in index order.
        int wholeTorus = level[placedCount] == 0 ? placedCount : -1;
        for (long s : starts(lastStart)) {
            for (int j = 0; j < n; j++) {
                if (placed[j] || (twinBefore[j] >= 0 && !placed[twinBefore[j]]) || (s == lastStart && j < lastJob)
                        || (wholeTorus >= 0 && j != wholeTorus)) {
                    continue;
                }
                long e = s + time[j];
                int k = level[j];
                for (int r = 0; r < 1 << k && best > floor && e < best; r++) {
                    // It starts at s exactly: the latest end of the placed jobs its rows meet.
                    if (free[k][r] != s || !canonical(k, r)
                            || busyBound(k, r, s, e, leftRowTime - rowTime[j]) >= best * side) {
                        continue;
                    }
                    long[] saved = busy.clone();
                    place(j, r, s, e, 1);
                    search(placedCount + 1, s, j, Math.max(makespan, e));
                    place(j, r, s, e, -1);
                    System.arraycopy(saved, 0, busy, 0, side);
                }
            }
        }
    }

    /** 0 and the placed jobs' ends, from {@code lastStart} on, ascending and without repeats. */
    private long[] starts(long lastStart) {
        long[] ends = new long[n + 1];
        int count = 1;
        for (int i = 0; i < n; i++) {
            if (placed[i]) {
                ends[count++] = end[i];
            }
        }
        return Arrays.stream(ends, 0, count).filter(t -> t >= lastStart).sorted().distinct().toArray();
    }

    /**
     * free[k][r]: the latest end of the placed jobs on the classes x = r (mod 2^k), i.e. of those whose
     * rows meet residue r at level k; a job placed there starts no earlier.
     */
    private long[][] free() {
        int depth = held.length - 1;
        long[][] free = new long[depth + 1][];
        free[depth] = busy;
        for (int k = depth - 1; k >= 0; k--) {
            free[k] = new long[1 << k];
            for (int r = 0; r < 1 << k; r++) {
                free[k][r] = Math.max(free[k + 1][r], free[k + 1][r + (1 << k)]);
            }
        }
        return free;
    }

    /**
     * Whether residue r at level k is the one tried among those the symmetries that fix the placed
     * jobs map it to: at every node on its path whose two subtrees hold no placed job, the lower.
     */
    private boolean canonical(int k, int r) {
        for (int b = 0; b < k; b++) {
            int taken = r & ((2 << b) - 1);
            if (taken != (r & ((1 << b) - 1)) && held[b + 1][taken] == 0 && held[b + 1][taken ^ (1 << b)] == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * side times a lower bound on the makespan: each row class is busy until its placed jobs end, and
     * from the new start s on at the earliest, with the new job's classes (residue r at level k)
     * busy until its end e; the jobs left need {@code left} more.
     */
    private long busyBound(int k, int r, long s, long e, long left) {
        long total = left;
        int mask = (1 << k) - 1;
        for (int x = 0; x < side; x++) {
            total += (x & mask) == r ? e : Math.max(busy[x], s);
        }
        return total;
    }

    /** Places job j (sign 1) or takes it away again (sign -1; the caller restores the busy times). */
    private void place(int j, int r, long s, long e, int sign) {
        placed[j] = sign > 0;
        row[j] = r;
        start[j] = s;
        end[j] = e;
        int k = level[j];
        for (int b = 0; b <= k; b++) {
            held[b][r & ((1 << b) - 1)] += sign;
        }
        if (sign > 0) {
            // Every job on these classes so far shares rows with this one, so it ended by s < e.
            for (int x = r; x < side; x += 1 << k) {
                busy[x] = e;
            }
        }
    }

    private Schedule solution() {
        Rational unit = Rational.of(scale);
        List<Placement> placements = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            placements.add(new Placement(j + 1, jobs.get(j).dimension(), Rational.of(bestStart[j]).divide(unit),
                    Rational.of(bestStart[j] + time[j]).divide(unit), bestRow[j], bestRow[j]));
        }
        return new Schedule(placements, Rational.of(best).divide(unit));
    }
}
