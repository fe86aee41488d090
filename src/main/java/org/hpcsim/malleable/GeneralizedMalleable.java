package org.hpcsim.malleable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.hpcsim.topology.LineTopology;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * Bampis et al.'s Algorithm 4 for the generalized-malleable model (Section III.B), for any instance:
 * rigid and malleable jobs, any Q_j, any speed-up function.
 *
 * <ol>
 *   <li><b>Allocations.</b> An allocation of job j is a contiguous range of q compute nodes local to
 *       its I/O node, q in minNodes..maxNodes (only q = Q_j for a rigid job); its run time is
 *       p_jl = {@link MalleableJob#time}. It occupies its hull: every line position from its leftmost
 *       to its rightmost node, compute or I/O, so I/O nodes in between too (the paper: "an allocation
 *       may include more I/O nodes"). Every job of a valid {@link Instance} has one (Q_j is at most
 *       the line's compute nodes, and the range starting at max(0, tau - q) is local and fits).</li>
 *   <li><b>LP relaxation</b> of the paper's ILP (C1)-(C4), by ojAlgo: minimize Lambda subject to
 *       {@code sum_{j, l containing i} x_jl p_jl <= Lambda} for every line position i,
 *       {@code sum_l x_jl = 1} for every job and 0 <= x <= 1. Its value is a lower bound on the optimal
 *       makespan: in any schedule the jobs occupying a position run one after the other.</li>
 *   <li><b>Rounding</b> (Algorithm 4, lines 2-7): with L_i(j) = sum_{l containing i} x_jl p_jl, each
 *       allocation gets ratio_l = max over positions i of l of p_jl / L_i(j), and the job takes the
 *       allocation of least ratio. I/O positions never set the max: an allocation through another
 *       I/O node also covers its compute node beyond it, and every allocation covers j's own I/O
 *       node, so there L_i(j) is at least L_i(j) at some compute node of l. The paper takes the max
 *       only over positions with L_i(j) > 0; an allocation reaching a position the LP left empty for
 *       j would load it with nothing to bound it by (Lemma 8 says nothing there), so here L_i(j) = 0
 *       makes the ratio +infinity. Every allocation the LP uses (x_jl > 0) has a finite ratio, at
 *       most 1 / x_jl, so some choice is always finite. LP values below {@value #NOISE} count as 0
 *       (solver noise). Ratios within a relative {@value #TIE} tie; ties go to the allocation listed
 *       first: more nodes first, then the leftmost.</li>
 *   <li><b>Packing</b> (line 8): with the allocations fixed this is Dynamic Storage Allocation (a job's
 *       hull is an item's lifetime, its run time the size, its start time the offset), solved by
 *       {@link StorageAllocation}.</li>
 * </ol>
 *
 * <p>Theorem 9 claims makespan <= 3 alpha_max LB with alpha from the feasibility LP (R1)-(R3)
 * ({@link AlphaBound}). That LP asks p_l >= alpha L_i for every node i of every allocation, i.e. it
 * bounds min over l of the <em>smallest</em> p_l / L_i in l, while the rounding needs the
 * <em>largest</em>; the worst case of the rounding can exceed the LP's alpha. For proportional f it
 * is at least 3 - 1/Q while alpha = 2: put x = Q/(3Q - 1) on each allocation of Q nodes entirely on
 * one side of the I/O node and the rest on the single node just left of it. So the result also
 * reports the realized ratio max_i Lambda-bar_i / Lambda~_i, which is what the makespan bound really
 * rests on: LOAD <= realized ratio * LB, and makespan <= 3 LOAD if the packing keeps Gergov's bound
 * (checked on random item sets, see {@link StorageAllocation}).
 *
 * <p>Deterministic: jobs are handled in increasing id, the LP is built in a fixed order and solved by
 * ojAlgo's (single-threaded) simplex.
 */
public final class GeneralizedMalleable {
    static {
        // ojAlgo prints a hardware-profile notice on standard output unless told not to.
        System.getProperties().putIfAbsent("shut.up.ojAlgo", "true");
    }

    /** LP values of x below this count as 0. */
    static final double NOISE = 1e-9;
    /** Ratios within this relative difference tie. */
    static final double TIE = 1e-9;

    private GeneralizedMalleable() {
    }

    /**
     * One allocation of a job.
     *
     * @param first     its leftmost compute node
     * @param count     its number of compute nodes
     * @param hullStart the leftmost line position it occupies
     * @param hullEnd   the rightmost line position it occupies
     * @param time      p_jl: the job's run time on it
     */
    public record Allocation(int first, int count, int hullStart, int hullEnd, double time) {

        /** Whether it occupies line position {@code i}. */
        public boolean covers(int i) {
            return hullStart <= i && i <= hullEnd;
        }
    }

    /**
     * The allocation the rounding chose for a job.
     *
     * @param job        the job's id
     * @param allocation the allocation
     * @param ratio      its rounding ratio: max over its positions of p_jl / L_i(j)
     */
    public record Choice(long job, Allocation allocation, double ratio) {
    }

    /**
     * The paper's alpha for one kind of job present in the instance.
     *
     * @param maxNodes Q_j
     * @param rigid    whether the jobs are rigid (one node count) or malleable (1..Q_j)
     * @param alpha    {@link AlphaBound#alphaByLp} or {@link AlphaBound#rigidAlphaByLp}
     */
    public record Alpha(int maxNodes, boolean rigid, double alpha) {
    }

    /**
     * What Algorithm 4 did.
     *
     * @param lowerBound   LB: the LP relaxation's value Lambda~, a lower bound on the optimal makespan
     * @param alphas       alpha for each (Q_j, rigid) present: malleable first, then by Q_j; computed by
 *                     the single LP of {@link AlphaBound}, which equals its binary search
     * @param alphaMax     the largest of {@code alphas} (0 for no jobs)
     * @param choices      the chosen allocations, by job id
     * @param integralLoad Lambda-bar: the most run time on one line position with the chosen allocations
     *                     (the packing's LOAD)
     * @param roundingRatio the realized ratio max_i Lambda-bar_i / Lambda~_i over positions with
     *                     Lambda-bar_i > 0 (0 for no jobs)
     * @param schedule     the placements, by job id
     * @param makespan     the schedule's makespan
     */
    public record Result(double lowerBound, List<Alpha> alphas, double alphaMax, List<Choice> choices,
                         double integralLoad, double roundingRatio, List<Placement> schedule, double makespan) {
    }

    /** Runs Algorithm 4 on {@code instance}. */
    public static Result schedule(Instance instance) {
        LineTopology line = instance.line();
        Speedup f = instance.speedup();
        List<MalleableJob> jobs = new ArrayList<>(instance.jobs());
        jobs.sort(Comparator.comparingLong(MalleableJob::id));
        int n = jobs.size();
        int positions = line.length();
        List<List<Allocation>> allocations = new ArrayList<>();
        for (MalleableJob job : jobs) {
            allocations.add(allocations(line, job, f));
        }
        double[][] x = new double[n][];
        double lowerBound = relax(allocations, positions, x);

        double[] fractional = new double[positions];
        double[] integral = new double[positions];
        List<Choice> choices = new ArrayList<>();
        List<StorageAllocation.Item> items = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            double[] share = shares(allocations.get(j), x[j], positions);
            int pick = round(allocations.get(j), share);
            Allocation a = allocations.get(j).get(pick);
            choices.add(new Choice(jobs.get(j).id(), a, ratio(a, share)));
            items.add(new StorageAllocation.Item(a.hullStart(), a.hullEnd() + 1, a.time()));
            for (int i = 0; i < positions; i++) {
                fractional[i] += share[i];
            }
            for (int i = a.hullStart(); i <= a.hullEnd(); i++) {
                integral[i] += a.time();
            }
        }
        double integralLoad = 0;
        double roundingRatio = 0;
        for (int i = 0; i < positions; i++) {
            integralLoad = Math.max(integralLoad, integral[i]);
            if (integral[i] > 0) {
                // A chosen allocation has a finite ratio, so every position it covers has fractional load.
                roundingRatio = Math.max(roundingRatio, integral[i] / fractional[i]);
            }
        }

        StorageAllocation.Packing packing = StorageAllocation.pack(items);
        List<Placement> schedule = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            MalleableJob job = jobs.get(j);
            Allocation a = choices.get(j).allocation();
            double start = packing.offsets()[j];
            schedule.add(Placement.range(job.id(), a.first(), a.count(), job.io(), start, start + a.time()));
        }
        List<Alpha> alphas = alphas(jobs, f);
        double alphaMax = 0;
        for (Alpha a : alphas) {
            alphaMax = Math.max(alphaMax, a.alpha());
        }
        return new Result(lowerBound, alphas, alphaMax, List.copyOf(choices), integralLoad, roundingRatio,
                List.copyOf(schedule), packing.makespan());
    }

    /**
     * The allocations of {@code job} on {@code line}: node counts from maxNodes down to minNodes, and
     * for each the local ranges from the leftmost to the rightmost.
     */
    static List<Allocation> allocations(LineTopology line, MalleableJob job, Speedup f) {
        int tau = line.gap(job.io());
        List<Allocation> list = new ArrayList<>();
        for (int q = job.maxNodes(); q >= job.minNodes(); q--) {
            // Local: first <= tau <= first + q; on the line: 0 <= first and first + q <= size.
            for (int first = Math.max(0, tau - q); first <= Math.min(tau, line.size() - q); first++) {
                int last = first + q - 1;
                list.add(new Allocation(first, q, line.hullStart(first, job.io()), line.hullEnd(last, job.io()),
                        job.time(q, f)));
            }
        }
        return list;
    }

    /**
     * Solves the LP relaxation; fills {@code x[j]} with job j's values (clamped to [0, 1], noise set to
     * 0) and returns Lambda~.
     */
    private static double relax(List<List<Allocation>> allocations, int positions, double[][] x) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable lambda = model.addVariable("lambda").lower(0).weight(1);
        List<Variable[]> vars = new ArrayList<>();
        for (int j = 0; j < allocations.size(); j++) {
            List<Allocation> list = allocations.get(j);
            Variable[] v = new Variable[list.size()];
            Expression assigned = model.addExpression("job" + j).level(1);
            for (int l = 0; l < v.length; l++) {
                v[l] = model.addVariable("x" + j + "_" + l).lower(0).upper(1);
                assigned.set(v[l], 1);
            }
            vars.add(v);
        }
        for (int i = 0; i < positions; i++) {
            Expression load = null;
            for (int j = 0; j < allocations.size(); j++) {
                List<Allocation> list = allocations.get(j);
                for (int l = 0; l < list.size(); l++) {
                    if (list.get(l).covers(i)) {
                        if (load == null) {
                            load = model.addExpression("position" + i).upper(0).set(lambda, -1);
                        }
                        load.set(vars.get(j)[l], list.get(l).time());
                    }
                }
            }
        }
        Optimisation.Result result = model.minimise();
        if (!result.getState().isOptimal()) {
            throw new IllegalStateException("the LP relaxation was not solved: " + result.getState());
        }
        // Variables are numbered in the order they were added: lambda, then each job's x.
        int index = 1;
        for (int j = 0; j < allocations.size(); j++) {
            x[j] = new double[allocations.get(j).size()];
            for (int l = 0; l < x[j].length; l++) {
                double value = Math.min(1, result.doubleValue(index++));
                x[j][l] = value < NOISE ? 0 : value;
            }
        }
        return result.doubleValue(0);
    }

    /** L_i(j) for every line position i: job j's fractional load there. */
    static double[] shares(List<Allocation> allocations, double[] x, int positions) {
        double[] share = new double[positions];
        for (int l = 0; l < x.length; l++) {
            if (x[l] > 0) {
                Allocation a = allocations.get(l);
                for (int i = a.hullStart(); i <= a.hullEnd(); i++) {
                    share[i] += x[l] * a.time();
                }
            }
        }
        return share;
    }

    /** max over the positions of {@code a} of p / L_i; +infinity if some position has L_i = 0. */
    static double ratio(Allocation a, double[] share) {
        double ratio = 0;
        for (int i = a.hullStart(); i <= a.hullEnd(); i++) {
            if (share[i] == 0) {
                return Double.POSITIVE_INFINITY;
            }
            ratio = Math.max(ratio, a.time() / share[i]);
        }
        return ratio;
    }

    /** Index of the allocation of least ratio; near-ties to the one listed first. */
    static int round(List<Allocation> allocations, double[] share) {
        int best = -1;
        double bestRatio = Double.POSITIVE_INFINITY;
        for (int l = 0; l < allocations.size(); l++) {
            double r = ratio(allocations.get(l), share);
            if (r < bestRatio * (1 - TIE)) {
                best = l;
                bestRatio = r;
            }
        }
        return best;
    }

    /** alpha for each (Q_j, rigid) among the jobs: malleable first, then rigid, each by Q_j. */
    private static List<Alpha> alphas(List<MalleableJob> jobs, Speedup f) {
        TreeSet<Integer> malleable = new TreeSet<>();
        TreeSet<Integer> rigid = new TreeSet<>();
        for (MalleableJob job : jobs) {
            (job.rigid() ? rigid : malleable).add(job.maxNodes());
        }
        List<Alpha> alphas = new ArrayList<>();
        for (int q : malleable) {
            alphas.add(new Alpha(q, false, AlphaBound.alphaByLp(f, q)));
        }
        for (int q : rigid) {
            alphas.add(new Alpha(q, true, AlphaBound.rigidAlphaByLp(q)));
        }
        return List.copyOf(alphas);
    }
}
