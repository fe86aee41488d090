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
 * buddy-aligned blocks within the initial blocks that are entirely free. This class derives them on
 * every call rather than keeping free lists between calls, so it stays right whatever else marks
 * nodes busy: it keeps the number of free nodes of every buddy block (O(log N) per node to update
 * when the machine changes) and walks the blocks from the initial ones, stopping at entirely free
 * and entirely busy blocks. A call costs O(V + B log B + k log k) for V blocks visited (partly free
 * ones and their children, at most 4N/3) and B free blocks found.
 */
public final class MbsAllocator implements Allocator, AvailabilityListener {
    private final MachineState machine;
    private final int nx;
    private final int plane;
    private final boolean cubes;
    /** Bits of the node count per level: a level-l block holds 1 << (levelBits * l) nodes. */
    private final int levelBits;
    /** Buddies per block: 4 (2D) or 8 (3D). */
    private final int buddies;

    /** The initial blocks, ascending base node id. */
    private final int[] roots;
    private final int[] rootLevel;
    /** The buddy tree: per block its base node, first of its buddies-many children, parent (-1 at a root). */
    private final int[] blockBase;
    private final int[] firstChild;
    private final int[] parent;
    private final int[] freeIn;
    /** The level-0 block of each node. */
    private final int[] leaf;

    /** Scratch for one call: the free blocks of each level by base node id, read from head[level]. */
    private final int[][] free;
    private final int[] head;
    private final int[] tail;

    /** @throws IllegalArgumentException if the machine is not a mesh or torus */
    public MbsAllocator(MachineState machine) {
        GridTopology g = machine.topology().grid().orElseThrow(() -> new IllegalArgumentException(
                "the mbs allocator needs a mesh or torus machine, not " + machine.topology().spec()));
        this.machine = machine;
        this.nx = g.extent(0);
        this.plane = g.extent(0) * g.extent(1);
        this.cubes = g.dimensions() == 3;
        this.levelBits = cubes ? 3 : 2;
        this.buddies = 1 << levelBits;

        int n = g.size();
        boolean[] covered = new boolean[n];
        int[] base = new int[n];
        int[] level = new int[n];
        int count = 0;
        int maxLevel = 0;
        int blocks = 0;
        for (int node = 0; node < n; node++) {
            if (covered[node]) {
                continue;
            }
            int room = Math.min(g.extent(0) - g.x(node), g.extent(1) - g.y(node));
            if (cubes) {
                room = Math.min(room, g.extent(2) - g.z(node));
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
            for (int depth = 0; depth <= l; depth++) {
                blocks += 1 << (levelBits * depth);
            }
        }
        this.roots = new int[count];
        this.rootLevel = Arrays.copyOf(level, count);
        this.blockBase = new int[blocks];
        this.firstChild = new int[blocks];
        this.parent = new int[blocks];
        this.freeIn = new int[blocks];
        this.leaf = new int[n];
        int next = 0;
        for (int i = 0; i < count; i++) {
            roots[i] = next;
            blockBase[next] = base[i];
            parent[next] = -1;
            next = buildTree(next, level[i], next + 1);
        }
        for (int node = machine.nextFree(0); node >= 0; node = machine.nextFree(node + 1)) {
            for (int b = leaf[node]; b >= 0; b = parent[b]) {
                freeIn[b]++;
            }
        }

        this.free = new int[maxLevel + 1][];
        for (int l = 0; l <= maxLevel; l++) {
            free[l] = new int[(n >> (levelBits * l)) + buddies];
        }
        this.head = new int[maxLevel + 1];
        this.tail = new int[maxLevel + 1];
        machine.addListener(this);
    }

    /** Gives the subtree of block b (of the given level) ids from next on, children together; returns the next free id. */
    private int buildTree(int b, int level, int next) {
        if (level == 0) {
            leaf[blockBase[b]] = b;
            return next;
        }
        int half = 1 << (level - 1);
        int first = next;
        firstChild[b] = first;
        next += buddies;
        for (int i = 0; i < buddies; i++) {
            blockBase[first + i] = buddy(blockBase[b], half, i);
            parent[first + i] = b;
            next = buildTree(first + i, level - 1, next);
        }
        return next;
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

    /** Fills the free lists with the base nodes of the maximal entirely free buddy blocks, each level sorted. */
    private void findFreeBlocks() {
        Arrays.fill(head, 0);
        Arrays.fill(tail, 0);
        for (int i = 0; i < roots.length; i++) {
            collect(roots[i], rootLevel[i]);
        }
        for (int l = 0; l < free.length; l++) {
            Arrays.sort(free[l], 0, tail[l]);
        }
    }

    private void collect(int b, int level) {
        if (freeIn[b] == 1 << (levelBits * level)) {
            free[level][tail[level]++] = blockBase[b];
        } else if (freeIn[b] > 0) {
            for (int i = 0; i < buddies; i++) {
                collect(firstChild[b] + i, level - 1);
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

    /** Base node of the i-th buddy (0..buddies-1, ascending base id) of a block of side 2 * half. */
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

    @Override
    public void unavailable(int[] nodes) {
        for (int node : nodes) {
            for (int b = leaf[node]; b >= 0; b = parent[b]) {
                freeIn[b]--;
            }
        }
    }

    @Override
    public void available(int[] nodes) {
        for (int node : nodes) {
            for (int b = leaf[node]; b >= 0; b = parent[b]) {
                freeIn[b]++;
            }
        }
    }
}
