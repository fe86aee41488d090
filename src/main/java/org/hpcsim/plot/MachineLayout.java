package org.hpcsim.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.topology.Topology;

/**
 * Where each node of a machine is drawn on a map: a 2-D mesh or torus as its grid (x across, y up),
 * a 3-D one as its z-planes, one panel each; a line (compute and I/O nodes in their order) or a bag
 * of nodes as rows of cells read left to right, bottom to top.
 */
final class MachineLayout {
    /** Up to this many places, a line or a bag of nodes is drawn as a single row. */
    private static final int ONE_ROW = 64;

    /** Cells per panel across and up. */
    final int width;
    final int height;
    /** The panels' names (z-planes), null for one panel. */
    final List<String> panelNames;
    /** Panel and coordinates within it of each compute node, then of each I/O node of a line. */
    final int[] panel;
    final int[] x;
    final int[] y;
    /** Compute nodes; the cells after them are I/O nodes. */
    final int nodes;
    final String xTitle;
    final String yTitle;

    private MachineLayout(int width, int height, List<String> panelNames, int[] panel, int[] x, int[] y, int nodes,
                          String xTitle, String yTitle) {
        this.width = width;
        this.height = height;
        this.panelNames = panelNames;
        this.panel = panel;
        this.x = x;
        this.y = y;
        this.nodes = nodes;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
    }

    static MachineLayout of(Topology t) {
        return t.grid().map(MachineLayout::grid)
                .or(() -> t.line().map(MachineLayout::line))
                .orElseGet(() -> rows(t.size(), t.size(), node -> node, new int[0], "node id"));
    }

    private static MachineLayout line(LineTopology line) {
        int[] io = new int[line.ioCount()];
        for (int k = 0; k < io.length; k++) {
            io[k] = line.ioPosition(k);
        }
        return rows(line.size(), line.length(), line::position, io, "line position");
    }

    private static MachineLayout grid(GridTopology g) {
        int n = g.size();
        int[] panel = new int[n];
        int[] x = new int[n];
        int[] y = new int[n];
        for (int node = 0; node < n; node++) {
            panel[node] = g.z(node);
            x[node] = g.x(node);
            y[node] = g.y(node);
        }
        List<String> names = null;
        if (g.extent(2) > 1) {
            names = new ArrayList<>();
            for (int z = 0; z < g.extent(2); z++) {
                names.add("z = " + z);
            }
        }
        return new MachineLayout(g.extent(0), g.extent(1), names, panel, x, y, n, "x (node coordinate)",
                "y (node coordinate)");
    }

    /**
     * {@code places} places, node i at {@code position(i)} and I/O node k at {@code io[k]}, in one row
     * up to {@value #ONE_ROW} places, else in rows of the multiple of 8 at or above sqrt(2 x places),
     * about twice as wide as high.
     */
    private static MachineLayout rows(int nodes, int places, IntUnaryOperator position, int[] io, String what) {
        int w = places <= ONE_ROW ? places : (int) Math.ceil(Math.sqrt(2.0 * places) / 8) * 8;
        int h = (places + w - 1) / w;
        int n = nodes + io.length;
        int[] x = new int[n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            int p = i < nodes ? position.applyAsInt(i) : io[i - nodes];
            x[i] = p % w;
            y[i] = p / w;
        }
        return new MachineLayout(w, h, null, new int[n], x, y, nodes, h == 1 ? what : what + " mod " + w,
                h == 1 ? "row" : what + " ÷ " + w + " (rounded down)");
    }

    /**
     * For each compute node, the compute nodes drawn next to it (left, right, below, above in its
     * panel): the nodes whose colours a reader compares.
     */
    int[][] drawnNeighbours() {
        java.util.Map<Long, Integer> at = new java.util.HashMap<>();
        for (int i = 0; i < nodes; i++) {
            at.put(key(panel[i], x[i], y[i]), i);
        }
        int[][] out = new int[nodes][];
        int[][] steps = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int i = 0; i < nodes; i++) {
            int[] found = new int[4];
            int k = 0;
            for (int[] d : steps) {
                Integer n = at.get(key(panel[i], x[i] + d[0], y[i] + d[1]));
                if (n != null) {
                    found[k++] = n;
                }
            }
            out[i] = java.util.Arrays.copyOf(found, k);
        }
        return out;
    }

    private static long key(int panel, int x, int y) {
        return ((long) panel << 42) ^ ((long) (x + 1) << 21) ^ (y + 1);
    }

    /** The cells with each one's category: {@code category[i]} for compute node i, {@code ioCategory} for I/O nodes. */
    CellMap.Cells cells(int[] nodeCategory, int ioCategory) {
        int[] category = java.util.Arrays.copyOf(nodeCategory, panel.length);
        java.util.Arrays.fill(category, nodes, panel.length, ioCategory);
        return new CellMap.Cells(panel, x, y, category);
    }

    /** A map of the machine; {@code marks} over compute nodes ({@code marked} indexed by node id). */
    Figure figure(String title, int[] nodeCategory, int ioCategory, List<CellMap.Category> categories,
                  List<CellMap.Mark> marks) {
        List<CellMap.Mark> cellMarks = new ArrayList<>();
        for (CellMap.Mark m : marks) {
            cellMarks.add(new CellMap.Mark(m.name(), m.color(), java.util.Arrays.copyOf(m.marked(), panel.length)));
        }
        return CellMap.figure(title, xTitle, yTitle, width, height, panelNames, cells(nodeCategory, ioCategory),
                categories, cellMarks);
    }
}
