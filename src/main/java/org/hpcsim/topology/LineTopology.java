package org.hpcsim.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A line of compute and I/O nodes (Bleuse et al.; Bampis et al.), e.g. {@code line:C8 IO C8 IO C8}:
 * every node is joined to its left and right neighbour. Compute nodes are numbered 0..size()-1 from
 * left to right, independently of the I/O nodes (numbered 0..ioCount()-1); {@link #position} and
 * {@link #ioPosition} give their places on the whole line (0..length()-1), which is what hop distances
 * and links are measured on.
 *
 * <p>The gap of I/O node k, {@code tau_k}, is the number of compute nodes to its left: it sits
 * between compute nodes tau_k - 1 and tau_k. A contiguous range of compute nodes [first, last] is
 * <em>local</em> to I/O node k when {@code first <= tau_k <= last + 1} (the I/O node is adjacent to
 * the range or inside it); the nodes the job then occupies are its hull: every position from the
 * leftmost to the rightmost of its compute nodes and its I/O node (so other I/O nodes at the same
 * gap between them too, as in the paper's Lemma 6).
 */
public final class LineTopology implements Topology {
    private final String layout;
    private final int[] position;
    private final int[] ioPosition;
    private final int[] gap;
    private final int length;

    private LineTopology(String layout, int[] position, int[] ioPosition, int[] gap) {
        this.layout = layout;
        this.position = position;
        this.ioPosition = ioPosition;
        this.gap = gap;
        this.length = position.length + ioPosition.length;
    }

    /**
     * Parses a layout: tokens separated by spaces or commas, left to right; {@code C}, {@code C8} (eight
     * compute nodes), {@code IO}, {@code IO2} (two I/O nodes); case does not matter.
     *
     * @throws IllegalArgumentException naming the bad token
     */
    public static LineTopology parse(String layout) {
        List<Boolean> nodes = new ArrayList<>();
        String[] tokens = layout.strip().split("[\\s,]+");
        for (String token : tokens) {
            if (token.isEmpty()) {
                continue;
            }
            String t = token.toUpperCase(Locale.ROOT);
            boolean io = t.startsWith("IO");
            String count = t.substring(io ? 2 : t.startsWith("C") ? 1 : 0);
            if (!io && !t.startsWith("C")) {
                throw new IllegalArgumentException("bad line token '" + token
                        + "' (expected C, Cn for n compute nodes, IO or IOn for n I/O nodes)");
            }
            int n;
            try {
                n = count.isEmpty() ? 1 : Integer.parseInt(count);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad line token '" + token + "': the count must be an integer");
            }
            if (n < 1 || nodes.size() + (long) n > 1 << 24) {
                throw new IllegalArgumentException("bad line token '" + token + "': counts go from 1 to " + (1 << 24)
                        + " nodes in all");
            }
            for (int i = 0; i < n; i++) {
                nodes.add(io);
            }
        }
        int compute = 0;
        for (boolean io : nodes) {
            compute += io ? 0 : 1;
        }
        if (compute == 0) {
            throw new IllegalArgumentException("a line needs at least one compute node: '" + layout + "'");
        }
        int[] position = new int[compute];
        int[] ioPosition = new int[nodes.size() - compute];
        int[] gap = new int[ioPosition.length];
        int c = 0;
        int k = 0;
        for (int p = 0; p < nodes.size(); p++) {
            if (nodes.get(p)) {
                ioPosition[k] = p;
                gap[k++] = c;
            } else {
                position[c++] = p;
            }
        }
        return new LineTopology(canonical(nodes), position, ioPosition, gap);
    }

    /** A line with the given I/O gaps (non-decreasing, each 0..computeNodes): how instances are built. */
    public static LineTopology withGaps(int computeNodes, int... gaps) {
        StringBuilder b = new StringBuilder();
        int c = 0;
        for (int g : gaps) {
            if (g < c || g > computeNodes) {
                throw new IllegalArgumentException("I/O gaps must be non-decreasing and at most " + computeNodes + ": "
                        + Arrays.toString(gaps));
            }
            if (g > c) {
                b.append('C').append(g - c).append(' ');
            }
            b.append("IO ");
            c = g;
        }
        if (computeNodes > c) {
            b.append('C').append(computeNodes - c);
        }
        return parse(b.toString());
    }

    private static String canonical(List<Boolean> nodes) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < nodes.size()) {
            boolean io = nodes.get(i);
            int j = i;
            while (j < nodes.size() && nodes.get(j) == io) {
                j++;
            }
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(io ? "IO" : "C");
            if (j - i > 1 || !io) {
                b.append(j - i);
            }
            i = j;
        }
        return b.toString();
    }

    /** Compute nodes. */
    @Override
    public int size() {
        return position.length;
    }

    /** I/O nodes. */
    public int ioCount() {
        return ioPosition.length;
    }

    /** All nodes on the line, compute and I/O. */
    public int length() {
        return length;
    }

    /** The canonical layout, e.g. {@code C8 IO C8}. */
    public String layout() {
        return layout;
    }

    @Override
    public String spec() {
        return "line:" + layout;
    }

    /** Place of compute node {@code node} on the line. */
    public int position(int node) {
        return position[node];
    }

    /** Place of I/O node {@code io} on the line. */
    public int ioPosition(int io) {
        return ioPosition[io];
    }

    /** tau: the number of compute nodes left of I/O node {@code io}. */
    public int gap(int io) {
        return gap[io];
    }

    /** Whether compute nodes first..last are local to I/O node {@code io}: first <= tau <= last + 1. */
    public boolean isLocal(int first, int last, int io) {
        return first <= gap[io] && gap[io] <= last + 1;
    }

    /** Leftmost position a job on compute nodes first..last with I/O node {@code io} occupies. */
    public int hullStart(int first, int io) {
        return io < 0 ? position[first] : Math.min(position[first], ioPosition[io]);
    }

    /** Rightmost position a job on compute nodes ..last with I/O node {@code io} occupies. */
    public int hullEnd(int last, int io) {
        return io < 0 ? position[last] : Math.max(position[last], ioPosition[io]);
    }

    /** The I/O node nearest the compute range first..last (by hops on the line; ties to the lower id), or -1. */
    public int nearestIo(int first, int last) {
        int best = -1;
        int bestHops = Integer.MAX_VALUE;
        for (int k = 0; k < ioPosition.length; k++) {
            int p = ioPosition[k];
            int hops = p < position[first] ? position[first] - p : p > position[last] ? p - position[last] : 0;
            if (hops < bestHops) {
                best = k;
                bestHops = hops;
            }
        }
        return best;
    }

    /** Empty: nodes on a line have a position, not grid coordinates. */
    @Override
    public Optional<GridTopology> grid() {
        return Optional.empty();
    }

    /** The length() x 1 mesh of every node on the line, compute and I/O: links join neighbouring places. */
    @Override
    public Optional<GridTopology> networkGrid() {
        return Optional.of(new MeshTopology(length, 1));
    }

    /** This line. */
    @Override
    public Optional<LineTopology> line() {
        return Optional.of(this);
    }

    @Override
    public boolean hasDistances() {
        return true;
    }

    @Override
    public int distance(int a, int b) {
        return Math.abs(position[a] - position[b]);
    }

    @Override
    public long sumPairwiseHops(int[] nodes) {
        long[] p = new long[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            p[i] = position[nodes[i]];
        }
        Arrays.sort(p);
        long sum = 0;
        long prefix = 0;
        for (int i = 0; i < p.length; i++) {
            sum += p[i] * i - prefix;
            prefix += p[i];
        }
        return sum;
    }
}
