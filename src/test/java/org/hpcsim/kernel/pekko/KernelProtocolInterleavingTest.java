package org.hpcsim.kernel.pekko;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.PlainGossip;

/**
 * The kernel's coordinator and partition managers under adversarial message orders: every order of
 * small cases, thousands of random orders of larger ones, each checked against the sequential
 * reference (see {@link ProtocolHarness}). On the accounting the kernel had before (batches counted
 * in total across senders, commit 5a5c9a6) both tests fail: the exhaustive one finds an endless
 * series of empty rounds in each case, the random one fails 13 of its 60 cases (livelocks, "time
 * would go backwards", and runs that ended normally with a message never delivered).
 */
class KernelProtocolInterleavingTest {

    /** Messages due before the start, each a hop with {@code ttl} more hops, at the given (target, time) pairs. */
    private static List<Envelope> initial(int ttl, int... targetsAndTimes) {
        List<Envelope> l = new ArrayList<>();
        for (int i = 0; i < targetsAndTimes.length; i += 2) {
            l.add(new Envelope(targetsAndTimes[i + 1], 0, Envelope.KERNEL, i / 2, targetsAndTimes[i],
                    new PlainGossip.Hop(-1, ttl, i)));
        }
        return l;
    }

    private static String explain(ProtocolHarness.Case c, InterleavingExplorer.Report r) {
        List<Integer> s = r.schedule();
        return c + ": " + r.failure() + "\nafter " + r.runs() + " runs; failing schedule (" + s.size()
                + " channel choices, first 200): " + s.subList(0, Math.min(200, s.size()));
    }

    @Test
    void everyOrderOfSmallThreePartitionCasesDeliversExactlyWhatTheSequentialReferenceDoes() {
        // Three components, one per partition, each woken at t=0 and forwarding one hop to a random
        // peer with zero or some latency: the two-senders-one-receiver race of the old accounting.
        long[] seeds = {5, 6};
        long[] orders = {25_920, 69_120};
        for (int i = 0; i < seeds.length; i++) {
            ProtocolHarness.Case c = new ProtocolHarness.Case(3, new PlainGossip.Behaviour(3, 30, 30, 10, 0),
                    initial(1, 0, 0, 1, 0, 2, 0), seeds[i], 0);
            InterleavingExplorer.Report r = InterleavingExplorer.exhaustive(c, 1_000_000, 20_000);
            if (r.failure() != null) {
                fail(explain(c, r));
            }
            assertTrue(r.finished(), "the search covered every order");
            assertEquals(orders[i], r.runs(), "distinct orders of " + c);
        }
    }

    @Test
    void thousandsOfRandomOrdersOfLargerCasesDeliverExactlyWhatTheSequentialReferenceDoes() {
        SplittableRandom g = new SplittableRandom(2026);
        long schedules = 0;
        for (int k = 0; k < 60; k++) {
            int partitions = 2 + g.nextInt(5);
            int components = partitions + g.nextInt(2 * partitions + 3);
            int messages = 1 + g.nextInt(6);
            int ttl = 1 + g.nextInt(3);
            int[] targetsAndTimes = new int[2 * messages];
            for (int i = 0; i < messages; i++) {
                targetsAndTimes[2 * i] = g.nextInt(components);
                targetsAndTimes[2 * i + 1] = g.nextInt(4);
            }
            PlainGossip.Behaviour b = new PlainGossip.Behaviour(components, g.nextInt(60), g.nextInt(60),
                    g.nextInt(20), g.nextInt(3) == 0 ? 20 : 0);
            ProtocolHarness.Case c = new ProtocolHarness.Case(partitions, b, initial(ttl, targetsAndTimes),
                    g.nextLong(), g.nextInt(3) == 0 ? 1 + g.nextInt(1000) : 0);
            InterleavingExplorer.Report r = InterleavingExplorer.random(c, k, 100, 200_000);
            if (r.failure() != null) {
                fail(explain(c, r));
            }
            schedules += r.runs();
        }
        assertEquals(6000, schedules);
    }
}
