package org.hpcsim.kernel.pekko;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.hpcsim.kernel.SequentialReference;

/**
 * Explores the message orders of a {@link ProtocolHarness} case: every one of them (exhaustive), or
 * seeded random ones.
 *
 * <p>The exhaustive search is a stateless depth-first search over the choice of channel at each
 * step, with sleep sets (Godefroid's partial-order reduction): two deliveries to different
 * endpoints commute (each changes only its receiver's state and appends to its receiver's own
 * outgoing channels), so after all runs that deliver channel {@code a} first have been explored,
 * the sibling branches keep {@code a} asleep until a delivery to {@code a}'s receiver happens.
 * This still reaches every Mazurkiewicz trace, i.e. every distinct order in which each endpoint
 * receives its messages, which is all that can differ between two executions; each complete run
 * explored is a different one.
 */
final class InterleavingExplorer {

    /**
     * What an exploration found.
     *
     * @param runs      complete runs checked
     * @param blocked   branches cut by the sleep sets (equivalent to a run already checked)
     * @param finished  whether the exhaustive search covered every order (false: stopped at its limit or a failure)
     * @param failure   what went wrong in the first failing run, or null
     * @param schedule  the failing run's choices (channel numbers), or null
     */
    record Report(long runs, long blocked, boolean finished, String failure, List<Integer> schedule) {
    }

    private InterleavingExplorer() {
    }

    /** One step of the search: the channels to try here, which one is being tried, and the sleep set. */
    private static final class Frame {
        final int[] candidates;
        final BitSet sleep;
        final BitSet done = new BitSet();
        int next;

        Frame(int[] candidates, BitSet sleep) {
            this.candidates = candidates;
            this.sleep = sleep;
        }

        int chosen() {
            return candidates[next];
        }
    }

    /** Every order of the case, up to {@code maxRuns} complete runs; stops at the first failure. */
    static Report exhaustive(ProtocolHarness.Case c, long maxRuns, long stepLimit) {
        SequentialReference.Outcome reference = ProtocolHarness.reference(c);
        List<Frame> stack = new ArrayList<>();
        ProtocolHarness h = new ProtocolHarness(c, stepLimit);
        int[] enabled = new int[h.channelCount()];
        long runs = 0;
        long blocked = 0;
        int depth = 0;
        while (true) {
            boolean backtrack = false;
            if (depth == stack.size()) {
                if (h.over()) {
                    String verdict = h.verdict(reference);
                    if (verdict != null) {
                        return new Report(runs, blocked, false, verdict, schedule(stack));
                    }
                    if (++runs >= maxRuns) {
                        return new Report(runs, blocked, false, null, null);
                    }
                    backtrack = true;
                } else {
                    BitSet sleep = new BitSet();
                    if (depth > 0) {
                        Frame parent = stack.get(depth - 1);
                        sleep.or(parent.sleep);
                        sleep.or(parent.done);
                        int receiver = h.receiver(parent.chosen());
                        for (int s = sleep.nextSetBit(0); s >= 0; s = sleep.nextSetBit(s + 1)) {
                            if (h.receiver(s) == receiver) {
                                sleep.clear(s);
                            }
                        }
                    }
                    int n = h.enabled(enabled);
                    int[] candidates = new int[n];
                    int k = 0;
                    for (int i = 0; i < n; i++) {
                        if (!sleep.get(enabled[i])) {
                            candidates[k++] = enabled[i];
                        }
                    }
                    if (k == 0) {
                        blocked++;
                        backtrack = true;
                    } else {
                        stack.add(new Frame(java.util.Arrays.copyOf(candidates, k), sleep));
                    }
                }
            }
            if (backtrack) {
                while (!stack.isEmpty()) {
                    Frame top = stack.get(stack.size() - 1);
                    top.done.set(top.chosen());
                    if (++top.next < top.candidates.length) {
                        break;
                    }
                    stack.remove(stack.size() - 1);
                }
                if (stack.isEmpty()) {
                    return new Report(runs, blocked, true, null, null);
                }
                h = new ProtocolHarness(c, stepLimit);
                for (int d = 0; d < stack.size() - 1; d++) {
                    h.deliver(stack.get(d).chosen());
                }
                depth = stack.size() - 1;
            }
            h.deliver(stack.get(depth).chosen());
            depth++;
        }
    }

    /** {@code runs} random orders, the i-th chosen by a stream seeded with ({@code seed}, i); stops at the first failure. */
    static Report random(ProtocolHarness.Case c, long seed, int runs, long stepLimit) {
        SequentialReference.Outcome reference = ProtocolHarness.reference(c);
        for (int i = 0; i < runs; i++) {
            SplittableRandom r = new SplittableRandom(seed * 1_000_003L + i);
            List<Integer> choices = new ArrayList<>();
            ProtocolHarness h = new ProtocolHarness(c, stepLimit);
            String verdict = h.runWith((enabled, n) -> {
                int k = r.nextInt(n);
                choices.add(enabled[k]);
                return k;
            }, reference);
            if (verdict != null) {
                return new Report(i + 1, 0, false, verdict, choices);
            }
        }
        return new Report(runs, 0, true, null, null);
    }

    private static List<Integer> schedule(List<Frame> stack) {
        List<Integer> s = new ArrayList<>(stack.size());
        for (Frame f : stack) {
            s.add(f.chosen());
        }
        return s;
    }
}
