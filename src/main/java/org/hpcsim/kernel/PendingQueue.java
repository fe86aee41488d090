package org.hpcsim.kernel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import org.hpcsim.time.SimTime;

/**
 * A partition's pending messages, taken out in {@link Envelope#PENDING_ORDER} as from a priority
 * queue, but kept in one bucket per due (time, round): a message goes into its bucket in constant
 * time, and a bucket is sorted once, when its round is run. A priority queue of every pending
 * message paid a logarithm of all of them (most due at later instants) on every insertion and removal.
 */
public final class PendingQueue {

    private record Due(long time, int round) {
    }

    /** The messages due at one (time, round), sorted when first read. */
    private final class Bucket {
        final Due due;
        Envelope[] items = new Envelope[8];
        int head;
        int size;
        /** Whether the items are in pending order. */
        boolean sorted = true;
        /**
         * Whether they came in (sender, seq) order, as a round's messages do when their senders run in id
         * order: then a stable sort by target alone puts them in pending order.
         */
        boolean sendersInOrder = true;

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
                sendersInOrder = false;
            }
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            if (size > 0) {
                Envelope last = items[size - 1];
                if (sorted && Envelope.PENDING_ORDER.compare(last, e) > 0) {
                    sorted = false;
                }
                if (sendersInOrder && (last.sender() > e.sender() || last.sender() == e.sender() && last.seq() > e.seq())) {
                    sendersInOrder = false;
                }
            }
            items[size++] = e;
        }

        Envelope first() {
            if (!sorted) {
                if (sendersInOrder) {
                    sortByTarget(this);
                } else if (!sortByTargetAndSender(this)) {
                    Arrays.sort(items, head, size, Envelope.PENDING_ORDER);
                }
                sorted = true;
                sendersInOrder = false;
            }
            return items[head];
        }
    }

    /** Scratch for {@link #sortByTarget}, kept between sorts. */
    private long[] keys = new long[64];
    private Envelope[] scratch = new Envelope[64];

    /**
     * A stable sort of the bucket's items by target: a primitive sort of (target, position) keys, each
     * unique, instead of an object sort with a three-field comparator.
     */
    private void sortByTarget(Bucket b) {
        int n = b.size - b.head;
        if (keys.length < n) {
            keys = new long[Math.max(n, 2 * keys.length)];
            scratch = new Envelope[keys.length];
        }
        for (int i = 0; i < n; i++) {
            keys[i] = ((long) b.items[b.head + i].target() << 32) | i;
        }
        Arrays.sort(keys, 0, n);
        System.arraycopy(b.items, b.head, scratch, 0, n);
        for (int i = 0; i < n; i++) {
            b.items[b.head + i] = scratch[(int) keys[i]];
        }
        Arrays.fill(scratch, 0, n, null);
    }

    /** Bits of each field of a {@link #sortByTargetAndSender} key: target, sender + 1, position. */
    private static final int FIELD_BITS = 21;
    private static final long FIELD_MASK = (1L << FIELD_BITS) - 1;

    /**
     * Sorts the bucket by (target, sender, seq) with one primitive sort of unique (target, sender,
     * position) keys, if each fits in {@value #FIELD_BITS} bits and each sender's messages were added
     * in seq order (as batches from other partitions, merged in their send order, and a partition's
     * own outputs are): then position order is seq order among one sender's messages to one target.
     * Checked before the items are moved; returns false, leaving them as they were, where it does not
     * hold (the caller then sorts with the comparator). A partition's bucket holds runs from several
     * partitions, which the target-only sort cannot order, and the comparator sort cost a tenth of a
     * two-partition run.
     */
    private boolean sortByTargetAndSender(Bucket b) {
        int n = b.size - b.head;
        if (n > FIELD_MASK) {
            return false;
        }
        if (keys.length < n) {
            keys = new long[Math.max(n, 2 * keys.length)];
            scratch = new Envelope[keys.length];
        }
        for (int i = 0; i < n; i++) {
            Envelope e = b.items[b.head + i];
            long target = e.target();
            long sender = e.sender() + 1L;
            if (target > FIELD_MASK || sender < 0 || sender > FIELD_MASK) {
                return false;
            }
            keys[i] = target << (2 * FIELD_BITS) | sender << FIELD_BITS | i;
        }
        Arrays.sort(keys, 0, n);
        for (int i = 1; i < n; i++) {
            if (keys[i] >>> FIELD_BITS == keys[i - 1] >>> FIELD_BITS
                    && b.items[b.head + (int) (keys[i] & FIELD_MASK)].seq()
                    < b.items[b.head + (int) (keys[i - 1] & FIELD_MASK)].seq()) {
                return false;
            }
        }
        System.arraycopy(b.items, b.head, scratch, 0, n);
        for (int i = 0; i < n; i++) {
            b.items[b.head + i] = scratch[(int) (keys[i] & FIELD_MASK)];
        }
        Arrays.fill(scratch, 0, n, null);
        return true;
    }

    private final PriorityQueue<Bucket> buckets = new PriorityQueue<>((a, b) -> {
        int c = Long.compare(a.due.time(), b.due.time());
        return c != 0 ? c : Integer.compare(a.due.round(), b.due.round());
    });
    private final Map<Due, Bucket> byDue = new HashMap<>();
    /** The bucket last added to: batches mostly hold runs of messages due together. */
    private Bucket last;
    private int size;

    public void add(Envelope e) {
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
    public Envelope peek() {
        Bucket b = buckets.peek();
        return b == null ? null : b.first();
    }

    /** Takes out the first message in pending order, or returns null. */
    public Envelope poll() {
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
    public long firstTime() {
        Bucket b = buckets.peek();
        return b == null ? SimTime.NEVER : b.due.time();
    }

    /** Due round of the first message (the queue must not be empty): without sorting its bucket. */
    public int firstRound() {
        return buckets.element().due.round();
    }

    /**
     * Every pending message in pending order, without taking any out or changing how they are kept
     * (for a fingerprint: buckets and their items are copied and sorted aside).
     */
    public void forEachInOrder(java.util.function.Consumer<Envelope> action) {
        Bucket[] all = buckets.toArray(new Bucket[0]);
        Arrays.sort(all, buckets.comparator());
        for (Bucket b : all) {
            Envelope[] items = Arrays.copyOfRange(b.items, b.head, b.size);
            if (!b.sorted) {
                Arrays.sort(items, Envelope.PENDING_ORDER);
            }
            for (Envelope e : items) {
                action.accept(e);
            }
        }
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }
}
