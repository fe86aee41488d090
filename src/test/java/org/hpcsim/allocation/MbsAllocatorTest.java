package org.hpcsim.allocation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.topology.TorusTopology;
import org.junit.jupiter.api.Test;

class MbsAllocatorTest {

    private static MachineState machine(GridTopology t, int... busy) {
        MachineState m = new MachineState(t);
        m.occupy(busy);
        return m;
    }

    @Test
    void fiveNodesOnAnEmpty4x4AreOne2x2BlockAndOneNode() {
        // 5 = 1*4 + 1*1. The 4x4 splits into 2x2 blocks at 0, 2, 8, 10; the one at 0 is taken; the 1x1
        // request then splits the 2x2 at 2 and takes node 2.
        MbsAllocator a = new MbsAllocator(machine(new MeshTopology(4, 4)));
        assertArrayEquals(new int[] {0, 1, 2, 4, 5}, a.allocate(null, 5));
    }

    @Test
    void initialBlocksAreTheLargestPowerOfTwoSquaresInNodeIdOrder() {
        // 6x5: a 4x4 at 0, 2x2s at 4 and 16, and the top row y = 4 as 1x1 blocks 24..29.
        MbsAllocator a = new MbsAllocator(machine(new MeshTopology(6, 5)));
        // 5 = one 2x2 (the free one of lowest base, 4) + one 1x1 (24, no split needed).
        assertArrayEquals(new int[] {4, 5, 10, 11, 24}, a.allocate(null, 5));
        // 17 = one 4x4 + one 1x1.
        assertArrayEquals(new int[] {0, 1, 2, 3, 6, 7, 8, 9, 12, 13, 14, 15, 18, 19, 20, 21, 24},
                a.allocate(null, 17));
        // With node 0 busy, 8 = two 2x2 requests: the free 2x2 blocks of lowest base, 2 (inside the 4x4) and 4.
        assertArrayEquals(new int[] {2, 3, 4, 5, 8, 9, 10, 11},
                new MbsAllocator(machine(new MeshTopology(6, 5), 0)).allocate(null, 8));
    }

    @Test
    void splitsTheSmallestLargerFreeBlock() {
        // 6x4: a 4x4 at 0 and 2x2s at 4 and 16. One node comes from splitting the 2x2 at 4, not the 4x4.
        MbsAllocator a = new MbsAllocator(machine(new MeshTopology(6, 4)));
        assertArrayEquals(new int[] {4}, a.allocate(null, 1));
    }

    @Test
    void buddiesLeftOverFromASplitServeTheNextRequest() {
        MachineState m = machine(new MeshTopology(4, 4));
        MbsAllocator a = new MbsAllocator(m);
        // 4x4 -> 2x2s at 0, 2, 8, 10 -> the one at 0 into nodes 0, 1, 4, 5: node 0.
        assertArrayEquals(new int[] {0}, a.allocate(null, 1));
        m.allocate(new int[] {0}, 0);
        assertArrayEquals(new int[] {1}, a.allocate(null, 1));
        assertArrayEquals(new int[] {2, 3, 6, 7}, a.allocate(null, 4));
        m.release(new int[] {0});
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, a.allocate(null, 16),
                "buddies merge again once all are free");
    }

    @Test
    void aRequestWithNoBlockLargeEnoughBreaksIntoSmallerRequests() {
        // One busy node in each 2x2 quadrant: a 2x2 request becomes four 1x1 requests.
        MbsAllocator a = new MbsAllocator(machine(new MeshTopology(4, 4), 0, 2, 8, 10));
        assertArrayEquals(new int[] {1, 3, 4, 5}, a.allocate(null, 4));
        assertArrayEquals(new int[] {1, 3, 4, 5, 6, 7, 9, 11, 12, 13, 14, 15}, a.allocate(null, 12));
        assertNull(a.allocate(null, 13));
    }

    @Test
    void inThreeDimensionsTheBlocksAreCubesAndTheRequestIsInBase8() {
        // 9 = 1*8 + 1: the 2x2x2 cube at 0, then node 2 from splitting the cube at 2.
        MbsAllocator a = new MbsAllocator(machine(new MeshTopology(4, 4, 4)));
        assertArrayEquals(new int[] {0, 1, 2, 4, 5, 16, 17, 20, 21}, a.allocate(null, 9));
    }

    @Test
    void onATorusBlocksDoNotWrap() {
        // Torus 4x2: 2x2 blocks at 0 and 2, each holding a busy node. The 2x2 over x = 3 and x = 0
        // ({0, 3, 4, 7}) is free only by wrapping around, so the request becomes four single nodes.
        MbsAllocator a = new MbsAllocator(machine(new TorusTopology(4, 2), 1, 6));
        assertArrayEquals(new int[] {0, 2, 3, 4}, a.allocate(null, 4));
    }

    @Test
    void refusesAMachineWithoutGridGeometry() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new MbsAllocator(new MachineState(new SimpleTopology(8))));
        assertTrue(e.getMessage().contains("needs a mesh or torus machine, not simple:8"), e.getMessage());
    }

    @Test
    void derivingTheFreeBlocksMatchesABuddySystemThatKeepsItsBlocks() {
        SplittableRandom random = new SplittableRandom(5);
        for (GridTopology t : List.of(new MeshTopology(6, 5), new MeshTopology(8, 8), new MeshTopology(4, 3, 3),
                new TorusTopology(5, 4), new MeshTopology(4, 4, 4))) {
            MachineState m = new MachineState(t);
            MbsAllocator a = new MbsAllocator(m);
            BuddySystem reference = new BuddySystem(t);
            List<List<int[]>> running = new ArrayList<>();
            for (int step = 0; step < 300; step++) {
                if (m.freeCount() > 0 && (running.isEmpty() || random.nextInt(3) > 0)) {
                    int k = 1 + random.nextInt(Math.min(m.freeCount(), t.size() / 2));
                    List<int[]> blocks = reference.allocate(k);
                    int[] nodes = reference.nodes(blocks);
                    assertArrayEquals(nodes, a.allocate(null, k), t.spec() + " step " + step + " k=" + k);
                    m.allocate(nodes, step);
                    running.add(blocks);
                } else {
                    List<int[]> blocks = running.remove(random.nextInt(running.size()));
                    m.release(reference.nodes(blocks));
                    reference.release(blocks);
                }
            }
        }
    }

    /** MBS as published: explicit free lists per level, buddies split on demand and merged on release. */
    private static final class BuddySystem {
        private final GridTopology grid;
        private final int dims;
        private final int buddies;
        private final int[] initialBaseOf;
        private final int[] initialLevelOf;
        private final List<TreeSet<Integer>> free = new ArrayList<>();

        BuddySystem(GridTopology grid) {
            this.grid = grid;
            this.dims = grid.dimensions();
            this.buddies = 1 << dims;
            int n = grid.size();
            initialBaseOf = new int[n];
            initialLevelOf = new int[n];
            Arrays.fill(initialBaseOf, -1);
            for (int node = 0; node < n; node++) {
                if (initialBaseOf[node] >= 0) {
                    continue;
                }
                int level = 0;
                while (fitsUncovered(node, level + 1)) {
                    level++;
                }
                for (int member : members(node, level)) {
                    initialBaseOf[member] = node;
                    initialLevelOf[member] = level;
                }
                freeList(level).add(node);
            }
        }

        private boolean fitsUncovered(int base, int level) {
            int side = 1 << level;
            if (grid.x(base) + side > grid.extent(0) || grid.y(base) + side > grid.extent(1)
                    || (dims == 3 && grid.z(base) + side > grid.extent(2))) {
                return false;
            }
            for (int member : members(base, level)) {
                if (initialBaseOf[member] >= 0) {
                    return false;
                }
            }
            return true;
        }

        private TreeSet<Integer> freeList(int level) {
            while (free.size() <= level) {
                free.add(new TreeSet<>());
            }
            return free.get(level);
        }

        int[] members(int base, int level) {
            int side = 1 << level;
            int[] out = new int[dims == 3 ? side * side * side : side * side];
            int i = 0;
            for (int dz = 0; dz < (dims == 3 ? side : 1); dz++) {
                for (int dy = 0; dy < side; dy++) {
                    for (int dx = 0; dx < side; dx++) {
                        out[i++] = grid.node(grid.x(base) + dx, grid.y(base) + dy, grid.z(base) + dz);
                    }
                }
            }
            return out;
        }

        int[] nodes(List<int[]> blocks) {
            return blocks.stream().flatMapToInt(b -> Arrays.stream(members(b[0], b[1]))).sorted().toArray();
        }

        private int child(int base, int level, int i) {
            int half = 1 << (level - 1);
            return grid.node(grid.x(base) + half * (i & 1), grid.y(base) + half * ((i >> 1) & 1),
                    grid.z(base) + half * (i >> 2));
        }

        List<int[]> allocate(int k) {
            List<int[]> blocks = new ArrayList<>();
            int top = 0;
            while (Math.pow(buddies, top + 1) <= k) {
                top++;
            }
            long[] need = new long[top + 1];
            for (int l = 0, rest = k; l <= top; l++, rest /= buddies) {
                need[l] = rest % buddies;
            }
            for (int l = top; l >= 0; l--) {
                while (need[l] > 0) {
                    if (!freeList(l).isEmpty()) {
                        blocks.add(new int[] {freeList(l).pollFirst(), l});
                        need[l]--;
                        continue;
                    }
                    int larger = l + 1;
                    while (larger < free.size() && free.get(larger).isEmpty()) {
                        larger++;
                    }
                    if (larger >= free.size()) {
                        need[l - 1] += buddies * need[l];
                        need[l] = 0;
                    } else {
                        int block = free.get(larger).pollFirst();
                        for (int i = 0; i < buddies; i++) {
                            freeList(larger - 1).add(child(block, larger, i));
                        }
                    }
                }
            }
            return blocks;
        }

        void release(List<int[]> blocks) {
            for (int[] b : blocks) {
                int base = b[0];
                int level = b[1];
                while (level < initialLevelOf[base]) {
                    int root = initialBaseOf[base];
                    int side = 2 << level;
                    int parent = grid.node(grid.x(root) + (grid.x(base) - grid.x(root)) / side * side,
                            grid.y(root) + (grid.y(base) - grid.y(root)) / side * side,
                            grid.z(root) + (grid.z(base) - grid.z(root)) / side * side);
                    boolean allFree = true;
                    for (int i = 0; i < buddies; i++) {
                        int sibling = child(parent, level + 1, i);
                        allFree &= sibling == base || freeList(level).contains(sibling);
                    }
                    if (!allFree) {
                        break;
                    }
                    for (int i = 0; i < buddies; i++) {
                        freeList(level).remove(child(parent, level + 1, i));
                    }
                    base = parent;
                    level++;
                }
                freeList(level).add(base);
            }
        }
    }
}
