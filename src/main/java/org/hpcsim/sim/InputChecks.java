package org.hpcsim.sim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.hpcsim.batsim.BatsimPlatform;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.thermal.Cooling;
import org.hpcsim.config.Scenario;
import org.hpcsim.failure.AttemptOutlook;
import org.hpcsim.failure.FailureModel;
import org.hpcsim.failure.FailureOptions;
import org.hpcsim.failure.JobFate;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.time.SimTime;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStream;
import org.hpcsim.workload.Trace;

/**
 * What a run's inputs are checked for before anything is built or written, as plain functions of the
 * scenario and the trace: the machine it names (or the trace's header implies), the jobs' I/O nodes,
 * the pinned jobs, and the warnings about settings that are legal but likely a mistake. {@link
 * Simulation#prepare} calls them in order; every failure is an input error naming the file, line or key.
 */
final class InputChecks {

    private InputChecks() {
    }

    /**
     * The jobs' I/O nodes on a line machine with I/O nodes, else null; I/O volumes on any other machine
     * are an error, and under {@code io.assign = file} every job of the trace must have a line in the file.
     */
    static IoAssignment io(Scenario scenario, Topology topology, Trace trace) {
        IoOptions o = scenario.io();
        Optional<LineTopology> withIo = topology.line().filter(line -> line.ioCount() > 0);
        if (withIo.isEmpty()) {
            if (o.any()) {
                throw new InputException("configuration", 0, "io", "jobs do I/O (io.read, io.write or io.jobs-file)"
                        + " but the machine " + topology.spec() + " has no I/O nodes; use a line such as line:C8 IO C8");
            }
            return null;
        }
        IoAssignment io = IoAssignment.of(withIo.get(), o);
        if (o.assign() == IoOptions.Assign.FILE) {
            try (JobStream jobs = trace.open()) {
                for (Job j = jobs.next(); j != null; j = jobs.next()) {
                    io.check(j);
                }
            }
        }
        return io;
    }

    /** Every pinned job is in the trace and pinned to as many nodes as it needs. */
    static void checkPins(Path file, Map<Long, int[]> pins, Trace trace) {
        Map<Long, int[]> unseen = new java.util.LinkedHashMap<>(pins);
        try (JobStream jobs = trace.open()) {
            for (Job j = jobs.next(); j != null; j = jobs.next()) {
                int[] pin = unseen.remove(j.id());
                if (pin != null && j.usable() && pin.length != j.nodes()) {
                    throw new InputException(file, 0, "nodes", "job " + j.id() + " needs " + j.nodes()
                            + " nodes but is pinned to " + pin.length);
                }
            }
        }
        if (!unseen.isEmpty()) {
            throw new InputException(file, 0, "jobid", "job " + unseen.keySet().iterator().next()
                    + " is not in the trace " + trace.file());
        }
    }

    /**
     * Settings that are legal but very likely not what the user meant: printed before the run and
     * kept in summary.json ("warnings").
     */
    static List<String> warnings(Scenario scenario, Trace trace, Topology topology) {
        List<String> w = new ArrayList<>();
        int tight = trace.tightEstimates();
        boolean lengthens = scenario.network().model() != NetworkOptions.Model.NONE;
        if (tight > 0 && lengthens && scenario.workload().killAtEstimate()) {
            w.add(String.format(java.util.Locale.ROOT, "%,d of %,d jobs have an estimate equal to their run time"
                    + " (a trace without requested times gets its run times as estimates), and network.model = %s"
                    + " lengthens run times, so these jobs are killed at their estimate by any slowdown"
                    + " (scheduler.kill-at-estimate = true). To give them slack: -Dscheduler.missing-estimate=2"
                    + " (estimate = run time x 2); or -Dscheduler.kill-at-estimate=false", tight, trace.jobs(),
                    scenario.network().model().name().toLowerCase(java.util.Locale.ROOT)));
        }
        if (scenario.machine().strip().equals("auto") && topology.size() > AUTO_MACHINE_WARNING) {
            OptionalInt nodes = trace.header().maxNodes();
            OptionalInt procs = trace.header().maxProcs();
            int cores = scenario.workload().coresPerNode();
            String hint = nodes.isPresent() && procs.isPresent() && nodes.getAsInt() > 0
                    && procs.getAsInt() > nodes.getAsInt()
                    ? " (the header says MaxProcs " + procs.getAsInt() + " on MaxNodes " + nodes.getAsInt()
                    + ": --cores-per-node " + procs.getAsInt() / nodes.getAsInt() + ")" : "";
            w.add(String.format(java.util.Locale.ROOT, "machine = auto made %,d nodes (%d processor%s each), one"
                    + " actor per node: a large simulation. For multi-core nodes give --cores-per-node%s, or a"
                    + " machine with --machine", topology.size(), cores, cores == 1 ? "" : "s", hint));
        }
        return w;
    }

    /**
     * Under requeue and a stochastic failure model, the jobs expected to need more attempts than
     * {@code failures.max-attempts} allows (see {@link AttemptOutlook}): they will very likely end failed
     * after their last attempt, having held their nodes each time. Null when there are none.
     */
    static String attemptWarning(FailureOptions options, FailureModel model, Trace trace, int machineNodes) {
        double mttf = model.meanTimeToFailure();
        if (!model.stochastic() || options.onJobFailure() == JobFate.KILL || !(mttf > 0)) {
            return null;
        }
        double interval = options.checkpointInterval() / 1e6;
        int over = 0;
        int usable = 0;
        Job worst = null;
        double worstAttempts = 0;
        try (JobStream jobs = trace.open()) {
            for (Job j = jobs.next(); j != null; j = jobs.next()) {
                if (!j.usable() || j.nodes() > machineNodes || j.runTime() <= 0) {
                    continue;
                }
                usable++;
                double a = AttemptOutlook.expectedAttempts(j.nodes(), j.runTime() / 1e6, mttf, options.onJobFailure(),
                        interval);
                if (a > options.maxAttempts()) {
                    over++;
                    if (worst == null || a > worstAttempts) {
                        worst = j;
                        worstAttempts = a;
                    }
                }
            }
        }
        if (worst == null) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "%,d of %,d jobs are expected to need more than failures.max-attempts"
                + " = %d attempts under %s (job %d: %d nodes x %.1f h, %.1f node failures per run of its length against"
                + " a node MTBF of %s: about %.3g attempts); they will very likely end failed after %d attempts."
                + " Consider a larger MTBF, requeue-with-checkpoint, or a larger --max-attempts", over, usable,
                options.maxAttempts(), options.model(), worst.id(), worst.nodes(),
                worst.runTime() / 3.6e9,
                AttemptOutlook.failuresPerAttempt(worst.nodes(), worst.runTime() / 1e6, mttf),
                SimTime.describe(SimTime.fromSeconds(Math.rint(mttf))), worstAttempts, options.maxAttempts());
    }

    /**
     * Facility watts per IT watt at worst, for a facility power cap: 1 + scale / CoP(T), T the coldest
     * supply a unit can deliver (cooling.min-supply, or a scripted fixed supply if colder), where the
     * CoP is least (it falls with the supply, down to its vertex near 0 C).
     */
    static double coolingFactor(Scenario scenario, Room room) {
        if (room == null || !Double.isFinite(room.cooling().minSupply())) {
            throw scenario.invalid("scheduler.policy", "a facility power cap needs the room model with a coldest"
                    + " supply (thermal.enabled = true, thermal.profile = paper)");
        }
        double coldest = room.cooling().minSupply();
        for (ScenarioEvent e : scenario.events()) {
            if (e.kind() == ScenarioEvent.Kind.CRAC_SUPPLY && !Double.isNaN(e.supply())) {
                coldest = Math.min(coldest, e.supply());
            }
        }
        return 1 + room.cooling().coolingScale() / Cooling.leastCop(coldest);
    }

    /** Above this many nodes, an automatic machine is worth a word. */
    static final int AUTO_MACHINE_WARNING = 10_000;

    /** The machine; with a platform ({@code platform}, null: none) auto is simple:N over its compute hosts. */
    static Topology machine(Scenario scenario, Trace trace, BatsimPlatform.Platform platform) {
        String spec = scenario.machine().strip();
        if (platform != null) {
            int hosts = platform.hosts().size();
            Topology t = spec.equals("auto") ? Machines.parse("simple:" + hosts) : machine(scenario, trace, null);
            if (t.size() != hosts) {
                throw scenario.invalid("machine", "the platform " + scenario.energy().platform().getFileName() + " has "
                        + hosts + " compute hosts, the machine " + t.size() + " nodes; give as many");
            }
            return t;
        }
        if (spec.equals("auto")) {
            OptionalInt procs = trace.header().maxProcs();
            OptionalInt nodes = trace.header().maxNodes();
            int cores = scenario.workload().coresPerNode();
            if (procs.isPresent()) {
                return Machines.parse("simple:" + scenario.workload().nodesFor(procs.getAsInt()));
            }
            if (nodes.isPresent()) {
                return Machines.parse("simple:" + nodes.getAsInt());
            }
            throw new InputException(trace.file().toString(), 0, "machine",
                    "machine is auto but the trace has no MaxProcs or MaxNodes header; give --machine (cores per node: "
                            + cores + ")");
        }
        try {
            return Machines.parse(spec);
        } catch (IllegalArgumentException e) {
            throw scenario.invalid("machine", e.getMessage());
        }
    }

    /**
     * Why the run cannot be cut into time-parallel windows, or null when it can: every state-holding
     * part must fingerprint what its future depends on (a fresh scheduler state is asked), and the
     * future must follow from the inputs (no stop at a given time, no external scheduler, no drawn
     * failures).
     */
    static String windowsUnfit(Scenario scenario, org.hpcsim.scheduling.SchedulingPolicy policy,
                               org.hpcsim.scheduler.NetworkPlanner network, Room room,
                               org.hpcsim.storage.IoAssignment io, org.hpcsim.failure.FailureModel failures,
                               org.hpcsim.energy.PowerLedger energy,
                               java.util.function.Supplier<org.hpcsim.scheduling.SchedulerCore> cores) {
        if (scenario.until() != org.hpcsim.time.SimTime.NEVER) {
            return "it stops at a given time";
        }
        if (policy instanceof org.hpcsim.scheduling.ReactivePolicy) {
            return "its scheduler is external";
        }
        if (network != null) {
            return "a network model";
        }
        if (room != null) {
            return "a modelled room";
        }
        if (io != null && scenario.io().any()) {
            return "jobs do I/O";
        }
        if (scenario.malleable().enabled()) {
            return "malleable jobs";
        }
        if (failures.stochastic()) {
            return "failures are drawn at random";
        }
        if (energy != null) {
            return "node power states";
        }
        try {
            cores.get().writeState(new org.hpcsim.kernel.StateDigest());
        } catch (UnsupportedOperationException e) {
            return e.getMessage();
        }
        return null;
    }
}
