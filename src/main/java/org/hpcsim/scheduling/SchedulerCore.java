package org.hpcsim.scheduling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.workload.Job;

/**
 * The scheduler's state without any actor: the machine's free nodes, the allocator, the policy and
 * the running jobs. The {@link SchedulerActor} drives it from messages; tests drive it directly.
 */
public final class SchedulerCore implements SchedulingContext {
    private static final Comparator<RunningJob> BY_ESTIMATED_END =
            Comparator.comparingLong(RunningJob::estimatedEnd).thenComparingInt(r -> r.job().index());

    private final MachineState machine;
    private final Allocator allocator;
    private final SchedulingPolicy policy;
    private final TreeSet<RunningJob> running = new TreeSet<>(BY_ESTIMATED_END);
    private final Map<Integer, RunningJob> byIndex = new HashMap<>();
    private final Iterable<RunningJob> runningView = Collections.unmodifiableSet(running);
    private List<RunningJob> started;
    private long now;

    public SchedulerCore(MachineState machine, Allocator allocator, SchedulingPolicy policy) {
        this.machine = machine;
        this.allocator = allocator;
        this.policy = policy;
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

    /** One scheduling pass at {@code time}; returns the jobs it started, in start order. */
    public List<RunningJob> schedule(long time) {
        this.now = time;
        this.started = new ArrayList<>();
        policy.schedule(this);
        List<RunningJob> result = started;
        started = null;
        return result;
    }

    /** The job's nodes have all reported; frees them. */
    public RunningJob finish(int jobIndex) {
        RunningJob r = byIndex.remove(jobIndex);
        if (r == null) {
            throw new IllegalStateException("job index " + jobIndex + " is not running");
        }
        running.remove(r);
        machine.release(r.nodes());
        return r;
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
    public int freeNodes() {
        return machine.freeCount();
    }

    @Override
    public Iterable<RunningJob> running() {
        return runningView;
    }

    @Override
    public boolean tryStart(Job job) {
        if (started == null) {
            throw new IllegalStateException("jobs start only during a scheduling pass");
        }
        if (job.nodes() > machine.freeCount()) {
            return false;
        }
        int[] nodes = allocator.allocate(job, job.nodes());
        if (nodes == null) {
            return false;
        }
        if (nodes.length != job.nodes()) {
            throw new IllegalStateException("allocator returned " + nodes.length + " nodes for a job of " + job.nodes());
        }
        machine.allocate(nodes, job.index());
        RunningJob r = new RunningJob(job, nodes, now, now + job.estimate());
        running.add(r);
        byIndex.put(job.index(), r);
        started.add(r);
        return true;
    }
}
