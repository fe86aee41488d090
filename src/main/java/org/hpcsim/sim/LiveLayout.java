package org.hpcsim.sim;

import org.hpcsim.network.LinkMap;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.Topology;

/**
 * Where a live view draws a run's nodes: the machine on its own grid (a mesh or torus plane by plane, a
 * line, or a bag of nodes in rows), its links between node cells under the links model, and the room
 * (rows of racks, top slot first) when it is modelled. Cells are integer columns and rows.
 *
 * @param machine   the machine's spec, e.g. {@code mesh:16x8}
 * @param x         each node's column on the machine map
 * @param y         each node's row on the machine map
 * @param linkFrom  each link's first node (links model), else empty
 * @param linkTo    each link's second node
 * @param roomX     each node's column in the room, or null without a room
 * @param roomY     each node's row in the room
 */
public record LiveLayout(String machine, String kind, int nodes, int width, int height, int[] x, int[] y,
                         int[] linkFrom, int[] linkTo, int roomWidth, int roomHeight, int[] roomX, int[] roomY) {

    /** The layout of a machine, its links (or null) and its room (or null). */
    public static LiveLayout of(Topology topology, LinkMap links, RoomLayout room) {
        int n = topology.size();
        int[] x = new int[n];
        int[] y = new int[n];
        int width;
        int height;
        String kind;
        GridTopology grid = topology.grid().orElse(null);
        if (grid != null) {
            kind = grid.wraps() ? "torus" : "mesh";
            int cols = grid.extent(0);
            int rows = grid.dimensions() > 1 ? grid.extent(1) : 1;
            int planes = grid.dimensions() > 2 ? grid.extent(2) : 1;
            for (int i = 0; i < n; i++) {
                // Planes side by side with a gap column between them.
                x[i] = grid.x(i) + (grid.dimensions() > 2 ? grid.z(i) * (cols + 1) : 0);
                y[i] = grid.dimensions() > 1 ? grid.y(i) : 0;
            }
            width = planes * cols + planes - 1;
            height = rows;
        } else if (topology.line().isPresent()) {
            kind = "line";
            for (int i = 0; i < n; i++) {
                x[i] = topology.line().get().position(i);
            }
            width = topology.line().get().length();
            height = 1;
        } else {
            kind = "nodes";
            int cols = (int) Math.ceil(Math.sqrt(n));
            for (int i = 0; i < n; i++) {
                x[i] = i % cols;
                y[i] = i / cols;
            }
            width = cols;
            height = (n + cols - 1) / cols;
        }
        // On a line the links join positions, I/O nodes included, not compute node ids: not drawn.
        int linkCount = links == null || grid == null ? 0 : links.size();
        int[] from = new int[linkCount];
        int[] to = new int[linkCount];
        for (int l = 0; l < linkCount; l++) {
            from[l] = links.from(l);
            to[l] = links.to(l);
        }
        int[] rx = null;
        int[] ry = null;
        int rw = 0;
        int rh = 0;
        if (room != null) {
            rx = new int[n];
            ry = new int[n];
            int per = room.nodesPerRack();
            for (int i = 0; i < n && i < room.nodes(); i++) {
                rx[i] = room.rack(i);
                ry[i] = room.row(i) * (per + 1) + (per - 1 - room.slot(i));
            }
            rw = room.racksPerRow();
            rh = room.rows() * (per + 1) - 1;
        }
        return new LiveLayout(topology.spec(), kind, n, Math.max(1, width), Math.max(1, height), x, y, from, to,
                rw, rh, rx, ry);
    }
}
