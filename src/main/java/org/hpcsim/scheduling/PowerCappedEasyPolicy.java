package org.hpcsim.scheduling;

import java.util.List;
import org.hpcsim.energy.PowerLedger;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.workload.Job;

/**
 * EASY backfilling under a cap on the nodes' power ({@link PowerCap}, which may change over time).
 * A job starts only if the predicted power stays under the cap: the nodes' draw now, plus what
 * switching nodes will draw once switched where that is more, plus the job's nodes' rise from their
 * draw now to a job's draw (at most the largest rise among the free nodes, for each of its nodes,
 * when the allocator's choice is not known). Running jobs only lower the power when they end, so a
 * start that keeps the prediction under the cap keeps the power under it until the cap itself is
 * lowered below what runs.
 *
 * <p>The reservation is EASY's, in nodes: jobs start from the head while they fit and the cap allows;
 * for the first that cannot, the shadow time and extra nodes are computed as {@link EasyBackfillPolicy}
 * does, and later jobs backfill under the same rules and under the cap. When nodes are free for the
 * head but the cap holds it back, its power is reserved: a later job starts only if the head's rise
 * still fits under the cap beside it.
 *
 * <p>A head that cannot start under the cap while nothing runs or switches, and the cap will not rise,
 * would wait for ever: it is rejected with the reason.
 *
 * <p>With the facility's scope the cap holds for the IT power and its cooling: the predicted power is
 * multiplied by a cooling factor, 1 + (cooling per IT watt at worst), which the run sets from its room
 * ({@link #setCoolingFactor}); as long as the factor bounds the room's cooling, the facility's power stays
 * under the cap as the nodes' does.
 *
 * <p>With {@code dvfs}, a job that does not fit under the cap in its nodes' computing state runs in
 * the fastest slower computing state that fits (the allocator's nodes are moved to it before the job
 * starts, and every job's nodes are set to the fastest state that fits); its compute part then takes
 * longer (see the speed of computing states). The policy asks to be called when the cap changes.
 * Plain Java; needs node power states.
 */
public final class PowerCappedEasyPolicy extends QueuedPolicy {
    private final PowerCap cap;
    private final boolean dvfs;
    private final boolean facility;
    /** Facility watts per predicted node watt: 1 for the nodes' scope. */
    private double coolingFactor = 1;
    /** The cap set from outside (a console or a scripted event), in force from then on; NaN: the schedule's. */
    private double override = Double.NaN;
    /** With DVFS, {@link #leastRise} at the start of the current pass. */
    private double leastRise;
    /** Passes so far, and {@link #largestRise} as last read: in which pass, with how many free nodes. */
    private long passes;
    private long risePass = -1;
    private int riseFree;
    private double rise;
    private long called = -1;

    public PowerCappedEasyPolicy(QueueOrder order, PowerCap cap, boolean dvfs) {
        this(order, cap, dvfs, false);
    }

    /** As above; {@code facility}: the cap holds for IT and cooling (the run sets the cooling factor). */
    public PowerCappedEasyPolicy(QueueOrder order, PowerCap cap, boolean dvfs, boolean facility) {
        super(order);
        this.cap = cap;
        this.dvfs = dvfs;
        this.facility = facility;
    }

    /** Whether the cap holds for the facility (IT and cooling), not the nodes alone. */
    public boolean facility() {
        return facility;
    }

    /** Facility watts per node watt, at least 1: 1 + the most cooling the room spends per IT watt. */
    public void setCoolingFactor(double factor) {
        if (!(factor >= 1) || !Double.isFinite(factor)) {
            throw new IllegalArgumentException("a cooling factor is at least 1, got " + factor);
        }
        this.coolingFactor = factor;
    }

    @Override
    public boolean needsEnergy() {
        return true;
    }

    /** The cap from now on is {@code watts}, whatever the schedule says. */
    public void setCap(double watts) {
        override = PowerCap.constant(watts).at(0);
    }

    /** The cap in force at {@code time}. */
    public double capAt(long time) {
        return Double.isNaN(override) ? cap.at(time) : override;
    }

    @Override
    public void schedule(SchedulingContext context) {
        PowerLedger energy = context.energy();
        if (energy == null) {
            throw new IllegalStateException("power-capped EASY needs node power states");
        }
        tidy();
        passes++;
        long now = context.now();
        double limit = capAt(now);
        leastRise = dvfs ? leastRise(context, energy) : 0;
        long next = Double.isNaN(override) ? cap.nextChange(now) : -1;
        if (next > now && (called < now || next < called)) {
            called = next;
            context.callAt(next);
        }
        // From the head while jobs fit and the cap allows.
        while (!queue.isEmpty()) {
            Job head = queue.first();
            if (head.nodes() > context.freeNodes()) {
                break;
            }
            if (start(context, energy, head, limit, 0)) {
                queue.pollFirst();
                continue;
            }
            if (!idleForGood(context, energy, now, limit)) {
                break;
            }
            // Nothing runs or switches and the cap will not rise: it would wait for ever.
            queue.pollFirst();
            context.reject(head, String.format(java.util.Locale.ROOT, "needs %d nodes, which the power cap of %.1f W"
                    + " does not allow even with nothing else running (the nodes draw %.1f W idle)", head.nodes(),
                    limit, energy.totalWatts()));
        }
        if (queue.isEmpty()) {
            return;
        }
        Job head = queue.first();
        int need = head.nodes();
        // The head waits for power, not nodes: its rise stays reserved.
        double reserved = need <= context.freeNodes() ? need * largestRise(context, energy) : 0;
        Reservation reservation = Reservation.forHead(context, need, now);
        long shadow = reservation.shadow();
        int extra = reservation.extra();
        long longest = shadow - now;
        for (int slot = queue.nextCandidate(queue.headSlot(), context.freeNodes(), extra, longest); slot >= 0;
                slot = queue.nextCandidate(slot, context.freeNodes(), extra, longest)) {
            Job job = queue.job(slot);
            if (slot == queue.headSlot()) {
                continue;
            }
            boolean short_ = job.estimate() <= longest;
            if (!short_ && job.nodes() > extra) {
                continue;
            }
            if (start(context, energy, job, limit, reserved)) {
                queue.remove(slot);
                if (!short_) {
                    extra -= job.nodes();
                }
            }
        }
    }

    /**
     * Starts the job if the predicted power stays under {@code limit} with {@code reserved} watts kept
     * aside (at its nodes' state, or with DVFS the fastest state that fits); returns whether it started.
     */
    private boolean start(SchedulingContext context, PowerLedger energy, Job job, double limit, double reserved) {
        double base = predicted(energy) + reserved;
        if (!dvfs) {
            if ((base + job.nodes() * largestRise(context, energy)) * coolingFactor > limit + EPSILON) {
                return false;
            }
            return context.tryStart(job);
        }
        if (certainlyOver(base + job.nodes() * leastRise, limit)) {
            return false; // no computing state of any free nodes fits: spares the allocator's proposal
        }
        int[] nodes = context.propose(job);
        if (nodes == null) {
            return false;
        }
        // Computing states from the fastest down; the first whose rise fits.
        PowerStates states = energy.states(nodes[0]);
        for (int p : byDecreasingSpeed(states)) {
            double rise = 0;
            boolean everywhere = true;
            for (int node : nodes) {
                if (!energy.states(node).computing(p)) {
                    everywhere = false;
                    break;
                }
                rise += energy.jobWatts(node, p) - energy.watts(node);
            }
            if (everywhere && (base + rise) * coolingFactor <= limit + EPSILON) {
                int[] moving = java.util.Arrays.stream(nodes).filter(n -> energy.pstate(n) != p).toArray();
                if (moving.length > 0) {
                    context.setPowerState(moving, p);
                }
                context.start(job, nodes);
                return true;
            }
        }
        return false;
    }

    /** Whether nothing runs or switches and the cap never rises above {@code limit}: the power will not fall. */
    private boolean idleForGood(SchedulingContext context, PowerLedger energy, long now, double limit) {
        return !context.running().iterator().hasNext() && energy.count(PowerLedger.Mode.SWITCHING_ON) == 0
                && energy.count(PowerLedger.Mode.SWITCHING_OFF) == 0
                && (Double.isNaN(override) ? cap.maxFrom(now) : override) <= limit;
    }

    /** Watts that hide in a comparison's rounding, not a real excess. */
    private static final double EPSILON = 1e-6;

    /** The nodes' draw now, plus the rise of switching nodes to the state they are switching to. */
    private static double predicted(PowerLedger energy) {
        double p = energy.totalWatts();
        if (energy.count(PowerLedger.Mode.SWITCHING_ON) + energy.count(PowerLedger.Mode.SWITCHING_OFF) == 0) {
            return p;
        }
        // The switching nodes merged by increasing id (the sum's order), not every node.
        int on = energy.next(PowerLedger.Mode.SWITCHING_ON, 0);
        int off = energy.next(PowerLedger.Mode.SWITCHING_OFF, 0);
        while (on >= 0 || off >= 0) {
            if (off < 0 || on >= 0 && on < off) {
                p += Math.max(0, ((PowerStates.Computing) energy.states(on).get(energy.pstate(on))).idleWatts()
                        - energy.watts(on));
                on = energy.next(PowerLedger.Mode.SWITCHING_ON, on + 1);
            } else {
                p += Math.max(0, ((PowerStates.Sleep) energy.states(off).get(energy.pstate(off))).watts()
                        - energy.watts(off));
                off = energy.next(PowerLedger.Mode.SWITCHING_OFF, off + 1);
            }
        }
        return p;
    }

    /**
     * The least a free node's draw rises when it runs a job, in any computing state, at the pass's start.
     * Starting jobs only takes free nodes away, so this stays a lower bound of any job's rise per node
     * for the rest of the pass.
     */
    private static double leastRise(SchedulingContext context, PowerLedger energy) {
        double least = Double.POSITIVE_INFINITY;
        for (int node = context.nextFree(0); node >= 0; node = context.nextFree(node + 1)) {
            PowerStates states = energy.states(node);
            for (int p = 0; p < states.size(); p++) {
                if (states.computing(p)) {
                    least = Math.min(least, energy.jobWatts(node, p) - energy.watts(node));
                }
            }
        }
        return least == Double.POSITIVE_INFINITY ? 0 : least;
    }

    /**
     * Whether {@code watts} exceeds the limit by more than any rounding of a sum of rises could hide: a
     * job refused on it would have been refused in every state, so the refusal changes nothing.
     */
    private boolean certainlyOver(double watts, double limit) {
        return watts * coolingFactor > (limit + EPSILON) * (1 + 1e-9) + 1e-9;
    }

    /**
     * The most a free node's draw rises when it runs a job in its computing state (0 when none is free).
     * Within a pass the free nodes change only when a job starts, which lowers their number: the value
     * is kept until then, so trying many jobs costs one reading of the free nodes, not one each.
     */
    private double largestRise(SchedulingContext context, PowerLedger energy) {
        if (risePass == passes && riseFree == context.freeNodes()) {
            return rise;
        }
        double most = 0;
        for (int node = context.nextFree(0); node >= 0; node = context.nextFree(node + 1)) {
            most = Math.max(most, energy.jobWatts(node, energy.pstate(node)) - energy.watts(node));
        }
        risePass = passes;
        riseFree = context.freeNodes();
        rise = most;
        return most;
    }

    /** The computing states, fastest first (ties by number). */
    private static List<Integer> byDecreasingSpeed(PowerStates states) {
        List<Integer> list = new java.util.ArrayList<>();
        for (int p = 0; p < states.size(); p++) {
            if (states.computing(p)) {
                list.add(p);
            }
        }
        list.sort(java.util.Comparator.comparingDouble((Integer p) ->
                -((PowerStates.Computing) states.get(p)).speed()).thenComparingInt(p -> p));
        return list;
    }
}
