package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;

/**
 * The kernel's time contract (DESIGN.md) run the obvious way, on one thread over one queue: the
 * oracle the interleaving harness compares the distributed protocol against. Per step: the next
 * round of this instant if any message is due in it; else the end-of-instant calls; else, once
 * wound down, the end; else the wind-down calls when nothing is pending or a component asked to
 * stop; else the earliest pending instant. Messages of a round reach each target in (sender,
 * sequence) order; components are called in id order (which the contract leaves free, and the
 * components' logs cannot see).
 */
final class SequentialReference {

    /** What a run did: each component's log, and the kernel's statistics (less its Pekko message count). */
    record Outcome(List<String> logs, long endTime, long instants, long rounds, long messages, long events,
                   long activations) {
    }

    private SequentialReference() {
    }

    static Outcome run(List<PlainGossip> components, List<Envelope> initial) {
        PriorityQueue<Envelope> pending = new PriorityQueue<>(Envelope.PENDING_ORDER);
        pending.addAll(initial);
        TreeSet<Integer> wantsEndOfInstant = new TreeSet<>();
        TreeSet<Integer> wantsWindDown = new TreeSet<>();
        boolean[] stop = new boolean[1];
        boolean woundDown = false;
        long time = Long.MIN_VALUE;
        int round = 0;
        long instants = 0;
        long rounds = 0;
        long[] counts = new long[3]; // messages, events, activations
        while (true) {
            Envelope head = pending.peek();
            boolean sameInstant = false;
            for (Envelope e : pending) {
                if (e.round() > 0) {
                    if (e.time() != time || e.round() != round + 1) {
                        throw new IllegalStateException("reference: message out of its round " + e);
                    }
                    sameInstant = true;
                }
            }
            if (sameInstant) {
                round++;
                rounds++;
                deliverRound(components, pending, time, round, counts, wantsEndOfInstant, wantsWindDown, stop);
                continue;
            }
            if (!wantsEndOfInstant.isEmpty()) {
                round++;
                rounds++;
                List<Integer> callees = new ArrayList<>(wantsEndOfInstant);
                wantsEndOfInstant.clear();
                for (int c : callees) {
                    counts[1]++;
                    counts[2]++;
                    apply(components.get(c).handle(new KernelCommand.EndOfInstant(time, round)), c, pending,
                            wantsEndOfInstant, wantsWindDown, stop);
                }
                continue;
            }
            long now = time == Long.MIN_VALUE ? 0 : time;
            if (woundDown) {
                for (PlainGossip c : components) {
                    c.handle(new KernelCommand.SimulationEnd(now));
                }
                counts[2] += components.size();
                List<String> logs = new ArrayList<>();
                for (PlainGossip c : components) {
                    logs.add(c.log());
                }
                return new Outcome(logs, now, instants, rounds, counts[0], counts[1], counts[2]);
            }
            if (head == null || stop[0]) {
                woundDown = true;
                round++;
                rounds++;
                List<Integer> callees = new ArrayList<>(wantsWindDown);
                wantsWindDown.clear();
                for (int c : callees) {
                    counts[1]++;
                    counts[2]++;
                    apply(components.get(c).handle(new KernelCommand.WindDown(now, round, false)), c, pending,
                            wantsEndOfInstant, wantsWindDown, stop);
                }
                continue;
            }
            time = head.time();
            round = 0;
            instants++;
            rounds++;
            deliverRound(components, pending, time, 0, counts, wantsEndOfInstant, wantsWindDown, stop);
        }
    }

    private static void deliverRound(List<PlainGossip> components, PriorityQueue<Envelope> pending, long time,
                                     int round, long[] counts, TreeSet<Integer> eoi, TreeSet<Integer> windDown,
                                     boolean[] stop) {
        List<List<Envelope>> byTarget = new ArrayList<>();
        while (!pending.isEmpty() && pending.peek().time() == time && pending.peek().round() == round) {
            Envelope e = pending.poll();
            if (byTarget.isEmpty() || byTarget.get(byTarget.size() - 1).get(0).target() != e.target()) {
                byTarget.add(new ArrayList<>());
            }
            byTarget.get(byTarget.size() - 1).add(e);
        }
        for (List<Envelope> group : byTarget) {
            int c = group.get(0).target();
            counts[0] += group.size();
            counts[1] += group.size();
            counts[2]++;
            apply(components.get(c).handle(new KernelCommand.Deliver(time, round, group)), c, pending, eoi, windDown,
                    stop);
        }
    }

    private static void apply(PartitionCommand.Handled h, int component, PriorityQueue<Envelope> pending,
                              TreeSet<Integer> eoi, TreeSet<Integer> windDown, boolean[] stop) {
        pending.addAll(h.out());
        if ((h.flags() & PartitionCommand.Handled.END_OF_INSTANT) != 0) {
            eoi.add(component);
        }
        if ((h.flags() & PartitionCommand.Handled.WIND_DOWN) != 0) {
            windDown.add(component);
        }
        if ((h.flags() & PartitionCommand.Handled.STOP) != 0) {
            stop[0] = true;
        }
    }
}
