package org.hpcsim.scheduling;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.hpcsim.workload.Job;

/**
 * A scheduler's queue: the jobs in queue order in slots of an array, with the nodes each needs in a
 * primitive array beside them, so that a backfilling pass reads sizes without touching the jobs. Slots
 * form blocks of 64 that keep their smallest need: a pass looking for the next job that fits in
 * {@code f} free nodes skips every block whose smallest need exceeds {@code f}. With a long queue on a
 * busy machine (few free nodes, few small jobs) a pass then costs what it can start, not the queue's
 * length.
 *
 * <p>Taking a job out leaves a hole in its slot (it keeps the job for the order's binary search);
 * {@link #compact()} closes the holes, and is only called between passes, since it renumbers slots.
 * Adding a job shifts the slots after it by one: free for an order that appends arrivals (fifo), a
 * copy of the queue's tail for others.
 */
final class JobQueue {
    private static final int BLOCK_BITS = 6;
    private static final int BLOCK = 1 << BLOCK_BITS;
    /** The need of a hole: larger than any number of free nodes. */
    private static final int HOLE = Integer.MAX_VALUE;

    private final Comparator<Job> order;
    private Job[] jobs = new Job[BLOCK];
    private int[] need = new int[BLOCK];
    private long[] estimate = new long[BLOCK];
    private int[] blockMin = new int[1];
    /** The smallest estimate in each block (holes count as never ending). */
    private long[] blockMinEstimate = new long[1];
    /** Slots in use, holes included. */
    private int end;
    /** The first slot holding a job, or {@code end}. */
    private int head;
    private int size;

    JobQueue(Comparator<Job> order) {
        this.order = order;
        Arrays.fill(blockMin, HOLE);
        Arrays.fill(blockMinEstimate, Long.MAX_VALUE);
    }

    /** Jobs in the queue. */
    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Adds the job after every job it does not precede in queue order; returns its slot. */
    int add(Job job) {
        int lo = 0;
        int hi = end;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (order.compare(jobs[mid], job) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int at = lo;
        if (end == jobs.length) {
            int capacity = jobs.length * 2;
            jobs = Arrays.copyOf(jobs, capacity);
            need = Arrays.copyOf(need, capacity);
            estimate = Arrays.copyOf(estimate, capacity);
            blockMin = Arrays.copyOf(blockMin, capacity >> BLOCK_BITS);
            blockMinEstimate = Arrays.copyOf(blockMinEstimate, capacity >> BLOCK_BITS);
        }
        System.arraycopy(jobs, at, jobs, at + 1, end - at);
        System.arraycopy(need, at, need, at + 1, end - at);
        System.arraycopy(estimate, at, estimate, at + 1, end - at);
        jobs[at] = job;
        need[at] = job.nodes();
        estimate[at] = job.estimate();
        end++;
        size++;
        if (at <= head) {
            head = at;
        }
        for (int b = at >> BLOCK_BITS, last = (end - 1) >> BLOCK_BITS; b <= last; b++) {
            refreshBlock(b);
        }
        return at;
    }

    /** The slot holding the job, which must be in the queue. */
    int slotOf(Job job) {
        int lo = 0;
        int hi = end;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (order.compare(jobs[mid], job) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // A job requeued after it ran may also lie in a hole just before its slot.
        for (int i = lo; i < end && order.compare(jobs[i], job) == 0; i++) {
            if (need[i] != HOLE) {
                return i;
            }
        }
        throw new IllegalArgumentException("job " + job.id() + " is not queued");
    }

    /** The first job in queue order, or null. */
    Job first() {
        return size == 0 ? null : jobs[head];
    }

    /** The slot of the first job, or -1. */
    int headSlot() {
        return size == 0 ? -1 : head;
    }

    /** The job in a slot that holds one. */
    Job job(int slot) {
        return jobs[slot];
    }

    /** Takes the job of the slot out of the queue, leaving a hole. */
    void remove(int slot) {
        if (need[slot] == HOLE) {
            throw new IllegalStateException("slot " + slot + " holds no job");
        }
        need[slot] = HOLE;
        estimate[slot] = Long.MAX_VALUE;
        size--;
        refreshBlock(slot >> BLOCK_BITS);
        if (slot == head) {
            head = nextFitting(slot, HOLE - 1);
            if (head < 0) {
                head = end;
            }
        }
    }

    /** Takes the first job out of the queue and returns it. */
    Job pollFirst() {
        Job job = jobs[head];
        remove(head);
        return job;
    }

    /**
     * The first slot after {@code slot} (in queue order) whose job needs at most {@code maxNodes}
     * nodes, or -1. {@code slot} may be -1: the search then starts at the first slot.
     */
    int nextFitting(int slot, int maxNodes) {
        int i = slot + 1;
        while (i < end) {
            if ((i & (BLOCK - 1)) == 0 && blockMin[i >> BLOCK_BITS] > maxNodes) {
                i += BLOCK;
                continue;
            }
            if (need[i] <= maxNodes) {
                return i;
            }
            i++;
        }
        return -1;
    }

    /**
     * The first slot after {@code slot} whose job needs at most {@code maxNodes} nodes and either at
     * most {@code anyLength} nodes or an estimate of at most {@code maxEstimate}, or -1: EASY's
     * backfilling candidates (see {@link EasyBackfillPolicy}).
     */
    int nextCandidate(int slot, int maxNodes, int anyLength, long maxEstimate) {
        int i = slot + 1;
        while (i < end) {
            if ((i & (BLOCK - 1)) == 0) {
                int b = i >> BLOCK_BITS;
                if (blockMin[b] > maxNodes || blockMin[b] > anyLength && blockMinEstimate[b] > maxEstimate) {
                    i += BLOCK;
                    continue;
                }
            }
            if (need[i] <= maxNodes && (need[i] <= anyLength || estimate[i] <= maxEstimate)) {
                return i;
            }
            i++;
        }
        return -1;
    }

    /** The first slot after {@code slot} holding a job, or -1. */
    int next(int slot) {
        return nextFitting(slot, HOLE - 1);
    }

    /** Closes the holes (renumbers the slots: never during a pass). */
    void compact() {
        if (size == end) {
            return;
        }
        int k = 0;
        for (int i = 0; i < end; i++) {
            if (need[i] != HOLE) {
                jobs[k] = jobs[i];
                need[k] = need[i];
                estimate[k] = estimate[i];
                k++;
            }
        }
        Arrays.fill(jobs, k, end, null);
        end = k;
        head = 0;
        for (int b = 0; b <= (Math.max(end, 1) - 1) >> BLOCK_BITS; b++) {
            refreshBlock(b);
        }
    }

    /** Whether holes are many enough to be worth closing before the next pass. */
    boolean sparse() {
        return end - size > Math.max(BLOCK, size);
    }

    /** The jobs in queue order, as a view that is valid until the queue changes. */
    List<Job> view() {
        int[] slots = new int[size];
        for (int i = head, k = 0; k < size; i = next(i)) {
            slots[k++] = i;
        }
        return new AbstractList<>() {
            @Override
            public Job get(int index) {
                return jobs[slots[index]];
            }

            @Override
            public int size() {
                return slots.length;
            }
        };
    }

    private void refreshBlock(int b) {
        int from = b << BLOCK_BITS;
        int to = Math.min(end, from + BLOCK);
        int min = HOLE;
        long minEstimate = Long.MAX_VALUE;
        for (int i = from; i < to; i++) {
            min = Math.min(min, need[i]);
            minEstimate = Math.min(minEstimate, estimate[i]);
        }
        blockMin[b] = min;
        blockMinEstimate[b] = minEstimate;
    }
}
