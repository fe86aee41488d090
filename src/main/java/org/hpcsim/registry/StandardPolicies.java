package org.hpcsim.registry;

import java.nio.file.Path;
import java.util.List;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.external.ExternalScheduler;
import org.hpcsim.failure.ExponentialFailures;
import org.hpcsim.failure.NoFailures;
import org.hpcsim.failure.WeibullFailures;
import org.hpcsim.allocation.BestFitAllocator;
import org.hpcsim.allocation.ContiguousAllocator;
import org.hpcsim.allocation.ContiguousLocalAllocator;
import org.hpcsim.allocation.CoolestFirstAllocator;
import org.hpcsim.allocation.CoolingAwareAllocator;
import org.hpcsim.allocation.CoolingAwareExactAllocator;
import org.hpcsim.allocation.FirstFitAllocator;
import org.hpcsim.allocation.GenAlgAllocator;
import org.hpcsim.allocation.JointAllocator;
import org.hpcsim.allocation.MbsAllocator;
import org.hpcsim.allocation.Mc1x1Allocator;
import org.hpcsim.allocation.McAllocator;
import org.hpcsim.allocation.MmAllocator;
import org.hpcsim.allocation.MmIncAllocator;
import org.hpcsim.allocation.OptimalAllocator;
import org.hpcsim.allocation.RandomAllocator;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.allocation.SumOfSquaresAllocator;
import org.hpcsim.scheduling.ConservativeBackfillPolicy;
import org.hpcsim.scheduling.EasyBackfillPolicy;
import org.hpcsim.scheduling.IdleShutdownPolicy;
import org.hpcsim.scheduling.PowerCap;
import org.hpcsim.scheduling.PowerCappedEasyPolicy;
import org.hpcsim.scheduling.JobOrder;
import org.hpcsim.scheduling.PriorityPolicy;
import org.hpcsim.topology.FileCurve;
import org.hpcsim.topology.HilbertCurve;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SnakeCurve;

/** Registers the built-in policies: one line each. */
public final class StandardPolicies {
    private static final Registry.Param ORDER = new Registry.Param("order", "fifo", "queue order (see queue orders)");
    private static final Registry.Param CURVE = new Registry.Param("curve", "snake", "node ordering curve (see curves)");

    private static final Registry.Param LAST_SHELL = new Registry.Param("last-shell", "nearest",
            "which free nodes the last, partly needed shell gives: nearest (hops from the center, then id)"
                    + " or scan (lowest ids)");

    private static final Registry.Param MAX_FREE = new Registry.Param("max-free",
            String.valueOf(OptimalAllocator.DEFAULT_MAX_FREE), "refuse when more nodes are free");
    private static final Registry.Param MAX_NODES = new Registry.Param("max-nodes",
            String.valueOf(OptimalAllocator.DEFAULT_MAX_NODES), "refuse larger jobs");
    private static final Registry.Param MAX_STEPS = new Registry.Param("max-steps",
            String.valueOf(OptimalAllocator.DEFAULT_MAX_STEPS), "refuse when the search expands more nodes");

    private static final Registry.Param MAX_ROOM = new Registry.Param("max-nodes",
            String.valueOf(CoolingAwareExactAllocator.DEFAULT_MAX_NODES), "refuse rooms with more nodes");

    private static final Registry STANDARD = build();

    private StandardPolicies() {
    }

    /** A pstate number written as a policy's argument. */
    private static int pstate(String text) {
        try {
            int p = Integer.parseInt(text);
            if (p >= 0) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a pstate number or auto, got '" + text + "'");
    }

    /** The registry with every built-in policy. */
    public static Registry registry() {
        return STANDARD;
    }

    /** A new registry with every built-in policy, to which a caller may add policies of its own. */
    public static Registry create() {
        return build();
    }

    private static Registry build() {
        Registry r = new Registry();

        for (JobOrder o : JobOrder.values()) {
            r.orders().register(o.key(), o.description(), List.of(), o);
        }

        r.curves().register("snake", "SST's default: x alternates direction on every row, y on every z-plane",
                List.of(), args -> new SnakeCurve());
        r.curves().register("row-major", "node id order (x fastest, then y, then z)",
                List.of(), args -> new RowMajorCurve());
        r.curves().register("hilbert", "Hilbert curve (2D or 3D); other sizes walk the enclosing power-of-two"
                + " cube's curve and skip absent nodes", List.of(), args -> new HilbertCurve());
        r.curves().register("file", "an ordering read from a file, one node id per line in rank order;"
                + " write file:PATH as an allocator argument", List.of(new Registry.Param("path", "",
                "the ordering file")), args -> {
                    if (args.get(0).isEmpty()) {
                        throw new IllegalArgumentException("curve 'file' needs a path: file:PATH");
                    }
                    return new FileCurve(Path.of(args.get(0)));
                });

        r.schedulers().register("fcfs", "first come, first served: start from the head of the fifo queue, never skip",
                List.of(), (args, reg) -> new PriorityPolicy(JobOrder.FIFO));
        r.schedulers().register("priority", "strict queue order without backfilling: the head blocks the queue",
                List.of(ORDER), (args, reg) -> new PriorityPolicy(reg.order(args.get(0))));
        r.schedulers().register("easy", "EASY backfilling: later jobs may start if they do not delay the head's"
                + " shadow time", List.of(ORDER), (args, reg) -> new EasyBackfillPolicy(reg.order(args.get(0))));
        r.schedulers().register("conservative", "conservative backfilling: every queued job gets a reservation;"
                + " none may be delayed", List.of(ORDER),
                (args, reg) -> new ConservativeBackfillPolicy(reg.order(args.get(0))));
        r.schedulers().register("idle-shutdown", "switches off nodes idle longer than idle (needs energy.enabled), over"
                + " easy or fcfs; wakes sleeping nodes for the head of the queue when they are up before its"
                + " reservation", List.of(new Registry.Param("idle", "30m", "how long a node is idle before it is"
                + " switched off"), new Registry.Param("base", "easy", "easy or fcfs (fifo order)"),
                new Registry.Param("sleep", "auto", "the sleep pstate, or auto: each node's first")),
                (args, reg) -> new IdleShutdownPolicy(switch (args.get(1)) {
                    case "easy" -> new EasyBackfillPolicy(JobOrder.FIFO);
                    case "fcfs" -> new PriorityPolicy(JobOrder.FIFO);
                    default -> throw new IllegalArgumentException("idle-shutdown's base is easy or fcfs, not '"
                            + args.get(1) + "'");
                }, ScenarioEvent.time(args.get(0)), args.get(2).equals("auto") ? -1 : pstate(args.get(2))));
        r.schedulers().register("easy-powercap", "EASY under a power cap (needs energy.enabled): a job starts only if"
                + " the nodes' predicted power stays under cap (watts, 8kW, or a schedule 8kW;1d=6kW); with dvfs, a job"
                + " that does not fit runs in the fastest slower computing state that does",
                List.of(new Registry.Param("cap", "", "watts: 8000, 8kW, or 8kW;1d=6kW;2d=8kW (changes at times)"),
                        new Registry.Param("dvfs", "no", "yes: slow jobs down to fit under the cap"), ORDER,
                        new Registry.Param("scope", "nodes", "nodes, or facility: IT and cooling (needs the room)")),
                (args, reg) -> {
                    if (args.get(0).isEmpty()) {
                        throw new IllegalArgumentException("easy-powercap needs a cap: easy-powercap[8kW]");
                    }
                    if (!args.get(1).equals("yes") && !args.get(1).equals("no")) {
                        throw new IllegalArgumentException("easy-powercap's dvfs is yes or no, not '" + args.get(1) + "'");
                    }
                    if (!args.get(3).equals("nodes") && !args.get(3).equals("facility")) {
                        throw new IllegalArgumentException("easy-powercap's scope is nodes or facility, not '"
                                + args.get(3) + "'");
                    }
                    return new PowerCappedEasyPolicy(reg.order(args.get(2)), PowerCap.parse(args.get(0)),
                            args.get(1).equals("yes"), args.get(3).equals("facility"));
                });
        r.schedulers().register("external", "a scheduler in another process (pybatsim, batsched, your own) driven over"
                + " Batsim's JSON protocol at scheduler.external.socket; it chooses the nodes too", List.of(),
                (args, reg) -> new ExternalScheduler());

        r.allocators().register("sorted-free-list", "Cplant baseline: the first free nodes along the curve",
                "O(k + N/64)", List.of(CURVE), (args, machine, reg, seed, room, io) -> new SortedFreeListAllocator(machine, reg.curve(args.get(0))));
        r.allocators().register("first-fit", "Leung et al.: the first free interval along the curve that fits,"
                + " else least span", "O(N/64 + F + k log k)", List.of(CURVE),
                (args, machine, reg, seed, room, io) -> new FirstFitAllocator(machine, reg.curve(args.get(0))));
        r.allocators().register("best-fit", "Leung et al.: the free interval the job fills most tightly,"
                + " else least span", "O(N/64 + F + k log k)", List.of(CURVE),
                (args, machine, reg, seed, room, io) -> new BestFitAllocator(machine, reg.curve(args.get(0))));
        r.allocators().register("sum-of-squares", "Leung et al.: the interval minimizing the sum of squared"
                + " interval counts per size, else least span", "O(N/64 + F + k log k)", List.of(CURVE),
                (args, machine, reg, seed, room, io) -> new SumOfSquaresAllocator(machine, reg.curve(args.get(0))));
        r.allocators().register("random", "free nodes drawn uniformly at random from the run's seed",
                "O(k log k)", List.of(), (args, machine, reg, seed, room, io) -> new RandomAllocator(machine, seed));
        r.allocators().register("contiguous", "grid only: the first entirely free near-square submesh/subtorus,"
                + " else the job waits", "O(N + S N), S <= X (2D) or X*Y (3D) shapes", List.of(),
                (args, machine, reg, seed, room, io) -> new ContiguousAllocator(machine));
        r.allocators().register("contiguous-local", "line only (Bleuse et al., Bampis et al.): the leftmost free"
                + " contiguous range local to the job's I/O node, holding its hull's I/O nodes, else the job waits",
                "O(m_IO + Q^2) per I/O node tried", List.of(),
                (args, machine, reg, seed, room, io) -> new ContiguousLocalAllocator(machine, io, true));
        r.allocators().register("line-contiguous", "line only: the leftmost free contiguous range, I/O nodes"
                + " ignored (contiguity without locality), else the job waits", "O(N)", List.of(),
                (args, machine, reg, seed, room, io) -> new ContiguousLocalAllocator(machine, io, false));
        r.allocators().register("mbs", "grid only: Multiple Buddy Strategy, power-of-two squares (2D) or"
                + " cubes (3D)", "O(V + B log B + k log k), V blocks visited (< 4N/3), B free blocks", List.of(),
                (args, machine, reg, seed, room, io) -> new MbsAllocator(machine));
        r.allocators().register("mm", "Manhattan Median: the k free nodes nearest each crossing of free nodes' axis lines;"
                + " least total pairwise hops wins (mesh/torus)", "O(C (A + X + Y + Z)), C crossings <= N, A grid points"
                + " searched per center", List.of(), (args, machine, reg, seed, room, io) -> new MmAllocator(machine));
        r.allocators().register("mm-inc", "MM, then best-improvement swaps of an allocated for a free node while the"
                + " total pairwise hops drops (mesh/torus)", "MM + O(S k F), S swaps, F free nodes", List.of(),
                (args, machine, reg, seed, room, io) -> new MmIncAllocator(machine));
        r.allocators().register("genalg", "Krumke et al.'s Gen-Alg: the k free nodes nearest each free node; least total"
                + " pairwise hops wins (mesh/torus)", "O(F (A + X + Y + Z)), F free nodes", List.of(),
                (args, machine, reg, seed, room, io) -> new GenAlgAllocator(machine));
        r.allocators().register("mc1x1", "MC1x1: free nodes taken by L-infinity shell around each free node; least sum of"
                + " shell numbers wins (mesh/torus)", "O(N + F S), S shells", List.of(LAST_SHELL),
                (args, machine, reg, seed, room, io) -> new Mc1x1Allocator(machine, lastShell(args)));
        r.allocators().register("mc", "Mache-Lo-Windisch MC: shells grown from a near-square box of the job's size around"
                + " each free node; least sum of shell numbers wins (mesh/torus)", "O(N + F S), S shells", List.of(),
                (args, machine, reg, seed, room, io) -> new McAllocator(machine));
        r.allocators().register("optimal", "exact least total pairwise hops by branch and bound from MM+Inc; refuses"
                + " instances past its limits (mesh/torus)", "exponential; at most max-steps expansions of O(F log k)",
                List.of(MAX_FREE, MAX_NODES, MAX_STEPS), (args, machine, reg, seed, room, io) -> new OptimalAllocator(machine,
                        positive(args, 0), positive(args, 1), positive(args, 2)));
        r.allocators().register("cooling-aware", "MPIT (Tang et al., as Meng et al. use it): LP relaxation of the least"
                + " peak inlet temperature, exact by row generation, rounded to the k largest values; needs the thermal"
                + " model", "O(N F) per LP round; G rounds of an LP with F + 1 columns and at most 32 + 32 G rows",
                List.of(), (args, machine, reg, seed, room, io) -> new CoolingAwareAllocator(machine, room));
        r.allocators().register("cooling-aware-exact", "MPIT solved exactly as an integer program (ojAlgo branch and"
                + " bound, single-threaded); refuses rooms past max-nodes; needs the thermal model",
                "exponential; an integer program with F binaries and N rows", List.of(MAX_ROOM),
                (args, machine, reg, seed, room, io) -> new CoolingAwareExactAllocator(machine, room, positive(args, 0)));
        r.allocators().register("joint", "Meng et al.'s joint policy: MC1x1 around each of MPIT's k nodes; lowest peak"
                + " inlet wins, then fewest pairwise hops (mesh/torus); needs the thermal model",
                "MPIT + O(N + k (S + N k + k^2)), S shells", List.of(),
                (args, machine, reg, seed, room, io) -> new JointAllocator(machine, room));
        r.allocators().register("coolest-first", "MinHR-style: the first k free nodes by D's column sums (least"
                + " recirculated heat first); needs the thermal model", "O(N) (O(N^2 + N log N) once)", List.of(),
                (args, machine, reg, seed, room, io) -> new CoolestFirstAllocator(machine, room));
        r.failures().register("none", "nothing fails: node and link failure events are an error", List.of(),
                args -> new NoFailures(false));
        r.failures().register("trace", "failures only from the scenario's events (--events file, --inject, the console)",
                List.of(), args -> new NoFailures(true));
        r.failures().register("exponential", "every node fails on its own: exponential times to failure and to repair,"
                        + " from the node's own random stream; plus the scenario's events",
                List.of(new Registry.Param("mtbf", "1000h", "mean time between failures of one node"),
                        new Registry.Param("mttr", "4h", "mean time to repair")),
                args -> new ExponentialFailures(seconds(args, 0), seconds(args, 1)));
        r.failures().register("weibull", "every node fails on its own: Weibull times to failure (shape < 1: the"
                        + " decreasing hazard seen on HPC systems), exponential repairs; plus the scenario's events",
                List.of(new Registry.Param("shape", "0.7", "Weibull shape k"),
                        new Registry.Param("scale", "1000h", "Weibull scale lambda"),
                        new Registry.Param("mttr", "4h", "mean time to repair")),
                args -> new WeibullFailures(positiveReal(args, 0), seconds(args, 1), seconds(args, 2)));
        return r;
    }

    /** A positive duration argument such as 1000h, 90m or 3600 (seconds), in seconds. */
    private static double seconds(Registry.Args args, int i) {
        long micros;
        try {
            micros = ScenarioEvent.time(args.get(i).strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("failure model '" + args.policy() + "': argument " + (i + 1) + ": "
                    + e.getMessage());
        }
        if (micros <= 0) {
            throw new IllegalArgumentException("failure model '" + args.policy() + "': argument " + (i + 1)
                    + " must be positive, got '" + args.get(i) + "'");
        }
        return micros / 1e6;
    }

    /** A positive real argument. */
    private static double positiveReal(Registry.Args args, int i) {
        try {
            double v = Double.parseDouble(args.get(i).strip());
            if (v > 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("failure model '" + args.policy() + "': argument " + (i + 1)
                + " must be a positive number, got '" + args.get(i) + "'");
    }

    /** MC1x1's last-shell argument, or an error naming the policy. */
    private static Mc1x1Allocator.LastShell lastShell(Registry.Args args) {
        try {
            return Mc1x1Allocator.LastShell.parse(args.get(0).strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("allocator '" + args.policy() + "': " + e.getMessage());
        }
    }

    /** A positive integer argument, or an error naming the policy and parameter. */
    private static int positive(Registry.Args args, int i) {
        try {
            int v = Integer.parseInt(args.get(i).strip());
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("allocator '" + args.policy() + "': argument " + (i + 1)
                + " must be a positive integer, got '" + args.get(i) + "'");
    }
}
