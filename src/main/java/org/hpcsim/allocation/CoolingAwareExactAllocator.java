package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.thermal.HeatModel;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.workload.Job;
import org.ojalgo.concurrent.Parallelism;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;
import org.ojalgo.optimisation.integer.IntegerStrategy;
import org.ojalgo.optimisation.integer.NodeKey;
import org.ojalgo.type.context.NumberContext;

/**
 * MPIT solved exactly: the k free nodes of least peak inlet temperature over the whole room, the busy
 * nodes fixed (Meng et al.'s Eq. 14-15 as an integer program: binary x_j per free node, minimize z
 * subject to {@code base_i + P_util sum_j D_ij x_j <= z} for every node i and {@code sum_j x_j = k}),
 * by ojAlgo's branch and bound. A yardstick for {@link CoolingAwareAllocator}'s LP rounding on small
 * rooms, not a production policy: it refuses ({@link AllocationRefusedException}) rooms of more
 * than {@code maxNodes} nodes.
 *
 * <p>Deterministic: ojAlgo's integer solver by default runs several workers in parallel (one per
 * node-priority strategy, at least as many as cores), so which of several optimal sets it reports
 * could depend on thread timing. Here it runs one worker (depth-first, {@link NodeKey#LIFO_SEQUENCE})
 * on one thread. Among sets of equal peak it returns the one the search finds first; the peak
 * itself is optimal to the solver's relative gap tolerance of 1e-9.
 */
public final class CoolingAwareExactAllocator implements Allocator {
    static {
        // ojAlgo prints a hardware-profile notice on standard output unless told not to.
        System.getProperties().putIfAbsent("shut.up.ojAlgo", "true");
    }

    /** Default {@code maxNodes}: rooms up to this size are solved. */
    public static final int DEFAULT_MAX_NODES = 64;

    private final MachineState machine;
    private final Mpit mpit;
    private final RoomModel room;
    private final int maxNodes;

    /** With the default limit. */
    public CoolingAwareExactAllocator(MachineState machine, RoomModel room) {
        this(machine, room, DEFAULT_MAX_NODES);
    }

    /**
     * @param maxNodes largest room (node count) it solves
     * @throws IllegalArgumentException when {@code room} is null or its size differs from the
     *                                  machine's, or maxNodes is not positive
     */
    public CoolingAwareExactAllocator(MachineState machine, RoomModel room, int maxNodes) {
        if (maxNodes < 1) {
            throw new IllegalArgumentException("cooling-aware-exact: max-nodes must be positive, got " + maxNodes);
        }
        this.machine = machine;
        this.mpit = new Mpit(machine, room, "cooling-aware-exact");
        this.room = room;
        this.maxNodes = maxNodes;
    }

    /**
     * @throws AllocationRefusedException when the room has more than {@code maxNodes} nodes
     */
    @Override
    public int[] allocate(Job job, int nodes) {
        if (!FreeNodes.placeable(machine, nodes)) {
            return null;
        }
        if (nodes == 0) {
            return new int[0];
        }
        if (nodes == machine.freeCount()) {
            return mpit.free();
        }
        if (machine.size() > maxNodes) {
            throw new AllocationRefusedException("cooling-aware-exact refused: the room's " + machine.size()
                    + " nodes exceed its limit of " + maxNodes + " (max-nodes)");
        }
        return solve(nodes, mpit.current(), mpit.free());
    }

    private int[] solve(int k, double[] base, int[] free) {
        HeatModel heat = room.heat();
        double util = room.power().utilization();
        int n = heat.size();
        int f = free.length;
        Optimisation.Options options = new Optimisation.Options();
        options.integer(IntegerStrategy.newConfigurable()
                .withParallelism(Parallelism.ONE)
                .withPriorityDefinitions(NodeKey.LIFO_SEQUENCE)
                .withGapTolerance(NumberContext.of(9)));
        ExpressionsBasedModel model = new ExpressionsBasedModel(options);
        Variable[] x = new Variable[f];
        for (int j = 0; j < f; j++) {
            x[j] = model.addVariable("x" + free[j]).binary();
        }
        Variable z = model.addVariable("z").weight(1);
        Expression count = model.addExpression("k").level(k);
        for (Variable v : x) {
            count.set(v, 1);
        }
        for (int i = 0; i < n; i++) {
            Expression row = model.addExpression("T" + i).upper(-base[i]);
            for (int j = 0; j < f; j++) {
                double a = util * heat.entry(i, free[j]);
                if (a != 0) {
                    row.set(x[j], a);
                }
            }
            row.set(z, -1);
        }
        Optimisation.Result result = model.minimise();
        if (!result.getState().isOptimal()) {
            throw new IllegalStateException("cooling-aware-exact: the integer program was not solved: " + result.getState());
        }
        int[] chosen = new int[k];
        int c = 0;
        for (int j = 0; j < f && c < k; j++) {
            if (result.doubleValue(j) > 0.5) {
                chosen[c++] = free[j];
            }
        }
        if (c != k) {
            throw new IllegalStateException("cooling-aware-exact: the solver chose " + c + " nodes, not " + k);
        }
        return Arrays.copyOf(chosen, k);
    }
}
