package org.hpcsim.scheduling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.energy.PowerLedger;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.workload.Job;

/**
 * The scheduler's state without any actor: the machine's free nodes, the allocator, the policy,
 * the running jobs, and which nodes are out of service. The scheduler component
 * ({@code scheduler.Scheduler}) drives it from messages; tests drive it directly.
 *
 * <p>With node power states ({@link PowerLedger}), a node switching off, asleep or switching on is
 * unusable too, and the core carries out the policy's power-state requests with Batsim's semantics.
 *
 * <p>A node is usable when it is neither failed (down) nor drained. An unusable idle node is held by
 * {@link MachineState#UNAVAILABLE}, so no allocator ever sees it free; an unusable node of a running
 * job stays the job's until the job ends, then passes to {@code UNAVAILABLE} instead of being freed.
 */
public final class SchedulerCore implements SchedulingContext {
    private static final Comparator<RunningJob> BY_ESTIMATED_END =
            Comparator.comparingLong(RunningJob::estimatedEnd).thenComparingInt(r -> r.job().index());

    private final MachineState machine;
    private final Allocator allocator;
    private final SchedulingPolicy policy;
    private final JobModel model;
    private final TreeSet<RunningJob> running = new TreeSet<>(BY_ESTIMATED_END);
    /**
     * The running jobs by job index (the trace position), null where none: an array grown as indexes
     * arrive, so a look-up neither hashes nor boxes; with {@link #unusable}, each running job's nodes
     * that failed or were drained while it ran.
     */
    private RunningJob[] byIndex = new RunningJob[1024];
    private int[] unusable = new int[1024];
    /** Running jobs that have an unusable node, so the common case of none reads no array. */
    private int jobsWithUnusable;
    private int runningCount;
    private final Iterable<RunningJob> runningView = Collections.unmodifiableSet(running);
    private final boolean[] down;
    private final boolean[] drained;
    /** Nodes out of a computing state (switching off, asleep, switching on); all false without power states. */
    private final boolean[] off;
    /** Every node's power state and energy, or null when energy is not modelled. */
    private final PowerLedger energy;
    /** Each node's switch count: a switch's end carries it, so one from before a failure is ignored. */
    private final int[] switchVersion;
    /** The power-state request each switching node belongs to, by node; null where none. */
    private final PowerRequest[] requestOf;
    /** Who hears of power-mode changes, or null. */
    private PowerObserver powerObserver;
    /** Marks of the nodes an explicit start names ({@link #start}), by stamp: no machine-sized array a call. */
    private int[] named;
    private int stamp;
    private int downCount;
    private int drainedCount;
    /** Drained nodes that are not down (a down node counts as down, whether drained or not). */
    private int drainedUpCount;
    /** Nodes held by running jobs, kept as jobs start and end so reading it costs nothing. */
    private int busyNodes;
    private List<RunningJob> started;
    private final List<Decision> decisions = new ArrayList<>();
    private SchedulingAbortedException aborted;
    private long now;

    /** A decision of a {@link ReactivePolicy}'s pass besides starting jobs, for the scheduler to carry out. */
    public sealed interface Decision {
    }

    /** The queued job never runs. */
    public record Reject(Job job, String reason) implements Decision {
    }

    /** The running job is stopped on every node. */
    public record Kill(int jobIndex, String reason) implements Decision {
    }

    /** The policy is called again at {@code time}. */
    public record Call(long time) implements Decision {
    }

    /** The node's power switch takes {@code micros}: the scheduler calls {@link #switched} with {@code version} then. */
    public record Switch(int node, int version, long micros) implements Decision {
    }

    /** A power-state request, every node of which has now reached {@code pstate}. */
    public record PowerChange(int[] nodes, int pstate) {
    }

    /**
     * Who hears of the nodes' power modes as they change during a pass, in the order they change (for
     * Batsim's energy, machine-state and pstate files).
     */
    public interface PowerObserver {
        /** The nodes are about to switch towards {@code pstate} ({@code toSleep}: a sleep state); nothing has changed yet. */
        void switchRequested(int[] nodes, int pstate, boolean toSleep);

        /** Modes changed: a job started ({@code jobStarted}) or the switches just requested began. */
        void modesChanged(boolean jobStarted);
    }

    /** A power-state request under way: its nodes, the state asked for, the nodes still switching. */
    private static final class PowerRequest {
        final int[] nodes;
        final int pstate;
        int remaining;

        PowerRequest(int[] nodes, int pstate) {
            this.nodes = nodes;
            this.pstate = pstate;
            this.remaining = nodes.length;
        }
    }

    public SchedulerCore(MachineState machine, Allocator allocator, SchedulingPolicy policy) {
        this(machine, allocator, policy, JobModel.RIGID);
    }

    /** As above, with malleable jobs or I/O as {@code model} says. */
    public SchedulerCore(MachineState machine, Allocator allocator, SchedulingPolicy policy, JobModel model) {
        this(machine, allocator, policy, model, null);
    }

    /** As above, with node power states and energy kept in {@code energy} (null: not modelled). */
    public SchedulerCore(MachineState machine, Allocator allocator, SchedulingPolicy policy, JobModel model,
                         PowerLedger energy) {
        this.machine = machine;
        this.allocator = allocator;
        this.policy = policy;
        this.model = model;
        this.down = new boolean[machine.size()];
        this.drained = new boolean[machine.size()];
        this.off = new boolean[machine.size()];
        this.energy = energy;
        this.switchVersion = energy == null ? null : new int[machine.size()];
        this.requestOf = energy == null ? null : new PowerRequest[machine.size()];
        if (energy != null && energy.size() != machine.size()) {
            throw new IllegalArgumentException("power states for " + energy.size() + " nodes, the machine has "
                    + machine.size());
        }
    }

    /**
     * A job arrives. Returns null if it was queued, or why it is rejected (unusable fields, or wider
     * than the machine).
     */
    public String submit(Job job) {
        if (!job.usable()) {
            return job.rejectReason();
        }
        if (job.nodes() > machine.size()) {
            return "needs " + job.nodes() + " nodes, the machine has " + machine.size();
        }
        policy.enqueue(job);
        return null;
    }

    /**
     * One scheduling pass at {@code time}; returns the jobs it started, in start order. A reactive
     * policy's other decisions of the pass are then in {@link #takeDecisions()}.
     */
    public List<RunningJob> schedule(long time) {
        this.now = time;
        this.started = new ArrayList<>();
        policy.schedule(this);
        List<RunningJob> result = started;
        started = null;
        return result;
    }

    /** The decisions of the last pass besides its starts, in the order made; clears them. */
    public List<Decision> takeDecisions() {
        if (decisions.isEmpty()) {
            return List.of();
        }
        List<Decision> d = List.copyOf(decisions);
        decisions.clear();
        return d;
    }

    /** The policy stopped the run: it could not go on (see {@link SchedulingAbortedException}). */
    public void abort(SchedulingAbortedException why) {
        if (aborted == null) {
            aborted = why;
        }
    }

    /** Why the policy stopped the run, or null if it did not. */
    public SchedulingAbortedException abortedBy() {
        return aborted;
    }

    /** The policy this core runs. */
    public SchedulingPolicy policy() {
        return policy;
    }

    /** A requeued job goes back into the queue (the policy orders it by its original arrival). */
    public void requeue(Job job) {
        policy.enqueue(job);
    }

    /** The job's nodes have all reported; frees the usable ones, the others become unavailable. */
    public RunningJob finish(int jobIndex) {
        RunningJob r = runningJob(jobIndex);
        if (r == null) {
            throw new IllegalStateException("job index " + jobIndex + " is not running");
        }
        byIndex[jobIndex] = null;
        runningCount--;
        running.remove(r);
        busyNodes -= r.nodes().length;
        allocator.ended(r.job(), r.nodes());
        if (unusable[jobIndex] == 0) {
            machine.release(r.nodes());
            return r;
        }
        unusable[jobIndex] = 0;
        jobsWithUnusable--;
        int usable = 0;
        for (int node : r.nodes()) {
            if (usable(node)) {
                usable++;
            }
        }
        int[] freed = new int[usable];
        int k = 0;
        for (int node : r.nodes()) {
            if (usable(node)) {
                freed[k++] = node;
            } else {
                machine.reassign(node, MachineState.UNAVAILABLE);
            }
        }
        machine.release(freed);
        return r;
    }

    /** Whether the node is neither failed nor drained, nor out of a computing state. */
    public boolean usable(int node) {
        return !down[node] && !drained[node] && !off[node];
    }

    /** The nodes' power states and energy, or null when energy is not modelled. */
    @Override
    public PowerLedger energy() {
        return energy;
    }

    /** From now on {@code observer} hears of power-mode changes (energy modelled). */
    public void observePower(PowerObserver observer) {
        this.powerObserver = observer;
    }

    public boolean isDown(int node) {
        return down[node];
    }

    public boolean isDrained(int node) {
        return drained[node];
    }

    public int downCount() {
        return downCount;
    }

    public int drainedCount() {
        return drainedCount;
    }

    /** Nodes drained but not down. */
    public int drainedUpCount() {
        return drainedUpCount;
    }

    /** Nodes held by running jobs (out-of-service ones included, until their job ends). */
    public int busyNodes() {
        return busyNodes;
    }

    /** Jobs running (started, not every node has reported their end yet). */
    public int runningCount() {
        return runningCount;
    }

    /** The node failed; returns false if it already was down. */
    public boolean fail(int node) {
        if (down[node]) {
            return false;
        }
        boolean wasUsable = usable(node);
        down[node] = true;
        downCount++;
        if (off[node]) {
            // A failure ends any switch: repaired, the node comes back in its computing state.
            off[node] = false;
            switchVersion[node]++;
            finishRequest(node);
        }
        if (drained[node]) {
            drainedUpCount--;
        }
        if (wasUsable) {
            becameUnusable(node);
        }
        return true;
    }

    /** The node works again; returns false if it was not down. */
    public boolean repair(int node) {
        if (!down[node]) {
            return false;
        }
        down[node] = false;
        downCount--;
        if (drained[node]) {
            drainedUpCount++;
        }
        if (usable(node)) {
            becameUsable(node);
        }
        return true;
    }

    /** No new job goes to the node; returns false if it already was drained. */
    public boolean drain(int node) {
        if (drained[node]) {
            return false;
        }
        boolean wasUsable = usable(node);
        drained[node] = true;
        drainedCount++;
        if (!down[node]) {
            drainedUpCount++;
        }
        if (wasUsable) {
            becameUnusable(node);
        }
        return true;
    }

    /** The node takes jobs again; returns false if it was not drained. */
    public boolean resume(int node) {
        if (!drained[node]) {
            return false;
        }
        drained[node] = false;
        drainedCount--;
        if (!down[node]) {
            drainedUpCount--;
        }
        if (usable(node)) {
            becameUsable(node);
        }
        return true;
    }

    private void becameUnusable(int node) {
        int owner = machine.owner(node);
        if (owner == -1) {
            machine.allocate(new int[] {node}, MachineState.UNAVAILABLE);
        } else if (owner >= 0) {
            countUnusable(owner, 1);
        }
    }

    /** One more (+1) or one fewer (-1) of a running job's nodes is out of service. */
    private void countUnusable(int jobIndex, int change) {
        int before = unusable[jobIndex];
        unusable[jobIndex] += change;
        if (before == 0) {
            jobsWithUnusable++;
        } else if (unusable[jobIndex] == 0) {
            jobsWithUnusable--;
        }
    }

    private void becameUsable(int node) {
        int owner = machine.owner(node);
        if (owner == MachineState.UNAVAILABLE) {
            machine.release(new int[] {node});
        } else if (owner >= 0) {
            countUnusable(owner, -1);
        }
    }

    /** The running job of the given index, or null. */
    public RunningJob runningJob(int jobIndex) {
        return jobIndex >= 0 && jobIndex < byIndex.length ? byIndex[jobIndex] : null;
    }

    /**
     * Writes what the scheduler's future decisions depend on: the machine, the running jobs (in the
     * order backfilling reads them) with their nodes out of service, the nodes down or drained, the
     * allocator's and the policy's own state. Between instants; the pass's scratch ({@code named},
     * {@code started}, {@code decisions}) is empty then.
     */
    public void writeState(org.hpcsim.kernel.StateDigest out) {
        machine.writeState(out);
        out.add(runningCount);
        for (RunningJob r : running) {
            r.job().writeKey(out);
            out.add(r.nodes()).add(r.start()).add(r.estimatedEnd()).add(unusable[r.job().index()]);
            r.queued().writeKey(out);
        }
        for (int i = 0; i < down.length; i++) {
            if (down[i] || drained[i]) {
                out.add(i).add(down[i]).add(drained[i]);
            }
        }
        out.add(-1);
        out.add(aborted == null ? null : aborted.getMessage());
        allocator.writeState(out);
        policy.writeState(out);
    }

    /** The queued jobs in queue order. */
    public List<Job> queued() {
        return policy.queued();
    }

    /** How jobs take their shape and time (malleable jobs, I/O). */
    public JobModel model() {
        return model;
    }

    public MachineState machine() {
        return machine;
    }

    public int queueLength() {
        return policy.queueLength();
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public int totalNodes() {
        return machine.size();
    }

    @Override
    public boolean isFree(int node) {
        return machine.owner(node) == -1;
    }

    @Override
    public int nextFree(int from) {
        return machine.nextFree(from);
    }

    @Override
    public int freeNodes() {
        return machine.freeCount();
    }

    @Override
    public Iterable<RunningJob> running() {
        return runningView;
    }

    @Override
    public int released(RunningJob job) {
        if (jobsWithUnusable == 0) {
            return job.nodes().length; // the common case, checked on every backfilling pass
        }
        return job.nodes().length - unusable[job.job().index()];
    }

    @Override
    public boolean tryStart(Job job) {
        if (started == null) {
            throw new IllegalStateException("jobs start only during a scheduling pass");
        }
        int min = model.minNodes(job);
        if (min > machine.freeCount()) {
            return false;
        }
        // Rigid: one try at its size. Malleable: the most nodes the allocator can place now (the online rule).
        int[] nodes = null;
        for (int q = Math.min(job.nodes(), machine.freeCount()); nodes == null && q >= min; q--) {
            nodes = allocator.allocate(job, q);
        }
        if (nodes == null) {
            return false;
        }
        if (nodes.length < min || nodes.length > job.nodes()) {
            throw new IllegalStateException("allocator returned " + nodes.length + " nodes for a job of " + job.nodes());
        }
        commit(job, nodes);
        return true;
    }

    @Override
    public int[] propose(Job job) {
        int min = model.minNodes(job);
        if (min > machine.freeCount()) {
            return null;
        }
        int[] nodes = null;
        for (int q = Math.min(job.nodes(), machine.freeCount()); nodes == null && q >= min; q--) {
            nodes = allocator.allocate(job, q);
        }
        return nodes;
    }

    @Override
    public void start(Job job, int[] nodes) {
        if (started == null) {
            throw new IllegalStateException("jobs start only during a scheduling pass");
        }
        int min = model.minNodes(job);
        if (nodes.length < min || nodes.length > job.nodes()) {
            throw new IllegalArgumentException(nodes.length + " node" + (nodes.length == 1 ? "" : "s") + " for a job of "
                    + (min == job.nodes() ? String.valueOf(job.nodes()) : min + " to " + job.nodes()));
        }
        if (named == null) {
            named = new int[machine.size()];
        }
        if (++stamp == Integer.MAX_VALUE) {
            java.util.Arrays.fill(named, 0);
            stamp = 1;
        }
        for (int node : nodes) {
            if (node < 0 || node >= machine.size()) {
                throw new IllegalArgumentException("node " + node + " does not exist (nodes are 0 to "
                        + (machine.size() - 1) + ")");
            }
            if (named[node] == stamp) {
                throw new IllegalArgumentException("node " + node + " is given twice");
            }
            named[node] = stamp;
            int owner = machine.owner(node);
            if (down[node]) {
                throw new IllegalArgumentException("node " + node + " is down");
            }
            if (drained[node]) {
                throw new IllegalArgumentException("node " + node + " is drained");
            }
            if (off[node]) {
                throw new IllegalArgumentException("node " + node + " is " + describe(energy.mode(node)));
            }
            if (owner >= 0) {
                throw new IllegalArgumentException("node " + node + " is busy (running job "
                        + byIndex[owner].job().id() + ")");
            }
        }
        int[] sorted = nodes.clone();
        java.util.Arrays.sort(sorted);
        commit(job, sorted);
    }

    @Override
    public void reject(Job job, String reason) {
        decisions.add(new Reject(job, reason));
    }

    @Override
    public boolean kill(int jobIndex, String reason) {
        if (runningJob(jobIndex) == null) {
            return false;
        }
        decisions.add(new Kill(jobIndex, reason));
        return true;
    }

    @Override
    public void callAt(long time) {
        if (time < now) {
            throw new IllegalArgumentException("a call at " + time + " lies before now (" + now + ")");
        }
        decisions.add(new Call(time));
    }

    /**
     * Batsim's SET_RESOURCE_STATE: a sleep state switches idle nodes off (through its switching-off
     * state), a computing state switches sleeping nodes on (through their sleep state's switching-on
     * state) or moves idle nodes to it at once. Each switch ends after its transition's time
     * ({@link Switch}); the request is done when all its nodes are ({@link #switched}). A node switching
     * off is out of service at once; one switching on is back when it is idle.
     *
     * @throws IllegalArgumentException saying why, before any node changes: a node that does not exist
     *         or is given twice, a pstate that is neither a computing nor a sleep state of the node, a
     *         node computing (running a job), switching, down, or asleep when a sleep state is asked
     */
    @Override
    public void setPowerState(int[] nodes, int pstate) {
        if (energy == null) {
            throw new IllegalArgumentException("node power states are not modelled (energy.enabled = false)");
        }
        java.util.BitSet seen = new java.util.BitSet();
        for (int node : nodes) {
            if (node < 0 || node >= machine.size()) {
                throw new IllegalArgumentException("node " + node + " does not exist (nodes are 0 to "
                        + (machine.size() - 1) + ")");
            }
            if (seen.get(node)) {
                throw new IllegalArgumentException("node " + node + " is given twice");
            }
            seen.set(node);
            PowerStates states = energy.states(node);
            boolean toSleep = states.sleep(pstate);
            if (!toSleep && !states.computing(pstate)) {
                throw new IllegalArgumentException("pstate " + pstate + " is not a computing or sleep state of node "
                        + node);
            }
            PowerLedger.Mode mode = energy.mode(node);
            boolean fits = mode == PowerLedger.Mode.IDLE || (!toSleep && mode == PowerLedger.Mode.SLEEPING);
            if (down[node] || !fits) {
                int owner = machine.owner(node);
                throw new IllegalArgumentException("node " + node + " is " + (down[node] ? "down"
                        : owner >= 0 && byIndex[owner] != null ? "computing (running job " + byIndex[owner].job().id() + ")"
                        : describe(mode)));
            }
        }
        int[] sorted = nodes.clone();
        java.util.Arrays.sort(sorted);
        PowerRequest request = new PowerRequest(sorted, pstate);
        if (powerObserver != null) {
            powerObserver.switchRequested(sorted, pstate, energy.states(sorted[0]).sleep(pstate));
        }
        for (int node : sorted) {
            long micros;
            if (energy.mode(node) == PowerLedger.Mode.SLEEPING) {
                micros = energy.switchOn(node, pstate, now);
            } else if (energy.states(node).sleep(pstate)) {
                micros = energy.switchOff(node, pstate, now);
                boolean wasUsable = usable(node);
                off[node] = true;
                if (wasUsable) {
                    becameUnusable(node);
                }
            } else {
                energy.setComputing(node, pstate, now);
                micros = 0;
            }
            requestOf[node] = request;
            decisions.add(new Switch(node, ++switchVersion[node], micros));
        }
        if (powerObserver != null) {
            powerObserver.modesChanged(false);
        }
    }

    /** {@link #setPowerState} outside a pass, at {@code time} (a scripted event); its switches are then in {@link #takeDecisions()}. */
    public void setPowerStateAt(long time, int[] nodes, int pstate) {
        this.now = time;
        setPowerState(nodes, pstate);
    }

    /**
     * The switch {@code version} of the node is over at {@code time}: it sleeps, or is idle and back in
     * service. Returns its request when this was the request's last node, else null; a switch a failure
     * abandoned changes nothing.
     */
    public PowerChange switched(int node, int version, long time) {
        if (version != switchVersion[node]) {
            return null;
        }
        PowerLedger.Mode mode = energy.mode(node);
        if (mode == PowerLedger.Mode.SWITCHING_OFF) {
            energy.switchedOff(node, time);
        } else if (mode == PowerLedger.Mode.SWITCHING_ON) {
            energy.switchedOn(node, time);
            off[node] = false;
            if (usable(node)) {
                becameUsable(node);
            }
        }
        return finishRequest(node);
    }

    /** The node is done with its request; returns the request if it was the last. */
    private PowerChange finishRequest(int node) {
        PowerRequest r = requestOf[node];
        requestOf[node] = null;
        if (r == null || --r.remaining > 0) {
            return null;
        }
        return new PowerChange(r.nodes, r.pstate);
    }

    /** A power mode as messages word it: switching off, sleeping, ... */
    private static String describe(PowerLedger.Mode mode) {
        return mode.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    /** Commits an allocation the policy made: the job holds the nodes and runs from now. */
    private void commit(Job job, int[] nodes) {
        Job shaped = model.reshape(job, nodes.length);
        machine.allocate(nodes, job.index());
        allocator.started(shaped, nodes);
        if (energy != null) {
            for (int node : nodes) {
                energy.jobStarts(node, now);
            }
            if (powerObserver != null) {
                powerObserver.modesChanged(true);
            }
        }
        RunningJob r = new RunningJob(shaped, nodes, now, now + shaped.estimate() + model.ioMicros(job), job);
        running.add(r);
        busyNodes += nodes.length;
        int index = job.index();
        if (index >= byIndex.length) {
            int length = Math.max(index + 1, 2 * byIndex.length);
            byIndex = java.util.Arrays.copyOf(byIndex, length);
            unusable = java.util.Arrays.copyOf(unusable, length);
        }
        if (byIndex[index] != null) {
            throw new IllegalStateException("job index " + index + " is already running");
        }
        byIndex[index] = r;
        runningCount++;
        started.add(r);
    }
}
