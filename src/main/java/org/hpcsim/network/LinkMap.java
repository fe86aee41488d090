package org.hpcsim.network;

import org.hpcsim.topology.GridTopology;

/**
 * The links of a mesh or torus: one bidirectional link per pair of neighbouring nodes, the unit a
 * link actor owns. Traffic in both directions shares it, so a link's load counts the flows crossing
 * it either way.
 *
 * <p>Along a dimension of extent {@code n}, a line of nodes has {@code n - 1} links on a mesh and
 * {@code n} on a torus (the extra one joins {@code n-1} to {@code 0}). Two cases are special: extent
 * 1 has no links, and a torus of extent 2 has <em>one</em> link per line, not two: both neighbours of
 * a node are the same node, and a wrap-around cable parallel to the direct one would double the
 * bandwidth between exactly two nodes, which a torus of extent 2 is not built for. Routes still
 * cross it in both directions ({@link GridTopology#route} steps from 1 to 0 the positive way).
 *
 * <p>Ids are dense and depend only on the grid: links are numbered dimension by dimension (all x
 * links, then y, then z); within a dimension by the line they lie on (the node id with that
 * dimension's coordinate removed, e.g. {@code y + Y*z} for x links), then by position along the line.
 * The id is computed, not stored, so a map costs nothing per node.
 */
public final class LinkMap {
    private final GridTopology grid;
    /** Links per line along each dimension. */
    private final int[] perLine = new int[3];
    /** First id of each dimension's links, and the total at index 3. */
    private final int[] offset = new int[4];

    public LinkMap(GridTopology grid) {
        this.grid = grid;
        long total = 0;
        for (int d = 0; d < 3; d++) {
            int n = grid.extent(d);
            perLine[d] = n == 1 ? 0 : !grid.wraps() ? n - 1 : n == 2 ? 1 : n;
            offset[d] = (int) total;
            total += (long) perLine[d] * (grid.size() / n);
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many links: " + total + " on " + grid.spec());
        }
        offset[3] = (int) total;
    }

    public GridTopology grid() {
        return grid;
    }

    /** Number of links; ids are 0..size()-1. */
    public int size() {
        return offset[3];
    }

    /**
     * The link from {@code node} to its +1 neighbour along {@code dim} (wrapping on a torus), or -1
     * when there is none (the last node of a mesh line, or extent 1). On a torus of extent 2 both
     * nodes of a line answer its one link, so {@code from(link(node, dim))} is then not always
     * {@code node}.
     */
    public int link(int node, int dim) {
        int n = grid.extent(dim);
        int c = grid.coordinate(node, dim);
        if (perLine[dim] == 0 || (!grid.wraps() && c == n - 1)) {
            return -1;
        }
        int position = n == 2 && grid.wraps() ? 0 : c;
        return offset[dim] + position + perLine[dim] * line(node, dim);
    }

    /**
     * The link joining neighbouring nodes {@code a} and {@code b}, in either order, or -1 when they
     * are not neighbours (or are the same node). For naming a link by its ends, as in
     * {@code fail link 3-4}.
     *
     * @throws IllegalArgumentException if either node is not on the grid
     */
    public int between(int a, int b) {
        for (int node : new int[] {a, b}) {
            if (node < 0 || node >= grid.size()) {
                throw new IllegalArgumentException("no node " + node + " on " + grid.spec());
            }
        }
        for (int d = 0; d < 3; d++) {
            int ca = grid.coordinate(a, d);
            int cb = grid.coordinate(b, d);
            if (ca == cb) {
                continue;
            }
            int stride = stride(d);
            // Neighbours differ in exactly one coordinate, by one step (wrapping on a torus).
            if (a - ca * stride != b - cb * stride) {
                return -1;
            }
            if (cb == next(ca, d)) {
                return link(a, d);
            }
            return ca == next(cb, d) ? link(b, d) : -1;
        }
        return -1;
    }

    /** The coordinate one step up along {@code dim}: wraps on a torus, may leave a mesh. */
    private int next(int c, int dim) {
        return grid.wraps() ? (c + 1) % grid.extent(dim) : c + 1;
    }

    /** The node whose +1 neighbour along the link's dimension is {@link #to(int)}: the lower one, except on a torus's wrap-around link. */
    public int from(int link) {
        int d = dim(link);
        int r = link - offset[d];
        int position = r % perLine[d];
        int line = r / perLine[d];
        int x = grid.extent(0);
        int y = grid.extent(1);
        return switch (d) {
            case 0 -> grid.node(position, line % y, line / y);
            case 1 -> grid.node(line % x, position, line / x);
            default -> grid.node(line % x, line / x, position);
        };
    }

    /** The other end: the +1 neighbour of {@link #from(int)} along {@link #dim(int)}, wrapping on a torus. */
    public int to(int link) {
        int d = dim(link);
        int from = from(link);
        int n = grid.extent(d);
        int c = grid.coordinate(from, d);
        return from + ((c + 1) % n - c) * stride(d);
    }

    /** How far apart node ids are along {@code dim}. */
    private int stride(int dim) {
        return dim == 0 ? 1 : dim == 1 ? grid.extent(0) : grid.extent(0) * grid.extent(1);
    }

    /** The dimension the link runs along: 0 = x, 1 = y, 2 = z. */
    public int dim(int link) {
        if (link < 0 || link >= size()) {
            throw new IllegalArgumentException("no link " + link + " on " + grid.spec() + " (" + size() + " links)");
        }
        return link < offset[1] ? 0 : link < offset[2] ? 1 : 2;
    }

    /** The link's ends as coordinates, e.g. {@code (3,0,0)-(4,0,0)}; two coordinates on a 2D grid. */
    public String describe(int link) {
        return coordinates(from(link)) + "-" + coordinates(to(link));
    }

    private String coordinates(int node) {
        StringBuilder sb = new StringBuilder().append('(').append(grid.x(node)).append(',').append(grid.y(node));
        if (grid.dimensions() == 3) {
            sb.append(',').append(grid.z(node));
        }
        return sb.append(')').toString();
    }

    /** The node id with dimension {@code dim}'s coordinate removed. */
    private int line(int node, int dim) {
        int x = grid.extent(0);
        return switch (dim) {
            case 0 -> node / x;
            case 1 -> grid.x(node) + x * grid.z(node);
            default -> node % (x * grid.extent(1));
        };
    }
}
