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
public final class SequentialReference {

    /** What a run did: each component's log, and the kernel's statistics (less its Pekko message count). */
    public record Outcome(List<String> logs, long endTime, long instants, long rounds, long messages, long events,
                   long activations) {
    }

    private final List<PlainGossip> components;
    private final PriorityQueue<Envelope> pending = new PriorityQueue<>(Envelope.PENDING_ORDER);
    private final TreeSet<Integer> wantsEndOfInstant = new TreeSet<>();
    private final TreeSet<Integer> wantsWindDown = new TreeSet<>();
    private boolean stop;
    private long messages;
    private long events;
    private long activations;

    private SequentialReference(List<PlainGossip> components, List<Envelope> initial) {
        this.components = components;
        pending.addAll(initial);
    }

    public static Outcome run(List<PlainGossip> components, List<Envelope> initial) {
        return new SequentialReference(components, initial).run();
    }

    private Outcome run() {
        boolean woundDown = false;
        long time = Long.MIN_VALUE;
        int round = 0;
        long instants = 0;
        long rounds = 0;
        while (true) {
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
                deliverRound(time, round);
                continue;
            }
            if (!wantsEndOfInstant.isEmpty()) {
                round++;
                rounds++;
                call(wantsEndOfInstant, new KernelCommand.EndOfInstant(time, round));
                continue;
            }
            long now = time == Long.MIN_VALUE ? 0 : time;
            if (woundDown) {
                List<String> logs = new ArrayList<>();
                for (PlainGossip c : components) {
                    c.handle(new KernelCommand.SimulationEnd(now));
                    logs.add(c.log());
                }
                activations += components.size();
                return new Outcome(logs, now, instants, rounds, messages, events, activations);
            }
            if (pending.isEmpty() || stop) {
                woundDown = true;
                round++;
                rounds++;
                call(wantsWindDown, new KernelCommand.WindDown(now, round, false, time));
                continue;
            }
            time = pending.peek().time();
            round = 0;
            instants++;
            rounds++;
            deliverRound(time, 0);
        }
    }

    /** Calls the components in {@code wanting} (in id order) with {@code command}, and forgets that they asked. */
    private void call(TreeSet<Integer> wanting, KernelCommand command) {
        List<Integer> callees = new ArrayList<>(wanting);
        wanting.clear();
        for (int c : callees) {
            events++;
            activations++;
            apply(c, components.get(c).handle(command));
        }
    }

    private void deliverRound(long time, int round) {
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
            messages += group.size();
            events += group.size();
            activations++;
            apply(c, components.get(c).handle(new KernelCommand.Deliver(time, round, group)));
        }
    }

    private void apply(int component, Handled h) {
        pending.addAll(h.out());
        if ((h.flags() & Handled.END_OF_INSTANT) != 0) {
            wantsEndOfInstant.add(component);
        }
        if ((h.flags() & Handled.WIND_DOWN) != 0) {
            wantsWindDown.add(component);
        }
        if ((h.flags() & Handled.STOP) != 0) {
            stop = true;
        }
    }
}
