package org.hpcsim.kernel.sequential;


import java.util.BitSet;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import org.hpcsim.kernel.Wiring;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelControl;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.kernel.Executor;
import org.hpcsim.kernel.ComponentHost;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.PendingQueue;
import org.hpcsim.kernel.Handled;
import org.hpcsim.kernel.Resume;
import org.hpcsim.kernel.Canonical;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.RunWatch;
import org.hpcsim.kernel.SinkTap;
import org.hpcsim.kernel.StateDigest;

/**
 * The time contract run the obvious way, on the calling thread over one queue: the oracle the
 * {@link PekkoExecutor} is checked against, and what {@code kernel.executor = auto} runs whenever a run
 * gets one thread, where it is faster than actors on one dispatcher thread. Each step: the
 * next round of the current instant if a message is due in it; else the end-of-instant calls; else,
 * once wound down, the end; else the wind-down calls when nothing is pending or a component (or the
 * control) asked to stop; else the earliest pending instant. A round delivers each target's messages
 * in (sender id, sequence) order, targets and callees in id order (which the contract leaves free
 * and no component can observe). Its statistics are the Pekko executor's, less Pekko messages (0).
 */
public final class SequentialExecutor implements Executor {
    private final RunWatch watch;
    private final SinkTap tap;

    /** The plain executor: every component created and called on this thread. */
    public SequentialExecutor() {
        this(null, null);
    }

    /**
     * An executor that lets {@code watch} (null: none) look at the run between instants and may be
     * abandoned by it, and hands what the sinks would receive to {@code tap} (null: the sinks are
     * created and called as any component) instead of creating them. Its statistics then leave out
     * the end-of-instant and wind-down calls of sinks that run no round of their own (see {@link SinkTap}).
     */
    public SequentialExecutor(RunWatch watch, SinkTap tap) {
        this.watch = watch;
        this.tap = tap;
    }

    @Override
    public String name() {
        return "sequential";
    }

    /** One thread (the caller's) and one queue. */
    @Override
    public KernelSettings effective(KernelSettings configured) {
        return new KernelSettings(1, 1, configured.throughput(), configured.seed(), configured.shuffleSeed());
    }

    @Override
    public KernelStats run(Wiring wiring, KernelSettings settings, KernelControl control, KernelProgress progress) {
        List<Wiring.Spec> specs = wiring.specs();
        ComponentHost[] hosts = new ComponentHost[specs.size()];
        ComponentType.Role[] roles = new ComponentType.Role[specs.size()];
        try {
            for (Wiring.Spec spec : specs) {
                roles[spec.id()] = spec.role();
                if (tap != null && spec.role() == ComponentType.Role.SINK) {
                    continue;
                }
                ComponentHost host = new ComponentHost(spec.id(), spec.id(), spec.instanceName(), settings.seed());
                host.create(spec.factory(), spec.ports());
                hosts[spec.id()] = host;
            }
            Loop loop = new Loop(hosts, roles, wiring.initial(), control, progress, watch, tap);
            for (ComponentHost h : hosts) {
                if (h != null) {
                    h.sendTo(loop);
                }
            }
            return loop.run(wiring.initialCount());
        } finally {
            for (ComponentHost h : hosts) {
                if (h != null) {
                    h.stopped();
                }
            }
        }
    }

    /** One run's state; what a component sends goes straight into its queue. */
    private static final class Loop implements ComponentHost.Sink, RunWatch.State {
        private final ComponentHost[] hosts;
        private final ComponentType.Role[] roles;
        private final RunWatch watch;
        private final SinkTap tap;
        /** Whether a sink got something since the last end-of-instant calls (with a tap). */
        private boolean sinkFresh;
        private final PendingQueue pending = new PendingQueue();
        private final BitSet wantsEndOfInstant = new BitSet();
        private final BitSet wantsWindDown = new BitSet();
        private final KernelControl control;
        private final KernelProgress progress;
        private final LinkedBlockingQueue<Resume> resumes = new LinkedBlockingQueue<>();
        private ComponentFailure failure;
        private boolean stopRequested;
        private boolean stoppedEarly;
        private long time = Long.MIN_VALUE;
        /** The last instant run: {@link #time} unless a stop moved the clock past it. */
        private long lastInstant = Long.MIN_VALUE;
        private int round;
        private long instants;
        private long rounds;
        private long messages;
        private long events;
        private long activations;

        Loop(ComponentHost[] hosts, ComponentType.Role[] roles, List<Envelope> initial, KernelControl control,
             KernelProgress progress, RunWatch watch, SinkTap tap) {
            this.hosts = hosts;
            this.roles = roles;
            this.watch = watch;
            this.tap = tap;
            this.control = control;
            this.progress = progress;
            for (Envelope e : initial) {
                pending.add(e);
            }
            for (int c = 0; c < hosts.length; c++) {
                if (hosts[c] != null && roles[c] == ComponentType.Role.SOURCE) {
                    wantsWindDown.set(c);
                }
            }
        }

        KernelStats run(long initialCount) {
            if (control != null) {
                control.attach(resumes::add);
                control.start(initialCount);
            }
            try {
                return loop();
            } finally {
                if (control != null) {
                    control.finished();
                }
            }
        }

        private KernelStats loop() {
            boolean woundDown = false;
            long advanced = 0;
            while (true) {
                Envelope head = pending.peek();
                if (head != null && head.round() > 0) {
                    if (head.time() != time || head.round() != round + 1) {
                        throw new KernelFailure("sequential executor: message out of its round at (" + time + ", "
                                + round + "): " + head);
                    }
                    nextRound();
                    deliverRound();
                    continue;
                }
                if (!wantsEndOfInstant.isEmpty()) {
                    nextRound();
                    if (sinkFresh) {
                        sinkFresh = false;
                        tap.endOfInstant(time, round, false);
                    }
                    call(wantsEndOfInstant, new KernelCommand.EndOfInstant(time, round));
                    continue;
                }
                if (sinkFresh) {
                    sinkFresh = false;
                    tap.endOfInstant(time, round + 1, true);
                }
                if (woundDown) {
                    return end();
                }
                if (head == null || stopRequested) {
                    woundDown = true;
                    if (time == Long.MIN_VALUE) {
                        time = 0; // wound down before the first instant: the wind-down calls run as instant 0
                    }
                    // Stopped at an instant's time (until, or before the first instant), that instant is never
                    // run: its messages are never delivered, and the wind-down's own follow in its later rounds.
                    while (!pending.isEmpty() && pending.firstTime() <= time) {
                        pending.poll();
                    }
                    nextRound();
                    if (tap != null) {
                        tap.windDown(time, round, stoppedEarly);
                    }
                    call(wantsWindDown, new KernelCommand.WindDown(time, round, stoppedEarly, lastInstant));
                    continue;
                }
                if (watch != null && time != Long.MIN_VALUE) {
                    RunWatch.Verdict verdict = watch.between(time, head.time(), this);
                    if (verdict == RunWatch.Verdict.ABANDON) {
                        return stats(time);
                    }
                    if (verdict == RunWatch.Verdict.STOP) {
                        stopRequested = true;
                        stoppedEarly = true;
                        continue;
                    }
                }
                if (control != null && control.shouldPause(head.time(), advanced)) {
                    control.paused(new KernelControl.Pause(time, head.time()));
                    resume(take());
                    advanced = 0;
                    continue;
                }
                advanced++;
                time = head.time();
                lastInstant = time;
                round = 0;
                instants++;
                rounds++;
                deliverRound();
            }
        }

        private void nextRound() {
            round++;
            rounds++;
        }

        private Resume take() {
            try {
                return resumes.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new KernelFailure("interrupted while paused", e);
            }
        }

        /** As the Pekko coordinator does: a stop ends the run (at {@code stopAt} if it lies before the next instant). */
        private void resume(Resume r) {
            // Injected messages are checked against the last instant, before a stop moves time to its own
            // time: one due exactly then is never delivered, as a run stopped there by until.
            long last = time;
            if (r.stop()) {
                stopRequested = true;
                stoppedEarly = true;
                long nextTime = pending.firstTime();
                if (r.stopAt() > time && r.stopAt() <= nextTime) {
                    time = r.stopAt();
                }
            }
            for (Envelope e : r.injected()) {
                if (e.time() <= last) {
                    throw new KernelFailure("sequential executor got an injected message due at " + e.time()
                            + ", not after " + last + ": " + e);
                }
                pending.add(e);
            }
        }

        /**
         * Delivers every message due at (time, round), target by target in id order. What a
         * component sends meanwhile is due in a later round, so it never joins the messages being
         * taken out.
         */
        private void deliverRound() {
            Envelope next = pending.peek();
            while (next != null && next.time() == time && next.round() == round) {
                int target = next.target();
                ComponentHost host = hosts[target];
                int count = 0;
                do {
                    if (host == null) {
                        Envelope e = pending.poll();
                        tap.deliver(time, round, target, e.sender(), e.payload()); // a sink, not created here
                    } else {
                        host.deliverNext(time, round, pending.poll());
                    }
                    count++;
                    next = pending.peek();
                } while (next != null && next.time() == time && next.round() == round && next.target() == target);
                messages += count;
                events += count;
                activations++;
                if (host == null) {
                    sinkFresh = true;
                } else {
                    handled(target, host);
                }
            }
            settle();
        }

        @Override
        public void sent(Envelope e) {
            if (e.target() < 0 || e.target() >= hosts.length) {
                fail(new ComponentFailure(e.sender(), hosts[e.sender()].name(), time, round,
                        "sending " + ComponentFailure.describe(e.payload()),
                        new IllegalStateException("message to unknown component " + e.target())));
                return;
            }
            pending.add(e);
        }

        /** Calls the components in {@code wanting}, in id order, and forgets that they asked. */
        private void call(BitSet wanting, KernelCommand command) {
            BitSet callees = (BitSet) wanting.clone();
            wanting.clear();
            for (int c = callees.nextSetBit(0); c >= 0; c = callees.nextSetBit(c + 1)) {
                events++;
                activations++;
                hosts[c].run(command);
                handled(c, hosts[c]);
            }
            settle();
        }

        /** Takes what {@code component} did (its messages are already queued, see {@link #sent}). */
        private void handled(int component, ComponentHost host) {
            ComponentFailure error = host.takeError();
            if (error != null) {
                fail(error);
            }
            int flags = host.takeFlags();
            if ((flags & Handled.END_OF_INSTANT) != 0) {
                wantsEndOfInstant.set(component);
            }
            if ((flags & Handled.WIND_DOWN) != 0) {
                wantsWindDown.set(component);
            }
            if ((flags & Handled.STOP) != 0) {
                stopRequested = true;
            }
            if ((flags & Handled.HALT) != 0) {
                stoppedEarly = true;
            }
        }

        /** Keeps the failure of the lowest component id, as the Pekko executor does. */
        private void fail(ComponentFailure f) {
            if (failure == null || f.componentId() < failure.componentId()) {
                failure = f;
            }
        }

        /** The round is over: a failure in it ends the run (the lowest component id's). */
        private void settle() {
            if (failure != null) {
                throw failure;
            }
            if (progress != null) {
                progress.update(time, events);
            }
        }

        private KernelStats end() {
            long now = time == Long.MIN_VALUE ? 0 : time;
            KernelCommand.SimulationEnd end = new KernelCommand.SimulationEnd(now);
            for (int c = 0; c < hosts.length; c++) {
                if (hosts[c] != null) {
                    hosts[c].run(end);
                    handled(c, hosts[c]);
                }
            }
            if (tap != null) {
                tap.end(now);
            }
            activations += hosts.length;
            settle();
            return stats(now);
        }

        private KernelStats stats(long now) {
            return new KernelStats(now, instants, rounds, messages, events, activations, 0);
        }

        @Override
        public KernelStats stats() {
            return stats(time);
        }

        @Override
        public void digest(StateDigest out) {
            for (int c = 0; c < hosts.length; c++) {
                if (roles[c] == ComponentType.Role.STATE) {
                    out.add(c);
                    hosts[c].component().writeState(out);
                }
            }
            pending.forEachInOrder(e -> {
                int from = e.sender();
                if (roles[e.target()] == ComponentType.Role.SOURCE
                        || from != Envelope.KERNEL && roles[from] == ComponentType.Role.SOURCE) {
                    return;
                }
                out.add(e.time()).add(e.round()).add(e.target()).add(from);
                ComponentHost h = hosts[e.target()];
                if (h == null) {
                    Canonical.write(e.payload(), out);
                } else {
                    h.component().writePending(e.payload(), out);
                }
            });
        }
    }
}
