package org.hpcsim.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.link.SharedChannel;
import org.hpcsim.protocol.LinkProtocol;
import org.hpcsim.protocol.NodeProtocol;
import org.junit.jupiter.api.Test;

/**
 * Jobs' {@link FluidJob}s over real {@link SharedChannel}s, with the messages between them delivered
 * as the kernel would: round by round, then the channels' end-of-instant calls, until nothing is left.
 * Each receiver gets a round's messages in a random interleaving of its senders (each sender's in
 * order, all the contract promises). At the end of every instant each running job's sigma must be the
 * largest ratio over its links, though the links send only what could change it, and its progress
 * must be what the exact sigma gives.
 */
class FluidJobOverSharedChannelsTest {
    private static final int LINKS = 12;
    private static final double C = 0.4;
    private static final double TAU = 1.3;

    private record Message(int sender, int receiver, Object payload) {
    }

    /** A running job, as its lead node holds it. */
    private final class Job implements FluidJob.Links {
        final int index;
        int[] links;
        long[] weights;
        FluidJob fluid;
        int epoch;
        /** Progress by the exact sigma, banked at each instant's end. */
        double expectedDone;
        double expectedSigma = 1;
        long since;
        /** The largest exact sigma at an instant's end, and at any point between rounds. */
        double maxAtEnds = 1;
        double maxBetweenRounds = 1;

        Job(int index) {
            this.index = index;
        }

        @Override
        public void refresh(int position) {
            refreshes++;
            send(jobId(index), links[position], new LinkProtocol.Refresh(index));
        }

        @Override
        public void watch(int position, boolean on) {
            send(jobId(index), links[position], new LinkProtocol.Watch(index, on));
        }

        void join() {
            epoch++;
            for (int i = 0; i < links.length; i++) {
                send(jobId(index), links[i], new LinkProtocol.Join(index, weights[i],
                        ComponentTester.address(jobId(index)), i, epoch));
            }
        }

        void leave() {
            for (int link : links) {
                send(jobId(index), link, new LinkProtocol.Leave(index));
            }
        }
    }

    private final SharedChannel[] channels = new SharedChannel[LINKS];
    private final Map<Integer, Job> running = new LinkedHashMap<>();
    private List<Message> next = new ArrayList<>();
    private final boolean[] wantsEnd = new boolean[LINKS];
    private SplittableRandom random;
    private long shares;
    private long refreshes;
    private long staleShares;

    private static int jobId(int index) {
        return LINKS + index;
    }

    private void send(int sender, int receiver, Object payload) {
        next.add(new Message(sender, receiver, payload));
    }

    @Test
    void atEveryInstantsEndSigmaIsTheLargestRatioThoughLinksSendOnlyWhatCouldChangeIt() {
        for (long seed = 1; seed <= 40; seed++) {
            run(seed);
        }
        assertTrue(refreshes > 100 && staleShares > 10 && shares > 1000,
                "the runs exercise falls of watched links (" + refreshes + " refreshes) and shares in flight"
                        + " across a reroute (" + staleShares + ")");
    }

    private void run(long seed) {
        random = new SplittableRandom(seed);
        Arrays.setAll(channels, SharedChannel::new);
        running.clear();
        next.clear();
        int nextIndex = 0;
        for (long now = 0; now < 400; now += 1 + random.nextInt(3)) {
            // The instant's events: some jobs end, some reroute (maybe while shares are in flight), some start.
            for (Job j : List.copyOf(running.values())) {
                if (random.nextInt(8) == 0) {
                    bankExpected(j, now);
                    j.leave();
                    running.remove(j.index);
                }
            }
            for (int k = random.nextInt(4); k > 0; k--) {
                Job j = new Job(nextIndex++);
                pickLinks(j);
                j.fluid = new FluidJob(1_000_000, C, TAU, now, Long.MAX_VALUE / 4, j.links.length);
                j.since = now;
                running.put(j.index, j);
                j.join();
            }
            settleInstant(now);
            for (Job j : running.values()) {
                double exact = 1;
                for (int i = 0; i < j.links.length; i++) {
                    exact = Math.max(exact, (double) channels[j.links[i]].total() / j.weights[i]);
                }
                assertEquals(exact, j.fluid.sigma(), "seed " + seed + ", t " + now + ", job " + j.index);
                j.maxAtEnds = Math.max(j.maxAtEnds, exact);
                double max = j.fluid.sigmaMax();
                assertTrue(max >= j.maxAtEnds && max <= j.maxBetweenRounds, "sigma max " + max + " counts only states"
                        + " the links were in: between " + j.maxAtEnds + " and " + j.maxBetweenRounds);
                bankExpected(j, now);
                j.expectedSigma = exact;
                assertEquals(j.expectedDone, j.fluid.done(now), 1e-6, "progress, seed " + seed + ", t " + now);
            }
        }
    }

    /** Between rounds: the largest ratio each running job's links have now. */
    private void noteStates() {
        for (Job j : running.values()) {
            for (int i = 0; i < j.links.length; i++) {
                j.maxBetweenRounds = Math.max(j.maxBetweenRounds, (double) channels[j.links[i]].total() / j.weights[i]);
            }
        }
    }

    private void bankExpected(Job j, long now) {
        j.expectedDone += (now - j.since) / (1 - C + C * TAU * j.expectedSigma);
        j.since = now;
    }

    /** Distinct links (none for some jobs), each with its weight. */
    private void pickLinks(Job j) {
        int n = random.nextInt(6);
        j.links = random.ints(0, LINKS).distinct().limit(n).sorted().toArray();
        j.weights = new long[n];
        for (int i = 0; i < n; i++) {
            j.weights[i] = 1 + random.nextInt(9);
        }
    }

    /** Rounds, then the channels' end-of-instant calls, until no message is left. */
    private void settleInstant(long now) {
        while (!next.isEmpty()) {
            while (!next.isEmpty()) {
                List<Message> round = next;
                next = new ArrayList<>();
                if (random.nextInt(10) == 0) {
                    rerouteOne(now);
                }
                for (Message m : interleaved(round)) {
                    deliver(now, m);
                }
                noteStates();
            }
            for (int i = 0; i < LINKS; i++) {
                if (wantsEnd[i]) {
                    wantsEnd[i] = false;
                    int link = i;
                    channels[i].sendShares((lead, share) -> {
                        shares++;
                        send(link, lead.id(), share);
                    });
                }
            }
        }
    }

    /** A running job's flows move to other links now, whatever is in flight. */
    private void rerouteOne(long now) {
        if (running.isEmpty()) {
            return;
        }
        List<Job> jobs = List.copyOf(running.values());
        Job j = jobs.get(random.nextInt(jobs.size()));
        j.leave();
        pickLinks(j);
        j.fluid.reroute(now, j.links.length);
        bankExpected(j, now);
        j.join();
    }

    private void deliver(long now, Message m) {
        if (m.receiver() < LINKS) {
            if (channels[m.receiver()].apply((LinkProtocol) m.payload())) {
                wantsEnd[m.receiver()] = true;
            }
            return;
        }
        NodeProtocol.LinkShare share = (NodeProtocol.LinkShare) m.payload();
        Job j = running.get(share.jobIndex());
        if (j == null) {
            return;
        }
        if (share.epoch() != j.epoch) {
            staleShares++;
            return;
        }
        j.fluid.update(now, share.position(), share.total(), share.own(), j);
    }

    /** Each receiver's messages in a random merge of its senders' sequences; receivers in id order. */
    private List<Message> interleaved(List<Message> round) {
        Map<Integer, Map<Integer, ArrayDeque<Message>>> byReceiver = new java.util.TreeMap<>();
        for (Message m : round) {
            byReceiver.computeIfAbsent(m.receiver(), r -> new LinkedHashMap<>())
                    .computeIfAbsent(m.sender(), s -> new ArrayDeque<>()).add(m);
        }
        List<Message> out = new ArrayList<>(round.size());
        for (Map<Integer, ArrayDeque<Message>> senders : byReceiver.values()) {
            List<ArrayDeque<Message>> queues = new ArrayList<>(senders.values());
            while (!queues.isEmpty()) {
                int k = random.nextInt(queues.size());
                out.add(queues.get(k).poll());
                if (queues.get(k).isEmpty()) {
                    queues.remove(k);
                }
            }
        }
        return out;
    }
}
