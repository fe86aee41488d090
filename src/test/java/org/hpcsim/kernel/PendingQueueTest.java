package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.hpcsim.time.SimTime;

/** The bucketed pending queue gives out messages exactly as a priority queue in pending order does. */
class PendingQueueTest {

    @Test
    void takesMessagesOutInPendingOrderWhateverTheOrderTheyCameIn() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            PendingQueue queue = new PendingQueue();
            PriorityQueue<Envelope> reference = new PriorityQueue<>(Envelope.PENDING_ORDER);
            long seq = 0;
            for (int step = 0; step < 5_000; step++) {
                int action = random.nextInt(10);
                if (action < 6) {
                    // Few distinct (time, round) pairs, so buckets fill, empty and come back.
                    Envelope e = new Envelope(random.nextInt(6), random.nextInt(3), random.nextInt(5), seq++,
                            random.nextInt(8), null);
                    queue.add(e);
                    reference.add(e);
                } else if (action < 9) {
                    assertEquals(reference.poll(), queue.poll(), "seed " + seed + ", step " + step);
                } else {
                    assertEquals(reference.peek(), queue.peek(), "seed " + seed + ", step " + step);
                    Envelope first = reference.peek();
                    assertEquals(first == null ? SimTime.NEVER : first.time(), queue.firstTime());
                    if (first != null) {
                        assertEquals(first.round(), queue.firstRound());
                    }
                }
                assertEquals(reference.size(), queue.size());
                assertEquals(reference.isEmpty(), queue.isEmpty());
            }
        }
    }

    @Test
    void aRoundSentInSenderOrderComesOutGroupedByTargetInSenderOrder() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            PendingQueue queue = new PendingQueue();
            PriorityQueue<Envelope> reference = new PriorityQueue<>(Envelope.PENDING_ORDER);
            for (int round = 1; round <= 30; round++) {
                // Senders in id order, each sending a few messages in its own sequence, as a round runs;
                // some rounds get one message out of that order, which the fallback sort must handle.
                int senders = 1 + random.nextInt(300);
                for (int sender = 0; sender < senders; sender++) {
                    int sent = random.nextInt(4);
                    for (int k = 0; k < sent; k++) {
                        Envelope e = new Envelope(7, round, sender, k, random.nextInt(50) - 1, null);
                        queue.add(e);
                        reference.add(e);
                    }
                }
                if (random.nextInt(4) == 0) {
                    Envelope late = new Envelope(7, round, random.nextInt(senders), -1, random.nextInt(50), null);
                    queue.add(late);
                    reference.add(late);
                }
            }
            while (!reference.isEmpty()) {
                assertEquals(reference.poll(), queue.poll(), "seed " + seed);
            }
            assertEquals(null, queue.poll());
        }
    }

    /**
     * A partition's round: runs from several partitions, each in sender order; then the same with one
     * sender's messages out of seq order, and with ids too large for the primitive keys. Each must come
     * out exactly in pending order (the last two by the comparator sort the primitive one leaves them to).
     */
    @Test
    void runsFromSeveralPartitionsComeOutInPendingOrderWhateverTheirSeqsAndIds() {
        for (long seed = 1; seed <= 30; seed++) {
            Random random = new Random(seed);
            for (int variant = 0; variant < 3; variant++) {
                PendingQueue queue = new PendingQueue();
                PriorityQueue<Envelope> reference = new PriorityQueue<>(Envelope.PENDING_ORDER);
                int partitions = 2 + random.nextInt(4);
                int base = variant == 2 ? 3_000_000 : 0;
                for (int p = 0; p < partitions; p++) {
                    for (int sender = p - 1; sender < 200; sender += partitions) {
                        int sent = random.nextInt(5);
                        boolean reversed = variant == 1 && random.nextInt(5) == 0;
                        for (int k = 0; k < sent; k++) {
                            long seq = reversed ? sent - k : k;
                            Envelope e = new Envelope(9, 2, sender, seq, base + random.nextInt(8), null);
                            queue.add(e);
                            reference.add(e);
                        }
                    }
                }
                while (!reference.isEmpty()) {
                    assertEquals(reference.poll(), queue.poll(), "seed " + seed + ", variant " + variant);
                }
                assertEquals(null, queue.poll());
            }
        }
    }
}
