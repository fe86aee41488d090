package org.hpcsim.study;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.function.Supplier;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.malleable.AlphaBound;
import org.hpcsim.malleable.ExactSolver;
import org.hpcsim.malleable.GeneralizedMalleable;
import org.hpcsim.malleable.Instance;
import org.hpcsim.malleable.LowerBounds;
import org.hpcsim.malleable.MalleableJob;
import org.hpcsim.malleable.Placement;
import org.hpcsim.malleable.Speedup;
import org.hpcsim.malleable.TwoApproximation;
import org.hpcsim.malleable.Verifier;
import org.hpcsim.registry.Registry;
import org.hpcsim.report.RunMetrics;
import org.hpcsim.sim.Simulation;
import org.hpcsim.topology.LineTopology;

/**
 * Bampis et al.'s algorithms on one instance, and the same jobs online. Offline: the lower bounds, the
 * 2-approximation (uniform proportional instances only), the LP-based generalized algorithm (any
 * instance), each schedule checked by the {@link Verifier}. Online: every job submitted at time 0 to a
 * full actor simulation on the same line ({@code contiguous-local} allocator, the given scheduler,
 * malleable jobs taking q_j by the online rule), so its makespan compares with the offline schedules.
 */
public final class MalleableExperiment {

    /** One schedule's outcome. */
    public record Row(String algorithm, double makespan, double lowerBound, boolean valid, String note) {
        public double ratio() {
            return lowerBound > 0 ? makespan / lowerBound : Double.NaN;
        }
    }

    /**
     * What the experiment produced.
     *
     * @param rows       one per algorithm (offline first, the exact optimum last among them, then online)
     * @param schedules  each offline algorithm's schedule, by file name
     * @param violations what the verifier rejected, per algorithm (empty when all valid)
     * @param alphas     alpha(f, q) for q = 1..n
     * @param online     the online run's outputs (jobs.csv, summary.json text), by file name
     * @param optimum    the optimal makespan, NaN unless the exact solver was asked for
     */
    public record Result(List<Row> rows, Map<String, List<Placement>> schedules, Map<String, List<String>> violations,
                         double[] alphas, Map<String, String> online, double optimum) {
    }

    /** The name of the exact solver's row. */
    public static final String EXACT = "exact (branch and bound)";

    private MalleableExperiment() {
    }

    /**
     * Random jobs on {@code line}: loads uniform in [1, 100) times q, I/O nodes uniform, Q_j = q.
     *
     * @throws IllegalArgumentException if q does not fit the line or it has no I/O node
     */
    public static Instance random(LineTopology line, int jobs, int q, Speedup f, long seed) {
        if (line.ioCount() == 0) {
            throw new IllegalArgumentException("the line " + line.spec() + " has no I/O node");
        }
        if (q < 1 || q > line.size()) {
            throw new IllegalArgumentException("Q must be 1.." + line.size() + ": " + q);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<MalleableJob> list = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            double load = Math.round((1 + 99 * random.nextDouble()) * q * 1000) / 1000.0;
            list.add(MalleableJob.malleable(j + 1, load, q, random.nextInt(line.ioCount())));
        }
        return new Instance(line, list, f);
    }

    /**
     * Runs everything on {@code instance}. {@code scheduler} is the online policy; {@code alphaUpTo} how
     * many alpha values to compute; {@code work} a scratch directory for the online run. With {@code
     * exactSteps > 0} the optimum too: {@link ExactSolver} with that step limit, solved first, its
     * schedule verified like the others' and kept as {@code schedule-exact.csv}; 0 leaves it out.
     *
     * @throws IllegalArgumentException          for an exact solution of more than {@link ExactSolver#MAX_JOBS} jobs
     * @throws ExactSolver.SearchLimitException when the exact search needs more than {@code exactSteps} steps
     */
    public static Result run(Instance instance, String scheduler, int alphaUpTo, long exactSteps, Registry registry,
                             Supplier<ActorRuntime> runtime, Path work) {
        ExactSolver.Solution exact = exactSteps > 0 ? ExactSolver.solve(instance, exactSteps) : null;
        List<Row> rows = new ArrayList<>();
        Map<String, List<Placement>> schedules = new LinkedHashMap<>();
        Map<String, List<String>> violations = new LinkedHashMap<>();
        double best = 0;
        if (instance.uniform() && instance.speedup().isProportional()) {
            TwoApproximation.Result r = TwoApproximation.schedule(instance);
            LowerBounds lb = r.bounds();
            best = lb.lb();
            Verifier.Report v = Verifier.check(instance, r.schedule());
            rows.add(new Row("2-approximation", v.makespan(), lb.lb(), v.valid(),
                    "LB1 " + round(lb.lb1()) + ", LB2 " + round(lb.lb2())));
            schedules.put("schedule-2approx.csv", r.schedule());
            violations.put("2-approximation", v.violations());
        }
        GeneralizedMalleable.Result g = GeneralizedMalleable.schedule(instance);
        best = Math.max(best, g.lowerBound());
        Verifier.Report v = Verifier.check(instance, g.schedule());
        rows.add(new Row("generalized (LP rounding + DSA)", v.makespan(), g.lowerBound(), v.valid(),
                "LB = LP value; alpha_max " + round(g.alphaMax()) + ", realized rounding ratio "
                        + round(g.roundingRatio()) + ", makespan / LOAD " + round(v.makespan() / g.integralLoad())));
        schedules.put("schedule-generalized.csv", g.schedule());
        violations.put("generalized", v.violations());
        if (exact != null) {
            Verifier.Report x = Verifier.check(instance, exact.schedule());
            rows.add(new Row(EXACT, x.makespan(), best, x.valid(), "the optimum (ExactSolver, "
                    + instance.jobs().size() + " jobs)"));
            schedules.put("schedule-exact.csv", exact.schedule());
            violations.put("exact", x.violations());
        }
        double[] alphas = new double[alphaUpTo];
        for (int q = 1; q <= alphaUpTo; q++) {
            alphas[q - 1] = AlphaBound.alpha(instance.speedup(), q);
        }
        Map<String, String> online = new LinkedHashMap<>();
        boolean mixed = instance.jobs().stream().anyMatch(MalleableJob::rigid)
                && instance.jobs().stream().anyMatch(j -> !j.rigid());
        if (!mixed) {
            RunMetrics m = online(instance, scheduler, registry, runtime, work, online);
            rows.add(new Row("online " + scheduler + " + contiguous-local", m.makespan() / 1e6, best, true,
                    "all jobs submitted at 0; mean wait " + round(m.meanWaitSeconds()) + " s"));
        }
        return new Result(rows, schedules, violations, alphas, online, exact == null ? Double.NaN : exact.makespan());
    }

    private static String round(double v) {
        return String.format(java.util.Locale.ROOT, "%.4f", v);
    }

    /** The jobs as a trace (all at time 0, run time p_j(Q_j)) on the line, simulated with the actors. */
    private static RunMetrics online(Instance instance, String scheduler, Registry registry, Supplier<ActorRuntime> runtime,
                                     Path work, Map<String, String> outputs) {
        try {
            Files.createDirectories(work);
            Path trace = work.resolve("instance.swf");
            Path io = work.resolve("instance-io.csv");
            StringBuilder swf = new StringBuilder("; MaxNodes: " + instance.line().size() + "\n");
            StringBuilder ioCsv = new StringBuilder("job,io_node\n");
            List<MalleableJob> jobs = new ArrayList<>(instance.jobs());
            jobs.sort(Comparator.comparingLong(MalleableJob::id));
            boolean malleable = false;
            for (int i = 0; i < jobs.size(); i++) {
                MalleableJob j = jobs.get(i);
                malleable |= !j.rigid();
                double p = j.time(j.maxNodes(), instance.speedup());
                String t = String.format(java.util.Locale.ROOT, "%.6f", p);
                swf.append(i + 1).append(" 0 -1 ").append(t).append(' ').append(j.maxNodes()).append(" -1 -1 ")
                        .append(j.maxNodes()).append(' ').append(t).append(" -1 1 1 1 1 1 -1 -1 -1\n");
                ioCsv.append(i + 1).append(',').append(j.io()).append('\n');
            }
            Files.writeString(trace, swf);
            Files.writeString(io, ioCsv);
            Map<String, String> keys = new LinkedHashMap<>();
            keys.put("trace", trace.toString());
            keys.put("machine", instance.line().spec());
            keys.put("scheduler.policy", scheduler);
            keys.put("allocator.policy", "contiguous-local");
            keys.put("scheduler.kill-at-estimate", "false");
            keys.put("io.assign", "file");
            keys.put("io.jobs-file", io.toString());
            keys.put("malleable.enabled", Boolean.toString(malleable));
            keys.put("malleable.speedup", instance.speedup().spec());
            keys.put("kernel.threads", "1");
            keys.put("output.progress", "off");
            Path out = work.resolve("run");
            keys.put("output.dir", out.toString());
            Scenario scenario = Scenario.from(ConfigLoader.load(null, keys), registry);
            Simulation.Result r = Simulation.prepare(scenario, registry).run(runtime);
            for (String file : List.of("jobs.csv", "summary.json")) {
                outputs.put("online-" + file, Files.readString(out.resolve(file)));
            }
            return r.metrics();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(work);
        }
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : new TreeSet<>(all.toList()).descendingSet()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
