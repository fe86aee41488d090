package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.Job;

/**
 * The Multiple Buddy Strategy of Lo, Windisch, Liu and Nitzberg (1997), as SST uses it: the grid is
 * cut into buddy blocks, squares of side 2^i on a 2D machine and cubes on a 3D one, and a job gets
 * a set of blocks that together hold exactly its k nodes, found from k written in base 4 (2D) or 8
 * (3D). It keeps some locality without the external fragmentation of contiguous allocation: it
 * always succeeds when k nodes are free.
 *
 * <p>The machine is first partitioned into initial blocks: in ascending node id, each node not yet
 * covered starts the largest 2^i block that fits inside the mesh and covers only uncovered nodes.
 * For k = sum of d_i (2^dim)^i, from the highest level down, each of the d_i blocks of level i is the
 * free level-i block of lowest base node id; if there is none, the smallest larger free block (lowest
 * base id among those) is split into its 2^dim buddies in ascending base id, the first kept for the
 * request and the rest freed, down to level i; if no larger free block exists either, the level-i
 * requests become 2^dim times as many requests of level i - 1. A torus is treated as the mesh:
 * blocks do not wrap.
 *
 * <p>The buddy system merges buddies eagerly on release, so its free blocks are exactly the maximal
 * buddy-aligned blocks within the initial blocks that are entirely free. This class derives them
 * from the machine on every call rather than keeping a block tree: O(N) per call with the busy
 * counts of {@link GridOccupancy} (plus O(k log k) to sort the answer), and it stays right whatever
 * else marks nodes busy.
 */
public final class MbsAllocator implements Allocator {
    private final MachineState machine;
    private final GridTopology grid;
    private final int nx;
    private final int plane;
    private final boolean cubes;
    /** Buddies per block: 4 (2D) or 8 (3D). */
    private final int buddies;
    private final GridOccupancy occupancy;
    private final int[] initialBase;
    private final int[] initialLevel;
    /** Scratch for one call: the free blocks of each level by base node id, read from head[level]. */
    private final int[][] free;
    private final int[] head;
    private final int[] tail;

    /** @throws IllegalArgumentException if the machine is not a mesh or torus */
    public MbsAllocator(MachineState machine) {
        if (!(machine.topology() instanceof GridTopology g)) {
            throw new IllegalArgumentException("the mbs allocator needs a mesh or torus machine, not "
                    + machine.topology().spec());
        }
        this.machine = machine;
        this.grid = g;
        this.nx = g.extent(0);
        this.plane = g.extent(0) * g.extent(1);
        this.cubes = g.dimensions() == 3;
        this.buddies = cubes ? 8 : 4;
        this.occupancy = new GridOccupancy(machine, g);

        int n = g.size();
        boolean[] covered = new boolean[n];
        int[] base = new int[n];
        int[] level = new int[n];
        int count = 0;
        int maxLevel = 0;
        for (int node = 0; node < n; node++) {
            if (covered[node]) {
                continue;
            }
            int x = g.x(node);
            int y = g.y(node);
            int z = g.z(node);
            int room = Math.min(g.extent(0) - x, g.extent(1) - y);
            if (cubes) {
                room = Math.min(room, g.extent(2) - z);
            }
            int l = 31 - Integer.numberOfLeadingZeros(room);
            while (anyCovered(covered, node, l)) {
                l--;
            }
            markCovered(covered, node, l);
            base[count] = node;
            level[count] = l;
            count++;
            maxLevel = Math.max(maxLevel, l);
        }
        this.initialBase = Arrays.copyOf(base, count);
        this.initialLevel = Arrays.copyOf(level, count);
        this.free = new int[maxLevel + 1][];
        for (int l = 0; l <= maxLevel; l++) {
            free[l] = new int[(n >> (l * (cubes ? 3 : 2))) + buddies];
        }
        this.head = new int[maxLevel + 1];
        this.tail = new int[maxLevel + 1];
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (nodes > machine.freeCount()) {
            return null;
        }
        findFreeBlocks();
        int top = 0;
        for (long size = buddies; size <= nodes; size *= buddies) {
            top++;
        }
        int[] need = new int[top + 1];
        for (int l = 0, rest = nodes; l <= top; l++, rest /= buddies) {
            need[l] = rest % buddies;
        }
        int[] chosen = new int[nodes];
        int filled = 0;
        for (int l = top; l >= 0; l--) {
            while (need[l] > 0) {
                int larger = l;
                while (larger < free.length && head[larger] == tail[larger]) {
                    larger++;
                }
                if (larger == free.length) {
                    need[l - 1] += buddies * need[l];
                    need[l] = 0;
                    break;
                }
                int block = free[larger][head[larger]++];
                for (int m = larger; m > l; m--) {
                    split(block, m);
                }
                filled = take(block, l, chosen, filled);
                need[l]--;
            }
        }
        Arrays.sort(chosen);
        return chosen;
    }

    /** Fills the free lists with the maximal entirely free buddy blocks, each level by base id. */
    private void findFreeBlocks() {
        occupancy.refresh();
        Arrays.fill(head, 0);
        Arrays.fill(tail, 0);
        for (int i = 0; i < initialBase.length; i++) {
            collect(initialBase[i], initialLevel[i]);
        }
        for (int l = 0; l < free.length; l++) {
            Arrays.sort(free[l], 0, tail[l]);
        }
    }

    private void collect(int block, int level) {
        int side = 1 << level;
        int x = grid.x(block);
        int y = grid.y(block);
        int z = grid.z(block);
        if (occupancy.busy(x, x + side, y, y + side, z, z + (cubes ? side : 1)) == 0) {
            free[level][tail[level]++] = block;
        } else if (level > 0) {
            int half = side / 2;
            for (int i = 0; i < buddies; i++) {
                collect(buddy(block, half, i), level - 1);
            }
        }
    }

    /**
     * Splits a block of the given level: its buddies after the first, all of which lie in an empty
     * free list (every level between the request's and the split block's is empty), join the list in
     * ascending base id; the first buddy, with the block's own base, goes on to the request.
     */
    private void split(int block, int level) {
        int half = 1 << (level - 1);
        head[level - 1] = 0;
        tail[level - 1] = 0;
        for (int i = 1; i < buddies; i++) {
            free[level - 1][tail[level - 1]++] = buddy(block, half, i);
        }
    }

    /** Base of the i-th buddy (0..buddies-1, ascending base id) of a block of side 2 * half. */
    private int buddy(int block, int half, int i) {
        return block + half * ((i & 1) + nx * ((i >> 1) & 1) + plane * (i >> 2));
    }

    private int take(int block, int level, int[] chosen, int filled) {
        int side = 1 << level;
        int depth = cubes ? side : 1;
        for (int dz = 0; dz < depth; dz++) {
            for (int dy = 0; dy < side; dy++) {
                int row = block + nx * dy + plane * dz;
                for (int dx = 0; dx < side; dx++) {
                    chosen[filled++] = row + dx;
                }
            }
        }
        return filled;
    }

    private boolean anyCovered(boolean[] covered, int block, int level) {
        int side = 1 << level;
        int depth = cubes ? side : 1;
        for (int dz = 0; dz < depth; dz++) {
            for (int dy = 0; dy < side; dy++) {
                int row = block + nx * dy + plane * dz;
                for (int dx = 0; dx < side; dx++) {
                    if (covered[row + dx]) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private void markCovered(boolean[] covered, int block, int level) {
        int side = 1 << level;
        int depth = cubes ? side : 1;
        for (int dz = 0; dz < depth; dz++) {
            for (int dy = 0; dy < side; dy++) {
                int row = block + nx * dy + plane * dz;
                Arrays.fill(covered, row, row + side, true);
            }
        }
    }
}
