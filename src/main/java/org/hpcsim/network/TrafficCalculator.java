package org.hpcsim.network;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import org.hpcsim.topology.GridTopology;

/**
 * The load a job's communication puts on the links of a mesh or torus: per link, how many of the
 * job's flows cross it when every flow follows {@link GridTopology#route} from its source.
 *
 * <p>Ring, stencil and matrix patterns have O(k) flows, so each flow's route is walked. All-to-all has
 * k(k-1) flows of up to X+Y+Z hops, too many to walk for a large job, so its load is counted: a
 * dimension-order route corrects x in the source's row, then y in the column at the destination's x
 * and the source's z, then z in the pillar at the destination's x and y. So the flows crossing an x
 * link of row (y, z) are the pairs (source in that row, any destination) whose x coordinates lie on
 * either side of it; a y link at (x, z) sees the pairs (source in plane z, destination in column x)
 * whose y coordinates straddle it; a z link at (x, y) the pairs (any source, destination in pillar
 * (x, y)) whose z coordinates straddle it. Each is a product of coordinate histograms: prefix sums on
 * a mesh line, and on a torus ring the pairs whose shorter way round (the positive one on a tie)
 * passes the link, a sliding window of half the ring. The cost is O(k log k) plus O(extent) per
 * occupied row, per (occupied plane, occupied column) and per occupied pillar, at most O(nodes).
 * The counts go into a tally of the links touched, reused between jobs ({@link LinkTally}), so no
 * computation costs O(links); an instance is therefore for one thread (one scheduler's planner).
 *
 * <p><b>Failed links.</b> Given links that are down ({@link FailedLinks}), a flow whose
 * dimension-order route crosses no failed link keeps that route. A flow whose route crosses one takes
 * a shortest path over the working links: its path in the breadth-first-search tree from its source,
 * neighbours explored in the fixed order +x, -x, +y, -y, +z, -z (a torus's wrap-around neighbours
 * included; a torus of extent 2's single link counted once), the first node to discover a node being
 * its parent. The rule is deterministic, and moves only the flows the failures touch. When the
 * working links do not join a flow's destination to its source there is no route, and the
 * calculation throws {@link NoRouteException}. There is one search per source with a detoured flow,
 * each O(nodes) at most. All-to-all keeps its histograms and then moves only the flows whose route
 * crosses a failed link, which, by the route's shape above, are among those from a source in an x
 * link's row, those from a source in a y link's z plane to a destination in its x column, and those
 * to a destination in a z link's pillar.
 */
public final class TrafficCalculator {
    private final LinkMap links;
    private final GridTopology grid;
    private final LinkTally tally;

    public TrafficCalculator(LinkMap links) {
        this.links = links;
        this.grid = links.grid();
        this.tally = new LinkTally(links.size());
    }

    /**
     * The link load of a job on {@code nodes} (ascending, distinct) whose task i runs on
     * {@code nodes[i]}.
     *
     * @throws IllegalArgumentException for unsorted or unknown nodes, or a pattern for another
     *                                  number of tasks
     */
    public LinkLoad compute(int[] nodes, CommPattern pattern) {
        return compute(nodes, pattern, 1, null);
    }

    /**
     * The link load of a job whose pattern is sized in processors rather than nodes, as SST's
     * {@code .sim} stencils and graphs are: task i runs on {@code nodes[i / tasksPerNode]} (SST's
     * simple mapper), and flows between tasks on the same node cross no link. A pattern that fits
     * any size (all-to-all, ring, ...) runs one task per node.
     *
     * @throws IllegalArgumentException if the pattern has a fixed size that does not fill the nodes this way
     */
    public LinkLoad compute(int[] nodes, CommPattern pattern, int tasksPerNode) {
        return compute(nodes, pattern, tasksPerNode, null);
    }

    /**
     * {@link #compute(int[], CommPattern, int)} with the links in {@code failed} down: flows whose
     * dimension-order route crosses one of them take their breadth-first detour (see the class
     * comment). With {@code failed} null or empty, exactly the load without failures, computed as
     * fast.
     *
     * @throws NoRouteException         if the failed links cut some flow's destination off from its source
     * @throws IllegalArgumentException as {@link #compute(int[], CommPattern, int)}, or if
     *                                  {@code failed} is for another grid
     */
    public LinkLoad compute(int[] nodes, CommPattern pattern, int tasksPerNode, FailedLinks failed) {
        try {
            return tally(nodes, pattern, tasksPerNode, failed);
        } finally {
            tally.clear();
        }
    }

    private LinkLoad tally(int[] nodes, CommPattern pattern, int tasksPerNode, FailedLinks failed) {
        Loads loads = new Loads(failed == null || failed.isEmpty() ? null : ofThisGrid(failed));
        int tasks = fixedTasks(pattern);
        if (tasksPerNode <= 1 || tasks < 0 || tasks == nodes.length) {
            checkNodes(nodes);
            if (pattern instanceof CommPattern.AllToAll) {
                if (nodes.length > 1) {
                    allToAllX(nodes);
                    allToAllY(nodes);
                    allToAllZ(nodes);
                    if (loads.failed != null) {
                        allToAllDetours(nodes, loads);
                    }
                }
            } else {
                pattern.forEachFlow(nodes.length, (s, t) -> loads.add(nodes[s], nodes[t]));
            }
        } else {
            if ((tasks + tasksPerNode - 1) / tasksPerNode != nodes.length) {
                throw new IllegalArgumentException(pattern + " does not fit " + nodes.length + " nodes of "
                        + tasksPerNode + " tasks");
            }
            pattern.forEachFlow(tasks, (s, t) -> {
                int a = nodes[s / tasksPerNode];
                int b = nodes[t / tasksPerNode];
                if (a != b) {
                    loads.add(a, b);
                }
            });
        }
        loads.detourBlocked();
        return tally.take();
    }

    /**
     * Whether the links that {@code failed} leaves up join every pair of {@code nodes} (ascending,
     * distinct): whether any pattern on them can be routed.
     *
     * @throws IllegalArgumentException for unsorted or unknown nodes, or failed links of another grid
     */
    public boolean connected(int[] nodes, FailedLinks failed) {
        checkNodes(nodes);
        if (nodes.length < 2 || failed == null || failed.isEmpty()) {
            return true;
        }
        RouteTree tree = new RouteTree(links, ofThisGrid(failed));
        tree.restart(nodes[0]);
        for (int node : nodes) {
            if (!tree.reaches(node)) {
                return false;
            }
        }
        return true;
    }

    private void checkNodes(int[] nodes) {
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i] < 0 || nodes[i] >= grid.size() || (i > 0 && nodes[i] <= nodes[i - 1])) {
                throw new IllegalArgumentException("nodes must be distinct, ascending and in 0.."
                        + (grid.size() - 1) + ": " + nodes[i] + " at index " + i);
            }
        }
    }

    /** {@code failed}, once it is known to name links of this grid (another map of the same grid will do). */
    private FailedLinks ofThisGrid(FailedLinks failed) {
        if (!failed.links().grid().spec().equals(grid.spec())) {
            throw new IllegalArgumentException("failed links of " + failed.links().grid().spec() + " on " + grid.spec());
        }
        return failed;
    }

    /** The number of tasks a pattern is made for, or -1 when it fits any number. */
    private static int fixedTasks(CommPattern pattern) {
        if (pattern instanceof CommPattern.Stencil st) {
            return st.tasks();
        }
        if (pattern instanceof MatrixPattern m) {
            return m.tasks();
        }
        return -1;
    }

    /**
     * Writes the links of the dimension-order route from {@code a} to {@code b} into {@code route},
     * in order, stepping as {@link GridTopology#route} does; returns how many.
     */
    private int route(int a, int b, int[] route) {
        int count = 0;
        int at = a;
        for (int d = 0; d < 3; d++) {
            int n = grid.extent(d);
            int c = grid.coordinate(at, d);
            int target = grid.coordinate(b, d);
            int stride = stride(d);
            int step;
            int hops;
            if (grid.wraps()) {
                int forward = Math.floorMod(target - c, n);
                step = forward <= n - forward ? 1 : -1;
                hops = Math.min(forward, n - forward);
            } else {
                step = target >= c ? 1 : -1;
                hops = Math.abs(target - c);
            }
            for (int h = 0; h < hops; h++) {
                int next = Math.floorMod(c + step, n);
                int neighbour = at + (next - c) * stride;
                route[count++] = links.link(step > 0 ? at : neighbour, d);
                at = neighbour;
                c = next;
            }
        }
        return count;
    }

    /**
     * One computation's link weights, and the flows set aside because their dimension-order route
     * crosses a failed link, until {@link #detourBlocked()} gives them their detours.
     */
    private final class Loads {
        /** The links down, null when none is. */
        final FailedLinks failed;
        /** Scratch for one route: no route is longer than the sum of the extents. */
        private final int[] route = new int[grid.extent(0) + grid.extent(1) + grid.extent(2)];
        /** Set-aside flows as {@code source << 32 | destination}, in {@code aside[0..asideCount)}. */
        private long[] aside = new long[0];
        private int asideCount;
        /** Made when the first detour is needed. */
        private RouteTree tree;

        Loads(FailedLinks failed) {
            this.failed = failed;
        }

        /** Adds the flow from {@code a} to {@code b} on its dimension-order route, or sets it aside if that is blocked. */
        void add(int a, int b) {
            int hops = route(a, b, route);
            if (blocked(hops)) {
                setAside(a, b);
                return;
            }
            for (int i = 0; i < hops; i++) {
                tally.add(route[i], 1);
            }
        }

        /**
         * Takes the flow from {@code a} to {@code b}, already counted on its dimension-order route,
         * off that route and sets it aside if the route is blocked.
         */
        void moveIfBlocked(int a, int b) {
            int hops = route(a, b, route);
            if (blocked(hops)) {
                for (int i = 0; i < hops; i++) {
                    tally.add(route[i], -1);
                }
                setAside(a, b);
            }
        }

        /** Whether one of the first {@code hops} links of {@code route} is down. */
        private boolean blocked(int hops) {
            if (failed != null) {
                for (int i = 0; i < hops; i++) {
                    if (failed.isDown(route[i])) {
                        return true;
                    }
                }
            }
            return false;
        }

        private void setAside(int a, int b) {
            if (asideCount == aside.length) {
                aside = Arrays.copyOf(aside, Math.max(16, 2 * asideCount));
            }
            aside[asideCount++] = (long) a << 32 | b;
        }

        /**
         * Adds the set-aside flows along their breadth-first detours, one search per source, and
         * forgets them.
         *
         * @throws NoRouteException for the first flow, by (source, destination), with no detour
         */
        void detourBlocked() {
            Arrays.sort(aside, 0, asideCount);
            int source = -1;
            for (int i = 0; i < asideCount; i++) {
                int a = (int) (aside[i] >>> 32);
                int b = (int) aside[i];
                if (a != source) {
                    if (tree == null) {
                        tree = new RouteTree(links, failed);
                    }
                    tree.restart(a);
                    source = a;
                }
                if (!tree.reaches(b)) {
                    throw new NoRouteException(a, b);
                }
                tree.addPath(b, tally);
            }
            asideCount = 0;
        }
    }

    /**
     * Moves the all-to-all flows whose dimension-order route crosses a failed link, which the
     * histograms counted on that route, onto their detours. Each source tests only the destinations
     * whose flows can cross a failed link (see the class comment), each once, and the sources are
     * detoured one at a time, which keeps the set-aside flows to one source's.
     */
    private void allToAllDetours(int[] nodes, Loads loads) {
        int x = grid.extent(0);
        int y = grid.extent(1);
        int[][] columns = groups(nodes, x, node -> grid.x(node));
        int[][] pillars = groups(nodes, x * y, node -> grid.x(node) + x * grid.y(node));
        int[] down = loads.failed.ids();
        // Each failed link's dimension and the node it leaves from, decoded once rather than per source.
        int[] dims = new int[down.length];
        int[] ends = new int[down.length];
        for (int f = 0; f < down.length; f++) {
            dims[f] = links.dim(down[f]);
            ends[f] = links.from(down[f]);
        }
        int[] every = new int[nodes.length];
        Arrays.setAll(every, i -> i);
        // testedFor[j] = i + 1 once destination nodes[j] has been tested for source nodes[i].
        int[] testedFor = new int[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            int source = nodes[i];
            int row = source / x;
            int plane = grid.z(source);
            for (int f = 0; f < down.length; f++) {
                int end = ends[f];
                int[] destinations = switch (dims[f]) {
                    case 0 -> end / x == row ? every : null;
                    case 1 -> grid.z(end) == plane ? columns[grid.x(end)] : null;
                    default -> pillars[end % (x * y)];
                };
                if (destinations == null) {
                    continue;
                }
                for (int j : destinations) {
                    if (testedFor[j] != i + 1 && j != i) {
                        testedFor[j] = i + 1;
                        loads.moveIfBlocked(source, nodes[j]);
                    }
                }
            }
            loads.detourBlocked();
        }
    }

    /** The indices into {@code nodes} grouped by {@code key} (0..keys-1), ascending within a group; null for an empty group. */
    private static int[][] groups(int[] nodes, int keys, IntUnaryOperator key) {
        int[] size = new int[keys];
        for (int node : nodes) {
            size[key.applyAsInt(node)]++;
        }
        int[][] groups = new int[keys][];
        for (int k = 0; k < keys; k++) {
            groups[k] = size[k] == 0 ? null : new int[size[k]];
            size[k] = 0;
        }
        for (int i = 0; i < nodes.length; i++) {
            int k = key.applyAsInt(nodes[i]);
            groups[k][size[k]++] = i;
        }
        return groups;
    }

    /** x links: sources in the link's row against all destinations. */
    private void allToAllX(int[] nodes) {
        int x = grid.extent(0);
        if (x == 1) {
            return;
        }
        long[] destinations = new long[x];
        for (int node : nodes) {
            destinations[grid.x(node)]++;
        }
        long[] sources = new long[x];
        long[] crossing = new long[x];
        // Nodes ascend, so each row's nodes are consecutive.
        for (int i = 0; i < nodes.length;) {
            int row = nodes[i] / x;
            int j = i;
            for (; j < nodes.length && nodes[j] / x == row; j++) {
                sources[grid.x(nodes[j])]++;
            }
            add(sources, destinations, x, crossing, row * x, 0);
            Arrays.fill(sources, 0);
            i = j;
        }
    }

    /** y links: sources in the link's z plane against destinations in its x column (any z). */
    private void allToAllY(int[] nodes) {
        int x = grid.extent(0);
        int y = grid.extent(1);
        if (y == 1) {
            return;
        }
        long[][] columns = new long[x][];
        for (int node : nodes) {
            int cx = grid.x(node);
            if (columns[cx] == null) {
                columns[cx] = new long[y];
            }
            columns[cx][grid.y(node)]++;
        }
        long[] sources = new long[y];
        long[] crossing = new long[y];
        int plane = x * y;
        for (int i = 0; i < nodes.length;) {
            int z = nodes[i] / plane;
            int j = i;
            for (; j < nodes.length && nodes[j] / plane == z; j++) {
                sources[grid.y(nodes[j])]++;
            }
            for (int cx = 0; cx < x; cx++) {
                if (columns[cx] != null) {
                    add(sources, columns[cx], y, crossing, grid.node(cx, 0, z), 1);
                }
            }
            Arrays.fill(sources, 0);
            i = j;
        }
    }

    /** z links: all sources against destinations in the link's (x, y) pillar. */
    private void allToAllZ(int[] nodes) {
        int z = grid.extent(2);
        if (z == 1) {
            return;
        }
        int plane = grid.extent(0) * grid.extent(1);
        long[] sources = new long[z];
        int[] byPillar = new int[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            sources[nodes[i] / plane]++;
            byPillar[i] = (nodes[i] % plane) * z + nodes[i] / plane;
        }
        Arrays.sort(byPillar);
        long[] destinations = new long[z];
        long[] crossing = new long[z];
        for (int i = 0; i < byPillar.length;) {
            int pillar = byPillar[i] / z;
            int j = i;
            for (; j < byPillar.length && byPillar[j] / z == pillar; j++) {
                destinations[byPillar[j] % z]++;
            }
            add(sources, destinations, z, crossing, pillar, 2);
            Arrays.fill(destinations, 0);
            i = j;
        }
    }

    /**
     * Adds to the links of one line along {@code dim} (starting at node {@code first}) the pairs of
     * (source, destination) coordinates whose route along the line crosses them.
     */
    private void add(long[] sources, long[] destinations, int n, long[] crossing, int first, int dim) {
        int edges;
        if (grid.wraps()) {
            Arrays.fill(crossing, 0, n, 0);
            // Positive way: up to floor(n/2) steps (ties go positive); negative way: fewer than n/2.
            cover(sources, destinations, n / 2, n, crossing);
            cover(destinations, sources, (n - 1) / 2, n, crossing);
            edges = n;
        } else {
            lineCrossings(sources, destinations, n, crossing);
            edges = n - 1;
        }
        int stride = stride(dim);
        for (int e = 0; e < edges; e++) {
            if (crossing[e] > 0) {
                // On a torus of extent 2 both edges are the line's one link.
                tally.add(links.link(first + e * stride, dim), crossing[e]);
            }
        }
    }

    /** Mesh line: edge e (between e and e+1) is crossed by pairs with one end at or below e and the other above. */
    private static void lineCrossings(long[] sources, long[] destinations, int n, long[] crossing) {
        long sourceTotal = 0;
        long destinationTotal = 0;
        for (int c = 0; c < n; c++) {
            sourceTotal += sources[c];
            destinationTotal += destinations[c];
        }
        long sourcesBelow = 0;
        long destinationsBelow = 0;
        for (int e = 0; e < n - 1; e++) {
            sourcesBelow += sources[e];
            destinationsBelow += destinations[e];
            crossing[e] = sourcesBelow * (destinationTotal - destinationsBelow)
                    + (sourceTotal - sourcesBelow) * destinationsBelow;
        }
    }

    /**
     * Ring of n: adds {@code first[u] * second[u + f]} for every u and 1 &lt;= f &lt;= maxSteps to
     * the edges u, u+1, ..., u+f-1 (mod n), where edge e joins e and e+1. The positive-way flows are
     * (sources, destinations); the negative-way flows, which cross the edges from the destination up
     * to the source, are (destinations, sources). Edge 0 is summed directly; from there the sum moves
     * along the ring, gaining the ranges that start at e and losing those that ended at e-1, whose
     * weights are sliding-window sums. Needs maxSteps &lt; n, so that no range covers the whole ring.
     */
    private static void cover(long[] first, long[] second, int maxSteps, int n, long[] crossing) {
        if (maxSteps == 0) {
            return;
        }
        long secondAhead = 0;
        long firstBehind = 0;
        long atEdge = 0;
        for (int f = 1; f <= maxSteps; f++) {
            secondAhead += second[f % n];
            firstBehind += first[n - f];
            // Ranges over edge 0 start at u = f - maxSteps (mod n) and end at 1..f.
            atEdge += first[(n - maxSteps + f) % n] * secondAhead;
        }
        // secondAhead = second[1..maxSteps], firstBehind = first[-maxSteps..-1]: the windows at 0.
        crossing[0] += atEdge;
        for (int e = 1; e < n; e++) {
            secondAhead += second[(e + maxSteps) % n] - second[e];
            firstBehind += first[e - 1] - first[(e - 1 - maxSteps + n) % n];
            atEdge += first[e] * secondAhead - second[e] * firstBehind;
            crossing[e] += atEdge;
        }
    }

    private int stride(int dim) {
        return dim == 0 ? 1 : dim == 1 ? grid.extent(0) : grid.extent(0) * grid.extent(1);
    }
}
