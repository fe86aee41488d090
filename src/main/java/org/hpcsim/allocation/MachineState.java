package org.hpcsim.allocation;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.hpcsim.topology.Topology;

/**
 * Which nodes are free, and which job holds each busy node. The single source of truth that
 * allocators read; allocators that keep their own index register as listeners.
 */
public final class MachineState {
    /** Owner of nodes marked busy by {@link #occupy} rather than by a job. */
    public static final int OCCUPIED = -2;
    /** Owner of nodes out of service: failed or drained. */
    public static final int UNAVAILABLE = -3;

    private final Topology topology;
    private final BitSet free;
    private final int[] owner;
    private int freeCount;
    private final List<AvailabilityListener> listeners = new ArrayList<>(1);

    public MachineState(Topology topology) {
        this.topology = topology;
        int n = topology.size();
        this.free = new BitSet(n);
        this.free.set(0, n);
        this.owner = new int[n];
        java.util.Arrays.fill(owner, -1);
        this.freeCount = n;
    }

    public Topology topology() {
        return topology;
    }

    public int size() {
        return owner.length;
    }

    /** Each node's owner (a job index, free or unavailable): the machine's whole state. */
    public void writeState(org.hpcsim.kernel.StateDigest out) {
        out.add(owner);
    }

    public int freeCount() {
        return freeCount;
    }

    public boolean isFree(int node) {
        return free.get(node);
    }

    /** The first free node with id >= {@code from}, or -1: iterate the free nodes in id order. */
    public int nextFree(int from) {
        return free.nextSetBit(from);
    }

    /**
     * Job index holding the node, -1 if free, {@link #OCCUPIED} if busy outside any job,
     * {@link #UNAVAILABLE} if out of service.
     */
    public int owner(int node) {
        return owner[node];
    }

    public void addListener(AvailabilityListener listener) {
        listeners.add(listener);
    }

    /** Commits an allocation: every node must be free. */
    public void allocate(int[] nodes, int jobIndex) {
        for (int node : nodes) {
            if (!free.get(node)) {
                throw new IllegalStateException("node " + node + " is not free (held by job index " + owner[node] + ")");
            }
        }
        for (int node : nodes) {
            free.clear(node);
            owner[node] = jobIndex;
        }
        freeCount -= nodes.length;
        for (AvailabilityListener l : listeners) {
            l.unavailable(nodes);
        }
    }

    /** Marks nodes busy without a job: the busy set of a stand-alone allocation instance. */
    public void occupy(int[] nodes) {
        allocate(nodes, OCCUPIED);
    }

    /**
     * Hands a busy node to another owner without freeing it (a job's node that fails or is drained
     * stays unavailable when the job ends); listeners see no change, the node was and stays busy.
     */
    public void reassign(int node, int newOwner) {
        if (free.get(node)) {
            throw new IllegalStateException("node " + node + " is free; allocate it instead");
        }
        owner[node] = newOwner;
    }

    /** Frees the nodes of a finished job. */
    public void release(int[] nodes) {
        for (int node : nodes) {
            if (free.get(node)) {
                throw new IllegalStateException("node " + node + " released twice");
            }
            free.set(node);
            owner[node] = -1;
        }
        freeCount += nodes.length;
        for (AvailabilityListener l : listeners) {
            l.available(nodes);
        }
    }
}
