package org.hpcsim.kernel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * A partition's pending messages, taken out in {@link Envelope#PENDING_ORDER} as from a priority
 * queue, but kept in one bucket per due (time, round): a message goes into its bucket in constant
 * time, and a bucket is sorted once, when its round is run. A priority queue of every pending
 * message paid a logarithm of all of them (most due at later instants) on every insertion and removal.
 */
final class PendingQueue {

    private record Due(long time, int round) {
    }

    /** The messages due at one (time, round), sorted when first read. */
    private static final class Bucket {
        final Due due;
        Envelope[] items = new Envelope[8];
        int head;
        int size;
        boolean sorted = true;

        Bucket(Due due) {
            this.due = due;
        }

        void add(Envelope e) {
            if (head > 0) {
                // Added to while being taken out: keep only what is left, then sort again.
                System.arraycopy(items, head, items, 0, size - head);
                Arrays.fill(items, size - head, size, null);
                size -= head;
                head = 0;
            }
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            if (sorted && size > 0 && Envelope.PENDING_ORDER.compare(items[size - 1], e) > 0) {
                sorted = false;
            }
            items[size++] = e;
        }

        Envelope first() {
            if (!sorted) {
                Arrays.sort(items, head, size, Envelope.PENDING_ORDER);
                sorted = true;
            }
            return items[head];
        }
    }

    private final PriorityQueue<Bucket> buckets = new PriorityQueue<>((a, b) -> {
        int c = Long.compare(a.due.time(), b.due.time());
        return c != 0 ? c : Integer.compare(a.due.round(), b.due.round());
    });
    private final Map<Due, Bucket> byDue = new HashMap<>();
    /** The bucket last added to: batches mostly hold runs of messages due together. */
    private Bucket last;
    private int size;

    void add(Envelope e) {
        Bucket b = last;
        if (b == null || b.due.time() != e.time() || b.due.round() != e.round()) {
            Due due = new Due(e.time(), e.round());
            b = byDue.get(due);
            if (b == null) {
                b = new Bucket(due);
                byDue.put(due, b);
                buckets.add(b);
            }
            last = b;
        }
        b.add(e);
        size++;
    }

    /** The first message in pending order, or null. */
    Envelope peek() {
        Bucket b = buckets.peek();
        return b == null ? null : b.first();
    }

    /** Takes out the first message in pending order, or returns null. */
    Envelope poll() {
        Bucket b = buckets.peek();
        if (b == null) {
            return null;
        }
        Envelope e = b.first();
        b.items[b.head++] = null;
        size--;
        if (b.head == b.size) {
            buckets.poll();
            byDue.remove(b.due);
            if (last == b) {
                last = null;
            }
        }
        return e;
    }

    /** Due time of the first message, or {@link SimTime#NEVER}: without sorting its bucket. */
    long firstTime() {
        Bucket b = buckets.peek();
        return b == null ? SimTime.NEVER : b.due.time();
    }

    /** Due round of the first message (the queue must not be empty): without sorting its bucket. */
    int firstRound() {
        return buckets.element().due.round();
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }
}
