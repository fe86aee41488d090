package org.hpcsim.allocation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * Contiguous allocation on a mesh or torus: the job gets the first entirely free submesh (subtorus)
 * of near-square shape, and a job that cannot be placed contiguously waits (null).
 *
 * <p>The candidate shapes are the boxes a x b (x c) that fit in the machine and hold at least k
 * nodes, tried from the most compact: smallest longest side first, then smallest volume, then the
 * larger x extent, then the larger y extent. The first shape with an entirely free placement wins,
 * at the placement whose base corner has the lowest node id; on a torus a placement may wrap around
 * in every dimension where the box is shorter than the machine. The job takes the first k nodes of
 * the box in its own row-major order (x fastest, then y, then z), a connected set.
 *
 * <p>Only minimal shapes are tried, those where shrinking any side by one leaves fewer than k nodes.
 * That gives the same answer as trying them all: a free box contains, at the same corner, a minimal
 * box that is free too and comes earlier in the order (no longer a side, strictly smaller volume).
 * A 2D machine has at most X minimal shapes per size, a 3D one at most X Y; they are worked out
 * once per job size. Busy nodes are counted from a summed-area table ({@link GridOccupancy}) rebuilt
 * only when the machine changed, so a placement test is O(1) and a call costs O(N + S N) for S
 * minimal shapes, less when an early shape fits, and O(1) for a job no smaller than one already
 * found unplaceable in the same or a busier machine.
 */
public final class ContiguousAllocator implements Allocator, AvailabilityListener {
    private final MachineState machine;
    private final GridTopology grid;
    private final int nx;
    private final int ny;
    private final int nz;
    private final boolean wraps;
    private final GridOccupancy occupancy;
    /** Minimal shapes per job size, as (a, b, c) triples in preference order; filled on first use. */
    private final int[][] shapesBySize;
    /**
     * The smallest job size found unplaceable since nodes were last freed. A free box for a larger job
     * would hold this one too, so larger jobs are refused at once; busier nodes cannot change that.
     */
    private int smallestUnplaceable = Integer.MAX_VALUE;

    /** @throws IllegalArgumentException if the machine is not a mesh or torus */
    public ContiguousAllocator(MachineState machine) {
        GridTopology g = machine.topology().grid().orElseThrow(() -> new IllegalArgumentException(
                "the contiguous allocator needs a mesh or torus machine, not " + machine.topology().spec()));
        this.machine = machine;
        this.grid = g;
        this.nx = g.extent(0);
        this.ny = g.extent(1);
        this.nz = g.extent(2);
        this.wraps = g.wraps();
        this.occupancy = new GridOccupancy(machine, g);
        this.shapesBySize = new int[g.size() + 1][];
        machine.addListener(this);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (nodes > machine.freeCount() || nodes >= smallestUnplaceable) {
            return null;
        }
        if (nodes == 0) {
            return new int[0];
        }
        occupancy.refresh();
        int[] shapes = shapes(nodes);
        for (int s = 0; s < shapes.length; s += 3) {
            int a = shapes[s];
            int b = shapes[s + 1];
            int c = shapes[s + 2];
            int lastX = wraps && a < nx ? nx - 1 : nx - a;
            int lastY = wraps && b < ny ? ny - 1 : ny - b;
            int lastZ = wraps && c < nz ? nz - 1 : nz - c;
            for (int z = 0; z <= lastZ; z++) {
                for (int y = 0; y <= lastY; y++) {
                    for (int x = 0; x <= lastX; x++) {
                        if (busy(x, x + a, y, y + b, z, z + c) == 0) {
                            return firstNodes(x, y, z, a, b, nodes);
                        }
                    }
                }
            }
        }
        smallestUnplaceable = nodes;
        return null;
    }

    @Override
    public void unavailable(int[] nodes) {
        // A busier machine places no job it could not place before: known failures stand.
    }

    @Override
    public void available(int[] nodes) {
        smallestUnplaceable = Integer.MAX_VALUE;
    }

    /** Busy nodes in a box that may run past the far edge of a dimension and wrap to coordinate 0. */
    private int busy(int x0, int x1, int y0, int y1, int z0, int z1) {
        if (x1 > nx) {
            return busy(x0, nx, y0, y1, z0, z1) + busy(0, x1 - nx, y0, y1, z0, z1);
        }
        if (y1 > ny) {
            return busy(x0, x1, y0, ny, z0, z1) + busy(x0, x1, 0, y1 - ny, z0, z1);
        }
        if (z1 > nz) {
            return busy(x0, x1, y0, y1, z0, nz) + busy(x0, x1, y0, y1, 0, z1 - nz);
        }
        return occupancy.busy(x0, x1, y0, y1, z0, z1);
    }

    /** The first k nodes of the box at (x0, y0, z0) with x extent a and y extent b, row-major, sorted. */
    private int[] firstNodes(int x0, int y0, int z0, int a, int b, int k) {
        int[] chosen = new int[k];
        for (int i = 0; i < k; i++) {
            int dx = i % a;
            int dy = (i / a) % b;
            int dz = i / (a * b);
            chosen[i] = grid.node((x0 + dx) % nx, (y0 + dy) % ny, (z0 + dz) % nz);
        }
        Arrays.sort(chosen);
        return chosen;
    }

    private int[] shapes(int k) {
        int[] cached = shapesBySize[k];
        if (cached != null) {
            return cached;
        }
        List<int[]> found = new ArrayList<>();
        for (int a = 1; a <= nx; a++) {
            // b beyond ceil(k / a) would leave a full row to spare; below ceil(k / (a nz)) too few nodes.
            int bLast = Math.min(ny, ceilDiv(k, a));
            for (int b = ceilDiv(k, a * nz); b <= bLast; b++) {
                int c = ceilDiv(k, a * b);
                if (c <= nz && (long) (a - 1) * b * c < k && (long) a * (b - 1) * c < k) {
                    found.add(new int[] {a, b, c});
                }
            }
        }
        found.sort(Comparator.<int[]>comparingInt(s -> Math.max(s[0], Math.max(s[1], s[2])))
                .thenComparingLong(s -> (long) s[0] * s[1] * s[2])
                .thenComparingInt(s -> -s[0])
                .thenComparingInt(s -> -s[1]));
        int[] shapes = new int[3 * found.size()];
        for (int i = 0; i < found.size(); i++) {
            System.arraycopy(found.get(i), 0, shapes, 3 * i, 3);
        }
        shapesBySize[k] = shapes;
        return shapes;
    }

    private static int ceilDiv(int a, long b) {
        return (int) ((a + b - 1) / b);
    }

    /** Nothing: its state follows from the machine's free nodes. */
    @Override
    public void writeState(org.hpcsim.kernel.StateDigest out) {
    }
}
