package org.hpcsim.malleable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.hpcsim.topology.LineTopology;

/**
 * The optimal makespan of a tiny instance, by depth-first branch and bound; any instance: rigid or
 * malleable jobs, any speed-up function. For checking bounds and heuristics, not for real sizes:
 * the search is exponential, so instances are limited to {@link #MAX_JOBS} jobs.
 *
 * <p><b>Search.</b> An allocation of a job is a node count q (1..Q_j, or exactly q_j when rigid) and
 * a contiguous range of q compute nodes local to its I/O node; two jobs conflict when their hulls
 * (compute nodes, their I/O node and what lies between) share a position on the line. The search
 * places the jobs one at a time, choosing the next job and its allocation; a job starts at the latest
 * end among the jobs already placed that conflict with it (0 if none).
 *
 * <p><b>Why this is exact.</b> Every schedule it builds is valid: a job starts after every
 * conflicting job placed before it, and jobs placed after it start after it ends if they conflict.
 * Conversely, take an optimal schedule S and place its jobs, with its allocations, in the order of
 * their start times in S. Every conflicting job placed earlier started earlier in S, so it ended in
 * S before the new one started there; by induction every job starts no later than in S, and the
 * makespan is at most OPT. (In graph terms: the conflict graph oriented by the order of placement is
 * acyclic, every acyclic orientation comes from some order, and the start rule gives the earliest
 * schedule for that orientation.)
 *
 * <p><b>Pruning</b>, none of which loses that schedule:
 * <ul>
 *   <li>Order: a schedule built by the rule is rebuilt by placing its jobs in order of their start
 *       times there (the conflicting jobs before each are the same ones), so only orders where
 *       (start, job index) increases are searched. Every later job then starts at or after the
 *       current start, which gives the next bound.</li>
 *   <li>Bounds: a branch is cut when it cannot beat the best makespan so far: when the new job's
 *       end, or the current start plus the shortest run time of any job left, reaches it, or when
 *       the compute work placed plus the least work of the jobs left, over m^C, does.</li>
 *   <li>Identical jobs (same load, Q, I/O node and kind) are interchangeable, so they are placed in
 *       the order of their indices.</li>
 * </ul>
 * The search starts from the schedule that runs the jobs one after the other, each on its fastest
 * allocation, and keeps the first schedule found of each better makespan; so the result is
 * deterministic.
 */
public final class ExactSolver {
    /** The most jobs an instance may have. */
    public static final int MAX_JOBS = 8;

    /** A step limit for callers that must not wait long: some seconds of search. */
    public static final long DEFAULT_MAX_STEPS = 20_000_000;

    /** Thrown when the search places more jobs than its limit allows ({@link #solve(Instance, long)}). */
    public static final class SearchLimitException extends RuntimeException {
        SearchLimitException(String message) {
            super(message);
        }
    }

    /**
     * An optimal schedule.
     *
     * @param makespan the optimal makespan
     * @param schedule a schedule reaching it, one placement per job, ordered by job id
     */
    public record Solution(double makespan, List<Placement> schedule) {
        public Solution {
            schedule = List.copyOf(schedule);
        }
    }

    /** One allocation of one job: nodes first..first+count-1, its run time and its hull on the line. */
    private record Option(int first, int count, double time, int hullStart, int hullEnd) {
        double work() {
            return count * time;
        }
    }

    private final Instance instance;
    private final int n;
    private final List<List<Option>> options = new ArrayList<>();
    private final double[] minTime;
    private final double[] minWork;
    private final int[] twinBefore;
    private final boolean[] placed;
    private final Option[] chosen;
    private final double[] start;
    private final double[] end;
    private final Option[] bestChosen;
    private final double[] bestStart;
    private double best;
    private final long maxSteps;
    private long steps;

    private ExactSolver(Instance instance, long maxSteps) {
        this.instance = instance;
        this.maxSteps = maxSteps;
        this.n = instance.jobs().size();
        minTime = new double[n];
        minWork = new double[n];
        twinBefore = new int[n];
        placed = new boolean[n];
        chosen = new Option[n];
        start = new double[n];
        end = new double[n];
        bestChosen = new Option[n];
        bestStart = new double[n];
    }

    /**
     * The optimal makespan and a schedule reaching it, however long the search takes.
     *
     * @throws IllegalArgumentException for more than {@link #MAX_JOBS} jobs
     */
    public static Solution solve(Instance instance) {
        return solve(instance, Long.MAX_VALUE);
    }

    /**
     * As {@link #solve(Instance)}, giving up once the search has placed a job {@code maxSteps} times
     * (a few million a second): the search grows exponentially with the jobs and with the allocations
     * each may take (Q_j node counts times the positions local to its I/O node), so a few more of either
     * can turn a second into hours.
     *
     * @throws IllegalArgumentException for more than {@link #MAX_JOBS} jobs or {@code maxSteps < 1}
     * @throws SearchLimitException     when the search needs more than {@code maxSteps} steps
     */
    public static Solution solve(Instance instance, long maxSteps) {
        if (instance.jobs().size() > MAX_JOBS) {
            throw new IllegalArgumentException("the exact solver takes at most " + MAX_JOBS + " jobs, not "
                    + instance.jobs().size());
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("the exact solver's step limit must be at least 1: " + maxSteps);
        }
        ExactSolver solver = new ExactSolver(instance, maxSteps);
        solver.enumerateOptions();
        solver.startSequential();
        solver.search(0, Double.NEGATIVE_INFINITY, -1, 0, 0);
        return solver.solution();
    }

    /** Every allocation of every job, fastest first (then leftmost). */
    private void enumerateOptions() {
        LineTopology line = instance.line();
        for (int j = 0; j < n; j++) {
            MalleableJob job = instance.job(j);
            int tau = line.gap(job.io());
            List<Option> list = new ArrayList<>();
            for (int q = job.minNodes(); q <= job.maxNodes(); q++) {
                double time = job.time(q, instance.speedup());
                // Local: first <= tau <= first + q, and the range must fit on the line.
                for (int first = Math.max(0, tau - q); first <= Math.min(tau, line.size() - q); first++) {
                    list.add(new Option(first, q, time, line.hullStart(first, job.io()),
                            line.hullEnd(first + q - 1, job.io())));
                }
            }
            list.sort(Comparator.comparingDouble(Option::time).thenComparingInt(Option::first));
            options.add(list);
            minTime[j] = list.get(0).time();
            minWork[j] = Double.POSITIVE_INFINITY;
            for (Option o : list) {
                minWork[j] = Math.min(minWork[j], o.work());
            }
            twinBefore[j] = -1;
            for (int i = 0; i < j; i++) {
                if (instance.job(i).load() == job.load() && instance.job(i).maxNodes() == job.maxNodes()
                        && instance.job(i).io() == job.io() && instance.job(i).rigid() == job.rigid()) {
                    twinBefore[j] = i;
                }
            }
        }
    }

    /** The first incumbent: the jobs one after the other, each on its fastest allocation. */
    private void startSequential() {
        double t = 0;
        for (int j = 0; j < n; j++) {
            bestChosen[j] = options.get(j).get(0);
            bestStart[j] = t;
            t += bestChosen[j].time();
        }
        best = t;
    }

    /**
     * Places one more job after {@code depth} placed ones, the last of which started at {@code lastStart}
     * and is job {@code lastJob}; {@code makespan} and {@code work} are those of the placed jobs.
     */
    private void search(int depth, double lastStart, int lastJob, double makespan, double work) {
        if (depth == n) {
            if (makespan < best) {
                best = makespan;
                System.arraycopy(chosen, 0, bestChosen, 0, n);
                System.arraycopy(start, 0, bestStart, 0, n);
            }
            return;
        }
        double leftWork = 0;
        for (int j = 0; j < n; j++) {
            leftWork += placed[j] ? 0 : minWork[j];
        }
        int computeNodes = instance.line().size();
        for (int j = 0; j < n; j++) {
            if (placed[j] || (twinBefore[j] >= 0 && !placed[twinBefore[j]])) {
                continue;
            }
            double longestLeft = 0;
            for (int i = 0; i < n; i++) {
                if (!placed[i] && i != j) {
                    longestLeft = Math.max(longestLeft, minTime[i]);
                }
            }
            for (Option o : options.get(j)) {
                double s = 0;
                for (int i = 0; i < n; i++) {
                    if (placed[i] && chosen[i].hullStart() <= o.hullEnd() && o.hullStart() <= chosen[i].hullEnd()) {
                        s = Math.max(s, end[i]);
                    }
                }
                if (s < lastStart || (s == lastStart && j < lastJob)) {
                    continue;
                }
                double e = s + o.time();
                double placedWork = work + o.work();
                if (e >= best || s + longestLeft >= best
                        || (placedWork + leftWork - minWork[j]) / computeNodes >= best) {
                    continue;
                }
                if (++steps > maxSteps) {
                    throw new SearchLimitException("the exact solver gave up after " + maxSteps
                            + " search steps: " + n + " jobs with " + optionCount() + " allocations in all are too many"
                            + " for it");
                }
                placed[j] = true;
                chosen[j] = o;
                start[j] = s;
                end[j] = e;
                search(depth + 1, s, j, Math.max(makespan, e), placedWork);
                placed[j] = false;
            }
        }
    }

    private int optionCount() {
        int count = 0;
        for (List<Option> list : options) {
            count += list.size();
        }
        return count;
    }

    private Solution solution() {
        List<Placement> schedule = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            MalleableJob job = instance.job(j);
            Option o = bestChosen[j];
            schedule.add(Placement.range(job.id(), o.first(), o.count(), job.io(), bestStart[j],
                    bestStart[j] + o.time()));
        }
        schedule.sort(Comparator.comparingLong(Placement::job));
        return new Solution(best, schedule);
    }
}
