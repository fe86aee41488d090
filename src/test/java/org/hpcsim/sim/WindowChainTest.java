package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.kernel.KernelStats;
import org.junit.jupiter.api.Test;

/**
 * The window coordinator under adversarial schedules: windows publish and compare on their own
 * threads with random pauses, any number of permits; the chain it gives must be the one a sequential
 * reading of the same digests gives (each window's stop depends only on the digests and its
 * successors' stops), whatever the order in which windows reach their points and finish.
 */
class WindowChainTest {

    /** Digests: window k's at its j-th point; its length is how far it runs if it never stops. */
    private record Script(int[] firstPoint, long[][] digests) {
    }

    private static Script script(SplittableRandom random) {
        int windows = 2 + random.nextInt(7);
        int checks = 1 + random.nextInt(6);
        int total = windows * checks + random.nextInt(8);
        int[] first = new int[windows];
        long[][] digests = new long[windows][];
        for (int k = 0; k < windows; k++) {
            first[k] = k * checks;
            int length = Math.max(1, total - first[k] - random.nextInt(3));
            digests[k] = new long[length];
            // Truth from a random point on (its state joins the one-thread run's), else its own values;
            // now and then a value another window also has (agreeing with a speculative state).
            int joins = random.nextInt(length + 2);
            for (int j = 0; j < length; j++) {
                int point = first[k] + j;
                if (j >= joins) {
                    digests[k][j] = 1000 + point;
                } else if (random.nextInt(6) == 0) {
                    digests[k][j] = 5000 + point;
                } else {
                    digests[k][j] = 100_000L * (k + 1) + point;
                }
            }
        }
        return new Script(first, digests);
    }

    /** The chain read sequentially: stops from the last window back, then followed from window 0. */
    private static List<WindowChain.Segment> expected(Script s) {
        int n = s.firstPoint().length;
        int[] stop = new int[n];
        int[] matched = new int[n];
        java.util.Arrays.fill(stop, -1);
        for (int k = n - 1; k >= 0; k--) {
            long[] mine = s.digests()[k];
            for (int j = 0; j < mine.length && stop[k] < 0; j++) {
                int point = s.firstPoint()[k] + j;
                int c = k + 1;
                while (c < n && s.firstPoint()[c] <= point) {
                    int last = stop[c] >= 0 ? stop[c] : s.firstPoint()[c] + s.digests()[c].length - 1;
                    if (last >= point) {
                        break;
                    }
                    c++;
                }
                if (c < n && s.firstPoint()[c] <= point && s.digests()[c][point - s.firstPoint()[c]] == mine[j]) {
                    stop[k] = point;
                    matched[k] = c;
                }
            }
        }
        List<WindowChain.Segment> out = new ArrayList<>();
        int k = 0;
        int from = -1;
        while (true) {
            out.add(new WindowChain.Segment(k, from, stop[k]));
            if (stop[k] < 0) {
                return out;
            }
            from = stop[k];
            k = matched[k];
        }
    }

    private static List<WindowChain.Segment> run(Script s, int permits, long seed) throws Exception {
        int n = s.firstPoint().length;
        WindowChain chain = new WindowChain(s.firstPoint(), permits);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < n; w++) {
            int k = w;
            SplittableRandom pace = new SplittableRandom(seed * 31 + k);
            Thread t = new Thread(() -> {
                try {
                    chain.begin(k);
                    long[] mine = s.digests()[k];
                    boolean stopped = false;
                    for (int j = 0; j < mine.length && !stopped; j++) {
                        if (pace.nextInt(3) == 0) {
                            Thread.sleep(pace.nextInt(2));
                        } else {
                            Thread.yield();
                        }
                        int point = s.firstPoint()[k] + j;
                        KernelStats stats = new KernelStats(point, 0, 0, 0, point, 0, 0);
                        chain.publish(k, point, mine[j], ~mine[j], stats);
                        stopped = chain.compare(k, point, mine[j], ~mine[j]) == WindowChain.Decision.STOP;
                    }
                    if (!stopped) {
                        chain.ended(k, new KernelStats(-1, 0, 0, 0, 0, 0, 0));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    chain.finish(k);
                }
            }, "window-" + k);
            threads.add(t);
        }
        // Started in a random order: the coordinator must not depend on who comes first.
        java.util.Collections.shuffle(threads, new java.util.Random(seed));
        for (Thread t : threads) {
            t.start();
        }
        List<WindowChain.Segment> chainOut = chain.chain();
        for (Thread t : threads) {
            t.join(30_000);
        }
        return chainOut;
    }

    @Test
    void theChainIsTheSequentialReadingsWhateverTheOrderOfPointsStopsAndPermits() throws Exception {
        SplittableRandom random = new SplittableRandom(39);
        for (int c = 0; c < 150; c++) {
            Script s = script(random);
            int permits = 1 + random.nextInt(s.firstPoint().length);
            assertEquals(expected(s), run(s, permits, c), "case " + c + " with " + permits + " permits");
        }
    }

    /** A window that gave up is never agreed with, even at points it published with the same digest. */
    @Test
    void aWindowThatGaveUpIsSkippedAndTheChainGoesOnWithoutIt() throws Exception {
        WindowChain chain = new WindowChain(new int[] {0, 2, 4}, 3);
        chain.begin(0);
        chain.begin(1);
        chain.begin(2);
        KernelStats s = new KernelStats(0, 0, 0, 0, 0, 0, 0);
        chain.publish(1, 2, 7, 7, s);
        chain.publish(1, 3, 8, 8, s);
        assertEquals(true, chain.giveUp(1, s));
        chain.publish(2, 4, 9, 9, s);
        assertEquals(WindowChain.Decision.GO, chain.compare(0, 2, 7, 7), "window 1 gave up");
        assertEquals(WindowChain.Decision.GO, chain.compare(0, 3, 8, 8));
        assertEquals(WindowChain.Decision.STOP, chain.compare(0, 4, 9, 9), "window 2 is the next alive");
        chain.ended(2, s);
        assertEquals(List.of(new WindowChain.Segment(0, -1, 4), new WindowChain.Segment(2, 4, -1)), chain.chain());
        WindowChain other = new WindowChain(new int[] {0, 2}, 2);
        other.begin(0);
        other.begin(1);
        other.publish(1, 2, 7, 7, s);
        assertEquals(WindowChain.Decision.STOP, other.compare(0, 2, 7, 7));
        assertEquals(false, other.giveUp(1, s), "a window another agreed with is the run's: it cannot give up");
    }
}
