package org.hpcsim.torus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Gupta and Srimani's preemptive feasibility algorithm (section 3): can the jobs, taken in the given
 * non-increasing order of dimension, all finish by a deadline T on T(m x m) without contention? And
 * the minimum such T.
 *
 * <p><b>Model.</b> Contention is avoided by link-disjoint subtori: the p-interval [a, b] is the
 * diagonal block T(a, b) of the processors P(i, j) with a &le; i, j &le; b (Definition 6), and
 * disjoint p-intervals are link-disjoint. A job of dimension d runs on a p-interval of size d, may be
 * preempted and resume later on another one, and never runs on two at once. Only the diagonal blocks
 * are used, so the torus behaves as a line of m columns: at any moment the running jobs' dimensions
 * add up to at most m.
 *
 * <p><b>Algorithm.</b> The profile lists disjoint p-intervals covering the unused part of [0, m - 1]
 * with the time f each is busy until, in decreasing f (stair-like, Definition 9); r = T - f is the
 * remaining processing time (RPT) and intervals with r = 0 are dropped. Job (d, t), with r_1 &lt;
 * ... &lt; r_k the profile's RPTs: Step 1, t &gt; r_k: infeasible. Step 2, t &lt; r_1: it runs on
 * [a_1, a_1 + d - 1] from f_1 to f_1 + t. Step 3, t = r_j: on [a_j, a_j + d - 1] from f_j to T.
 * Step 4, r_j &lt; t &lt; r_{j+1}: on [a_j, a_j + d - 1] from f_j to T and on [a_{j+1}, a_{j+1} + d -
 * 1] from f_{j+1} to f_{j+1} + t - r_j, which is before f_j, so the two pieces do not overlap. Every
 * interval keeps the part the job does not use: [a + d, b] with its old f. Lemma 1's proof instead
 * deletes the whole entry j in Step 4, which is right only when b_j - a_j + 1 = d and otherwise throws
 * capacity away: for m = 4 and jobs (2, 7), (1, 7), (1, 8), (1, 2), (1, 1) deadline 8 is feasible (a
 * test checks it by brute force) but not once [a_j + d, b_j] is deleted. Since dimensions are
 * non-increasing powers of two, every interval boundary is a multiple of d, so the pieces are aligned
 * and every interval has room for the job. Each job has one piece, or two after Step 4, and the first
 * job one, hence at most n - 1 preemptions (Theorem 2). Lemma 2: it finds a schedule iff one exists.
 *
 * <p><b>Minimum finish time.</b> The paper searches [t_max, sum d_i^2 t_i / m^2]. That is not a
 * bracket in its own model: sum d_i^2 t_i / m^2 counts all m^2 processors while the diagonal blocks
 * give the jobs only m columns, so it is a lower bound (for the paper's contention example it is 5,
 * the minimum 9.5). This class searches [L, sum t_i] with L = max(t_max, sum d_i t_i / m), the
 * column-time lower bound, and sum t_i, one job after another, always feasible. The search is exact:
 * it runs the algorithm once with the deadline as an unknown in an interval (lo, hi], lo infeasible
 * and hi feasible, where every f is an affine function of T. When a decision (the sign of t - r_j)
 * changes inside the interval, the deadline where it changes is tested with the ordinary algorithm
 * and becomes the new lo or hi; the decision is then the same all over the interval. When the run
 * ends, every decision is fixed on (lo, hi) and it ended infeasible, so the minimum is hi. That
 * takes at most one test per decision, and the result is a fraction, exact.
 *
 * <p>The profile is an array list searched by bisection: O(log n) comparisons per job as with the
 * paper's AVL tree (Theorem 3), but an insertion shifts the entries after it, O(n) in the worst case;
 * for the lists a command line is given that costs less than a tree would.
 */
public final class PreemptiveFeasibility {

    /**
     * A stretch of a job on one p-interval.
     *
     * @param start when it begins
     * @param end when it stops
     * @param first the p-interval's first row and column
     * @param last its last row and column: the job runs on the processors P(i, j), first &le; i, j &le; last
     */
    public record Piece(Rational start, Rational end, int first, int last) {
    }

    /**
     * A job's pieces.
     *
     * @param id the job's number from 1 in the given order
     * @param dimension d
     * @param time t, the pieces' total length
     * @param pieces in order of start
     */
    public record JobSchedule(int id, int dimension, Rational time, List<Piece> pieces) {
        public int preemptions() {
            return pieces.size() - 1;
        }
    }

    /**
     * A feasible preemptive schedule.
     *
     * @param deadline T; every piece ends by it
     * @param jobs one per job, in the given order
     */
    public record Schedule(Rational deadline, List<JobSchedule> jobs) {
        public int preemptions() {
            return jobs.stream().mapToInt(JobSchedule::preemptions).sum();
        }
    }

    private PreemptiveFeasibility() {
    }

    /**
     * Schedules the jobs by the deadline, or tells that no preemptive schedule meets it.
     *
     * @throws IllegalArgumentException if the instance is bad (see {@link TorusJob#checkInstance}) or
     *     the deadline is not positive
     */
    public static Optional<Schedule> schedule(int m, List<TorusJob> jobs, Rational deadline) {
        TorusJob.checkInstance(m, jobs);
        if (deadline.signum() <= 0) {
            throw new IllegalArgumentException("the deadline must be positive, got " + deadline);
        }
        return Optional.ofNullable(run(m, jobs, g -> g.at(deadline).signum())).map(pieces -> at(jobs, pieces, deadline));
    }

    /** max(t_max, sum d_i t_i / m): no schedule ends earlier. */
    public static Rational lowerBound(int m, List<TorusJob> jobs) {
        TorusJob.checkInstance(m, jobs);
        Rational longest = Rational.ZERO;
        Rational columnTime = Rational.ZERO;
        for (TorusJob job : jobs) {
            longest = longest.max(job.time());
            columnTime = columnTime.add(job.time().multiply(Rational.of(job.dimension())));
        }
        return longest.max(columnTime.divide(Rational.of(m)));
    }

    /**
     * The schedule with the smallest deadline that is feasible, exactly.
     *
     * @throws IllegalArgumentException if the instance is bad (see {@link TorusJob#checkInstance})
     */
    public static Schedule minimumFinishTime(int m, List<TorusJob> jobs) {
        Rational low = lowerBound(m, jobs);
        Optional<Schedule> atLow = schedule(m, jobs, low);
        if (atLow.isPresent()) {
            return atLow.get();
        }
        Rational sequential = Rational.ZERO;
        for (TorusJob job : jobs) {
            sequential = sequential.add(job.time());
        }
        Search search = new Search(m, jobs, low, sequential);
        if (run(m, jobs, search) != null) {
            throw new IllegalStateException("the algorithm is feasible just above an infeasible deadline "
                    + search.lo + " (Lemma 2 says it is exact)");
        }
        return schedule(m, jobs, search.hi).orElseThrow(() -> new IllegalStateException(
                "the algorithm is infeasible at " + search.hi + ", after one job after another (Lemma 2)"));
    }

    /** c + s T, a time as a function of the deadline T. */
    private record Affine(Rational constant, Rational slope) {
        static final Affine ZERO = new Affine(Rational.ZERO, Rational.ZERO);
        static final Affine DEADLINE = new Affine(Rational.ZERO, Rational.of(1));

        static Affine of(Rational constant) {
            return new Affine(constant, Rational.ZERO);
        }

        Affine plus(Affine o) {
            return new Affine(constant.add(o.constant), slope.add(o.slope));
        }

        Affine minus(Affine o) {
            return new Affine(constant.subtract(o.constant), slope.subtract(o.slope));
        }

        Rational at(Rational deadline) {
            return constant.add(slope.multiply(deadline));
        }
    }

    /** The sign of an affine function at the deadline being decided. */
    private interface Deadline {
        int signum(Affine g);
    }

    /**
     * The unknown deadline of the exact search, somewhere in (lo, hi]: lo infeasible, hi feasible.
     * Answers a sign by first moving lo or hi onto the point where it changes, if that is inside.
     */
    private static final class Search implements Deadline {
        private final int m;
        private final List<TorusJob> jobs;
        Rational lo;
        Rational hi;

        Search(int m, List<TorusJob> jobs, Rational lo, Rational hi) {
            this.m = m;
            this.jobs = jobs;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public int signum(Affine g) {
            if (g.slope().signum() != 0) {
                Rational root = g.constant().negate().divide(g.slope());
                if (root.compareTo(lo) > 0 && root.compareTo(hi) < 0) {
                    if (run(m, jobs, h -> h.at(root).signum()) != null) {
                        hi = root;
                    } else {
                        lo = root;
                    }
                }
            }
            return g.at(lo.add(hi).divide(Rational.of(2))).signum();
        }
    }

    /** An unused p-interval [first, last] of the profile, busy until finish. */
    private record Entry(int first, int last, Affine finish) {
        int size() {
            return last - first + 1;
        }
    }

    private record AffinePiece(int job, Affine start, Affine end, int first) {
    }

    /** Steps 1-4 for every job; null when a job cannot be placed (Step 1). */
    private static List<AffinePiece> run(int m, List<TorusJob> jobs, Deadline deadline) {
        List<Entry> profile = new ArrayList<>(List.of(new Entry(0, m - 1, Affine.ZERO)));
        List<AffinePiece> pieces = new ArrayList<>();
        for (int k = 0; k < jobs.size(); k++) {
            int d = jobs.get(k).dimension();
            Affine t = Affine.of(jobs.get(k).time());
            // RPTs increase along the profile: find the first entry with t <= r, by bisection.
            int lo = 0;
            int hi = profile.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (deadline.signum(excess(t, profile.get(mid))) <= 0) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            if (lo == profile.size()) {
                return null; // Step 1: t > r_k
            }
            Entry e = profile.get(lo);
            List<Entry> replacement = new ArrayList<>(3);
            int from = lo;
            if (deadline.signum(excess(t, e)) == 0) { // Step 3: t = r_j
                pieces.add(new AffinePiece(k, e.finish(), Affine.DEADLINE, e.first()));
                rest(e, d, replacement);
            } else if (lo == 0) { // Step 2: t < r_1
                Affine end = e.finish().plus(t);
                pieces.add(new AffinePiece(k, e.finish(), end, e.first()));
                replacement.add(new Entry(e.first(), e.first() + d - 1, end));
                rest(e, d, replacement);
            } else { // Step 4: r_j < t < r_{j+1}
                Entry used = profile.get(lo - 1);
                from = lo - 1;
                Affine left = t.minus(Affine.DEADLINE.minus(used.finish()));
                Affine end = e.finish().plus(left);
                pieces.add(new AffinePiece(k, used.finish(), Affine.DEADLINE, used.first()));
                pieces.add(new AffinePiece(k, e.finish(), end, e.first()));
                rest(used, d, replacement);
                replacement.add(new Entry(e.first(), e.first() + d - 1, end));
                rest(e, d, replacement);
            }
            List<Entry> replaced = profile.subList(from, lo + 1);
            replaced.clear();
            replaced.addAll(replacement);
        }
        return pieces;
    }

    /** t - r = t - (T - f): positive when the job does not fit the entry's RPT. */
    private static Affine excess(Affine t, Entry e) {
        return t.minus(Affine.DEADLINE.minus(e.finish()));
    }

    /** The part [first + d, last] of an entry the job leaves, with the entry's old finish. */
    private static void rest(Entry e, int d, List<Entry> into) {
        if (e.size() > d) {
            into.add(new Entry(e.first() + d, e.last(), e.finish()));
        }
    }

    private static Schedule at(List<TorusJob> jobs, List<AffinePiece> pieces, Rational deadline) {
        List<List<Piece>> byJob = new ArrayList<>();
        for (int k = 0; k < jobs.size(); k++) {
            byJob.add(new ArrayList<>(2));
        }
        for (AffinePiece p : pieces) {
            int d = jobs.get(p.job()).dimension();
            byJob.get(p.job()).add(new Piece(p.start().at(deadline), p.end().at(deadline), p.first(), p.first() + d - 1));
        }
        List<JobSchedule> out = new ArrayList<>(jobs.size());
        for (int k = 0; k < jobs.size(); k++) {
            List<Piece> own = byJob.get(k);
            own.sort(Comparator.comparing(Piece::start));
            out.add(new JobSchedule(k + 1, jobs.get(k).dimension(), jobs.get(k).time(), List.copyOf(own)));
        }
        return new Schedule(deadline, List.copyOf(out));
    }
}
