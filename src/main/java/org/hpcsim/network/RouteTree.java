package org.hpcsim.network;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;

/**
 * The breadth-first-search tree of the working links from one source node, which gives the detour of
 * every flow from that source whose dimension-order route crosses a failed link. Neighbours are
 * explored in the fixed order +x, -x, +y, -y, +z, -z (wrap-around neighbours included on a torus;
 * on a torus of extent 2 both directions reach the same neighbour over the same link, which counts
 * once) and a node's parent is the node that discovered it first. So the tree depends only on the
 * grid, the failed links and the source, and its path to each node is a shortest working path.
 *
 * <p>One tree serves many sources in turn, for one set of failed links: its arrays are O(nodes),
 * allocated once, and each search goes only as far as the nodes asked for. An all-to-all job may
 * need a search from every node, so the search loop does no division and no link-id arithmetic:
 * each node's directions without a working link (failed, off the edge of a mesh, or along an extent
 * of 1) and its directions that wrap round a torus are bit masks made up front, and a path's link
 * ids are looked up only when it is added.
 */
final class RouteTree {
    private final LinkMap links;
    private final int[] extent = new int[3];
    private final int[] stride = new int[3];
    /** Per node, bit 2d set when it has no working link to its +1 neighbour along d, bit 2d+1 for the -1 neighbour. */
    private final byte[] blocked;
    /** Per node, bit 2d set when its +1 neighbour along d is across a torus's wrap-around, bit 2d+1 for the -1 neighbour. */
    private final byte[] wrapping;
    /** Per node, the node that discovered it; the source's is itself, -1 for nodes not reached. */
    private final int[] parent;
    /** Per reached node, the direction from its parent: 2d for +d, 2d+1 for -d. */
    private final byte[] arrival;
    /** The nodes reached, in discovery order: the search's queue, {@code queue[head..reached)} still to expand. */
    private final int[] queue;
    private int head;
    private int reached;

    /** A tree over the links of {@code links} that {@code failed} leaves up, to be {@link #restart started} from a source. */
    RouteTree(LinkMap links, FailedLinks failed) {
        this.links = links;
        GridTopology grid = links.grid();
        for (int d = 0; d < 3; d++) {
            extent[d] = grid.extent(d);
            stride[d] = d == 0 ? 1 : stride[d - 1] * extent[d - 1];
        }
        int size = grid.size();
        this.blocked = new byte[size];
        this.wrapping = new byte[size];
        this.parent = new int[size];
        this.arrival = new byte[size];
        this.queue = new int[size];
        Arrays.fill(parent, -1);
        int node = 0;
        int[] c = new int[3];
        for (c[2] = 0; c[2] < extent[2]; c[2]++) {
            for (c[1] = 0; c[1] < extent[1]; c[1]++) {
                for (c[0] = 0; c[0] < extent[0]; c[0]++, node++) {
                    for (int d = 0; d < 3; d++) {
                        int ends = (c[d] == extent[d] - 1 ? 1 << 2 * d : 0) | (c[d] == 0 ? 1 << 2 * d + 1 : 0);
                        if (extent[d] == 1) {
                            blocked[node] |= (byte) (3 << 2 * d);
                        } else if (grid.wraps()) {
                            wrapping[node] |= (byte) ends;
                        } else {
                            blocked[node] |= (byte) ends;
                        }
                    }
                }
            }
        }
        for (int link = failed.next(0); link >= 0; link = failed.next(link + 1)) {
            int d = links.dim(link);
            int from = links.from(link);
            int to = links.to(link);
            blocked[from] |= (byte) (1 << 2 * d);
            blocked[to] |= (byte) (1 << 2 * d + 1);
            if (extent[d] == 2 && grid.wraps()) {
                // The line's one link is also each end's link to its -1 neighbour.
                blocked[from] |= (byte) (1 << 2 * d + 1);
                blocked[to] |= (byte) (1 << 2 * d);
            }
        }
    }

    /**
     * Replaces the tree by the one from {@code source}. The search runs only as far as
     * {@link #reaches(int)} asks: a node's parent is fixed when it is discovered, so stopping early
     * changes no path, and a source whose detoured flows all end nearby costs little.
     */
    void restart(int source) {
        // Only the previous tree's nodes have a parent, so clearing them is enough.
        for (int i = 0; i < reached; i++) {
            parent[queue[i]] = -1;
        }
        parent[source] = source;
        queue[0] = source;
        reached = 1;
        head = 0;
    }

    /** Whether the working links join {@code node} to the source: searches until it is found or all is searched. */
    boolean reaches(int node) {
        while (parent[node] < 0 && head < reached) {
            expand(queue[head++]);
        }
        return parent[node] >= 0;
    }

    /** Discovers the neighbours of {@code node} not discovered yet, in the order +x, -x, +y, -y, +z, -z. */
    private void expand(int node) {
        int open = ~blocked[node];
        int wraps = wrapping[node];
        for (int d = 0; d < 3; d++) {
            int plus = 1 << 2 * d;
            int minus = plus << 1;
            int across = (extent[d] - 1) * stride[d];
            if ((open & plus) != 0) {
                visit(node, (wraps & plus) != 0 ? node - across : node + stride[d], 2 * d);
            }
            if ((open & minus) != 0) {
                visit(node, (wraps & minus) != 0 ? node + across : node - stride[d], 2 * d + 1);
            }
        }
    }

    private void visit(int node, int neighbour, int direction) {
        if (parent[neighbour] < 0) {
            parent[neighbour] = node;
            arrival[neighbour] = (byte) direction;
            queue[reached++] = neighbour;
        }
    }

    /** Adds one to every link of the tree's path from the source to {@code node}, which {@link #reaches(int)} must have found. */
    void addPath(int node, LinkTally tally) {
        for (int at = node; parent[at] != at; at = parent[at]) {
            int d = arrival[at] >> 1;
            // A +d step leaves the parent by its +1 link; a -d step arrives by this node's +1 link.
            tally.add((arrival[at] & 1) == 0 ? links.link(parent[at], d) : links.link(at, d), 1);
        }
    }
}
