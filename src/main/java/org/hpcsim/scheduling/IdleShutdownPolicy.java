package org.hpcsim.scheduling;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hpcsim.energy.PowerLedger;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.workload.Job;

/**
 * Switches off nodes idle longer than a time T, beside a base queue policy (EASY or FCFS), and wakes
 * them for the head of the queue. Each pass runs the base policy, then:
 * <ul>
 * <li><b>Wake</b>: when the head does not fit on the free and waking nodes, sleeping nodes (lowest ids
 *     first) are switched on for the nodes it lacks, if they would be up before its reservation (the
 *     earliest estimated end at which the awake nodes alone suffice; never when they do not): the head
 *     then starts when they are up, not later than it would have.</li>
 * <li><b>Sleep</b>: a free node idle for T or longer is switched off into its sleep state (the
 *     {@code sleep} pstate, or each node's first sleep state), except the head's: while jobs wait, the
 *     free nodes with the lowest ids, as many as the head needs (less those waking), stay on. The
 *     policy asks to be called when the next idle node's T runs out.</li>
 * </ul>
 * Only the head wakes nodes: a job that could backfill waits for nodes it wakes, or for others. A node
 * without a sleep state stays on. Plain Java; needs node power states.
 */
public final class IdleShutdownPolicy implements SchedulingPolicy {
    private final QueuedPolicy base;
    private final long idle;
    private final int sleep;
    /** The time of the call asked for last (to ask once per due time), or -1. */
    private long called = -1;

    /**
     * @param base  the queue policy that starts jobs (EASY or FCFS)
     * @param idle  how long a node stays idle before it is switched off, microseconds
     * @param sleep the sleep pstate to switch into, or -1 for each node's first sleep state
     */
    public IdleShutdownPolicy(SchedulingPolicy base, long idle, int sleep) {
        if (!(base instanceof QueuedPolicy q)) {
            throw new IllegalArgumentException("idle shutdown runs over easy or fcfs");
        }
        if (idle < 0) {
            throw new IllegalArgumentException("the idle time must not be negative");
        }
        this.base = q;
        this.idle = idle;
        this.sleep = sleep;
    }

    @Override
    public boolean needsEnergy() {
        return true;
    }

    @Override
    public void enqueue(Job job) {
        base.enqueue(job);
    }

    @Override
    public int queueLength() {
        return base.queueLength();
    }

    @Override
    public List<Job> queued() {
        return base.queued();
    }

    @Override
    public void schedule(SchedulingContext context) {
        PowerLedger energy = context.energy();
        if (energy == null) {
            throw new IllegalStateException("idle shutdown needs node power states");
        }
        base.schedule(context);
        Job head = base.head();
        wake(context, energy, head);
        sleep(context, energy, head);
    }

    private void wake(SchedulingContext context, PowerLedger energy, Job head) {
        if (head == null) {
            return;
        }
        int switchingOn = energy.count(PowerLedger.Mode.SWITCHING_ON);
        int missing = head.nodes() - context.freeNodes() - switchingOn;
        if (missing <= 0) {
            return;
        }
        long now = context.now();
        long reservation = Long.MAX_VALUE;
        int available = context.freeNodes() + switchingOn;
        for (RunningJob r : context.running()) {
            available += context.released(r);
            if (available >= head.nodes()) {
                reservation = Math.max(now, r.estimatedEnd());
                break;
            }
        }
        List<Integer> sleeping = new ArrayList<>();
        long upAt = now;
        for (int node = energy.next(PowerLedger.Mode.SLEEPING, 0); node >= 0 && sleeping.size() < missing;
             node = energy.next(PowerLedger.Mode.SLEEPING, node + 1)) {
            sleeping.add(node);
            PowerStates.Sleep s = (PowerStates.Sleep) energy.states(node).get(energy.pstate(node));
            upAt = Math.max(upAt, now + ((PowerStates.Transition) energy.states(node).get(s.switchOn())).micros());
        }
        if (sleeping.isEmpty() || upAt >= reservation) {
            return;
        }
        Map<Integer, List<Integer>> byState = new TreeMap<>();
        for (int node : sleeping) {
            byState.computeIfAbsent(energy.computingState(node), k -> new ArrayList<>()).add(node);
        }
        byState.forEach((pstate, nodes) -> context.setPowerState(toArray(nodes), pstate));
    }

    private void sleep(SchedulingContext context, PowerLedger energy, Job head) {
        long now = context.now();
        int keep = head == null ? 0 : Math.max(0, head.nodes() - energy.count(PowerLedger.Mode.SWITCHING_ON));
        Map<Integer, List<Integer>> off = new TreeMap<>();
        long next = Long.MAX_VALUE;
        // Idle nodes only, by increasing id (a pass costs what is idle, not the machine).
        for (int node = energy.next(PowerLedger.Mode.IDLE, 0); node >= 0; node = energy.next(PowerLedger.Mode.IDLE, node + 1)) {
            if (!context.isFree(node)) {
                continue;
            }
            int target = sleepState(energy.states(node));
            if (target < 0) {
                continue;
            }
            if (keep > 0) {
                keep--;
                continue;
            }
            long due = energy.since(node) + idle;
            if (due <= now) {
                off.computeIfAbsent(target, k -> new ArrayList<>()).add(node);
            } else {
                next = Math.min(next, due);
            }
        }
        off.forEach((pstate, nodes) -> context.setPowerState(toArray(nodes), pstate));
        if (next != Long.MAX_VALUE && (called < now || next < called)) {
            called = next;
            context.callAt(next);
        }
    }

    /** The sleep state a node switches into, or -1 when it has none. */
    private int sleepState(PowerStates states) {
        if (sleep >= 0) {
            return states.sleep(sleep) ? sleep : -1;
        }
        for (int p = 0; p < states.size(); p++) {
            if (states.sleep(p)) {
                return p;
            }
        }
        return -1;
    }

    private static int[] toArray(List<Integer> nodes) {
        return nodes.stream().mapToInt(Integer::intValue).toArray();
    }
}
