package org.hpcsim.allocation;

import java.util.Arrays;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.workload.Job;

/**
 * Allocation on a line of compute and I/O nodes under Bleuse et al.'s constraints (as Bampis et al.
 * use them). {@code contiguous-local}: the job gets a contiguous range of compute nodes that is local
 * to the I/O node it needs (the I/O node adjacent to or inside the range), and it holds every node of
 * its hull, I/O nodes included (the paper's model: a node serves one job at a time), so its I/O stays
 * inside nodes it owns. The leftmost such range wins; a job that needs any I/O node ({@code nearest})
 * tries them in id order. {@code line-contiguous}: contiguity only, the leftmost free range; I/O nodes
 * are not held and the job's I/O streams may cross other jobs' nodes. When no range fits, the job waits.
 */
public final class ContiguousLocalAllocator implements Allocator {
    private final MachineState machine;
    private final LineTopology line;
    private final IoAssignment io;
    private final boolean local;
    /** Which job index holds each I/O node, -1 when none. */
    private final int[] holder;

    /**
     * @param local whether the range must be local to the job's I/O node (and holds its hull)
     * @throws IllegalArgumentException if the machine is not a line, or locality is asked without I/O nodes
     */
    public ContiguousLocalAllocator(MachineState machine, IoAssignment io, boolean local) {
        LineTopology l = machine.topology().line().orElseThrow(() -> new IllegalArgumentException(
                "needs a line machine (line:LAYOUT), not " + machine.topology().spec()));
        if (local && (l.ioCount() == 0 || io == null)) {
            throw new IllegalArgumentException("locality needs I/O nodes, and " + l.spec() + " has none");
        }
        this.machine = machine;
        this.line = l;
        this.io = io;
        this.local = local;
        this.holder = new int[l.ioCount()];
        Arrays.fill(holder, -1);
    }

    @Override
    public int[] allocate(Job job, int nodes) {
        if (nodes > machine.freeCount()) {
            return null;
        }
        int first;
        if (!local) {
            first = leftmostFree(0, line.size() - nodes, nodes, -1);
        } else {
            int need = job == null ? -1 : io.ioOf(job);
            first = -1;
            for (int k = need < 0 ? 0 : need; first < 0 && k < (need < 0 ? line.ioCount() : need + 1); k++) {
                int tau = line.gap(k);
                first = leftmostFree(Math.max(0, tau - nodes), Math.min(tau, line.size() - nodes), nodes, k);
            }
        }
        if (first < 0) {
            return null;
        }
        int[] range = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            range[i] = first + i;
        }
        return range;
    }

    /** The leftmost first in [from, to] whose range of {@code count} nodes is free (with its hull's I/O nodes, for I/O node k >= 0), or -1. */
    private int leftmostFree(int from, int to, int count, int k) {
        int first = from;
        while (first <= to) {
            int busy = -1;
            for (int n = first + count - 1; n >= first; n--) {
                if (!machine.isFree(n)) {
                    busy = n;
                    break;
                }
            }
            if (busy >= 0) {
                first = busy + 1; // no range starting at or before the busy node can be free
            } else if (k >= 0 && !hullFree(first, first + count - 1, k)) {
                first++;
            } else {
                return first;
            }
        }
        return -1;
    }

    private boolean hullFree(int first, int last, int k) {
        int from = line.hullStart(first, k);
        int to = line.hullEnd(last, k);
        for (int i = 0; i < holder.length; i++) {
            int p = line.ioPosition(i);
            if (p >= from && p <= to && holder[i] >= 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void started(Job job, int[] nodes) {
        if (local) {
            hold(job, nodes, job.index());
        }
    }

    @Override
    public void ended(Job job, int[] nodes) {
        if (local) {
            hold(job, nodes, -1);
        }
    }

    private void hold(Job job, int[] nodes, int owner) {
        int k = io.ioOf(job, nodes);
        int from = line.hullStart(nodes[0], k);
        int to = line.hullEnd(nodes[nodes.length - 1], k);
        for (int i = 0; i < holder.length; i++) {
            int p = line.ioPosition(i);
            if (p >= from && p <= to) {
                holder[i] = owner;
            }
        }
    }
}
