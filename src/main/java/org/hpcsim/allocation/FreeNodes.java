package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;

/**
 * The free nodes of a grid machine at one moment, by index in ascending id order, with their
 * coordinates: the allocators that compare or swap whole node sets work on these flat arrays so
 * that a hop distance is a few subtractions, not divisions by the extents.
 */
final class FreeNodes {
    final int count;
    final int[] id;
    private final int[] x;
    private final int[] y;
    private final int[] z;
    private final int extentX;
    private final int extentY;
    private final int extentZ;
    private final boolean wraps;

    FreeNodes(MachineState machine, GridTopology grid) {
        count = machine.freeCount();
        id = new int[count];
        x = new int[count];
        y = new int[count];
        z = new int[count];
        int i = 0;
        for (int node = machine.nextFree(0); node >= 0; node = machine.nextFree(node + 1)) {
            id[i] = node;
            x[i] = grid.x(node);
            y[i] = grid.y(node);
            z[i] = grid.z(node);
            i++;
        }
        extentX = grid.extent(0);
        extentY = grid.extent(1);
        extentZ = grid.extent(2);
        wraps = grid.wraps();
    }

    /** Hop distance between the free nodes at indices i and j (the topology's distance). */
    int distance(int i, int j) {
        return axis(x[i] - x[j], extentX) + axis(y[i] - y[j], extentY) + axis(z[i] - z[j], extentZ);
    }

    private int axis(int diff, int extent) {
        int d = Math.abs(diff);
        return wraps ? Math.min(d, extent - d) : d;
    }

    /** Index of a free node by id (the node must be free). */
    int indexOf(int node) {
        return Arrays.binarySearch(id, node);
    }

    /** Node ids of the given indices, ascending. */
    int[] ids(int[] indices) {
        int[] nodes = new int[indices.length];
        for (int i = 0; i < indices.length; i++) {
            nodes[i] = id[indices[i]];
        }
        Arrays.sort(nodes);
        return nodes;
    }

    /**
     * The machine's grid, for allocators that need node coordinates.
     *
     * @throws IllegalArgumentException naming the policy when the machine is not a mesh or torus
     */
    static GridTopology grid(MachineState machine, String policy) {
        return machine.topology().grid().orElseThrow(() -> new IllegalArgumentException("allocator '" + policy
                + "' needs a mesh or torus machine (mesh:XxY[xZ] or torus:XxY[xZ]), got " + machine.topology().spec()));
    }

    /**
     * Whether a request for {@code nodes} nodes can be placed at all: false when more nodes are asked
     * than are free.
     *
     * @throws IllegalArgumentException for a negative count
     */
    static boolean placeable(MachineState machine, int nodes) {
        if (nodes < 0) {
            throw new IllegalArgumentException("cannot allocate a negative number of nodes: " + nodes);
        }
        return nodes <= machine.freeCount();
    }
}
