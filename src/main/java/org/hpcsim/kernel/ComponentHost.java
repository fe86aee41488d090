package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs one {@link Component} for an executor, whichever it is: creates it from its ports, turns each
 * {@link KernelCommand} into its calls, collects what it sends (the outbox the kernel counts
 * messages from) and what it asks for, and catches what it throws as a {@link ComponentFailure}.
 * Both executors use it, so a component cannot tell them apart.
 */
public final class ComponentHost implements Context {
    private static final List<Envelope> NO_MESSAGES = List.of();

    private final int id;
    private final int localIndex;
    private final String name;
    private final long masterSeed;
    private Component<Object> component;
    private SplittableRandom random;
    private long now;
    /** The last instant run, as the wind-down call tells it (see {@link Context#lastInstant()}); else now. */
    private long windDownLastInstant;
    private boolean windingDown;
    private int round;
    private long nextSeq;
    private Envelope firstOut;
    private ArrayList<Envelope> moreOut;
    private Sink sink;
    private boolean endOfInstantRequested;
    private boolean windDownRequested;
    private boolean stopRequested;
    private boolean haltRequested;
    private boolean inEndOfInstant;
    private boolean ended;
    /** What the current delivery threw, if anything; the rest of its messages are not handled. */
    private ComponentFailure error;

    /**
     * @param name the instance's name in errors, e.g. {@code scheduler-128}
     */
    public ComponentHost(int id, int localIndex, String name, long masterSeed) {
        this.id = id;
        this.localIndex = localIndex;
        this.name = name;
        this.masterSeed = masterSeed;
    }

    /** Creates the component; what the factory throws fails the run, naming the component. */
    @SuppressWarnings("unchecked")
    public void create(ComponentFactory<?> factory, Ports ports) {
        try {
            component = (Component<Object>) factory.create(ports);
        } catch (RuntimeException | Error e) {
            throw new ComponentFailure(id, name, 0, 0, "when it was created", e);
        }
        if (component == null) {
            throw new ComponentFailure(id, name, 0, 0, "when it was created",
                    new IllegalStateException("its factory returned null"));
        }
    }

    public String name() {
        return name;
    }

    /** The hosted component (for a fingerprint of its state). */
    public Component<Object> component() {
        return component;
    }

    /** Where a component's messages go as it sends them, instead of into its acknowledgement. */
    public interface Sink {
        public void sent(Envelope message);
    }

    /**
     * From now on, what the component sends goes to {@code sink} as it sends it, and acknowledgements
     * list no messages: the sequential executor's way, with no outbox per delivery.
     */
    public void sendTo(Sink sink) {
        this.sink = sink;
    }

    /** Handles one kernel command and answers what it did, as the partition manager's {@code Handled}. */
    public Handled handle(KernelCommand command) {
        run(command);
        return acknowledge();
    }

    /**
     * Delivers one message at (time, round) unless an earlier one since the last {@link #takeFlags}
     * threw (the rest of a failed delivery's messages are not handled); for the sequential executor,
     * with no command or acknowledgement records.
     */
    public void deliverNext(long time, int round, Envelope message) {
        if (error == null) {
            deliver(time, round, message.sender(), message.payload());
        }
    }

    /** As {@link #deliverNext(long, int, Envelope)}, for a message taken apart (a sink's replayed input). */
    public void deliverNext(long time, int round, int sender, Object payload) {
        if (error == null) {
            deliver(time, round, sender, payload);
        }
    }

    /** Handles one kernel command; what it did is then taken with {@link #takeFlags} and {@link #takeError}. */
    public void run(KernelCommand command) {
        if (command instanceof KernelCommand.DeliverOne one) {
            deliver(one.time(), one.round(), one.message().sender(), one.message().payload());
        } else if (command instanceof KernelCommand.Deliver many) {
            List<Envelope> messages = many.messages();
            for (int i = 0, n = messages.size(); i < n && error == null; i++) {
                Envelope e = messages.get(i);
                deliver(many.time(), many.round(), e.sender(), e.payload());
            }
        } else if (command instanceof KernelCommand.EndOfInstant eoi) {
            inEndOfInstant = true;
            call(eoi.time(), eoi.round(), () -> component.onEndOfInstant(this), "in its end-of-instant call");
            inEndOfInstant = false;
        } else if (command instanceof KernelCommand.WindDown down) {
            windingDown = true;
            windDownLastInstant = down.lastInstant();
            call(down.time(), down.round(), () -> component.onWindDown(down.stopped(), this), "in its wind-down call");
        } else {
            ended = true;
            call(((KernelCommand.SimulationEnd) command).time(), round, () -> component.onSimulationEnd(this),
                    "at the end of the simulation");
        }
    }

    /** The run is over (ended or failed): lets the component release what it holds. */
    public void stopped() {
        if (component != null) {
            component.onStopped();
        }
    }

    private void deliver(long time, int round, int sender, Object payload) {
        this.now = time;
        this.round = round;
        try {
            component.onMessage(payload, this);
        } catch (RuntimeException | Error e) {
            failed(e, "handling " + ComponentFailure.describe(payload) + " from "
                    + (sender == Envelope.KERNEL ? "the kernel" : "component " + sender));
        }
    }

    private void call(long time, int round, Runnable hook, String doing) {
        this.now = time;
        this.round = round;
        try {
            hook.run();
        } catch (RuntimeException | Error e) {
            failed(e, doing);
        }
    }

    private void failed(Throwable e, String doing) {
        error = new ComponentFailure(id, name, now, round, doing, e);
    }

    private Handled acknowledge() {
        List<Envelope> out = moreOut != null ? moreOut : firstOut != null ? List.of(firstOut) : NO_MESSAGES;
        firstOut = null;
        moreOut = null;
        int flags = takeFlags();
        return new Handled(localIndex, out, flags, takeError());
    }

    /** What the component asked of the kernel since the last call ({@code Handled}'s flags), forgotten then. */
    public int takeFlags() {
        int flags = (endOfInstantRequested ? Handled.END_OF_INSTANT : 0)
                | (windDownRequested ? Handled.WIND_DOWN : 0)
                | (stopRequested ? Handled.STOP : 0)
                | (haltRequested ? Handled.HALT : 0);
        endOfInstantRequested = false;
        windDownRequested = false;
        stopRequested = false;
        haltRequested = false;
        return flags;
    }

    /** What the component threw since the last call, or null; forgotten then. */
    public ComponentFailure takeError() {
        ComponentFailure failure = error;
        error = null;
        return failure;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public long lastInstant() {
        return windingDown ? windDownLastInstant : now;
    }

    @Override
    public int round() {
        return round;
    }

    @Override
    public SplittableRandom random() {
        if (random == null) {
            random = RandomStreams.forComponent(masterSeed, id);
        }
        return random;
    }

    @Override
    public <T> void send(Address<T> to, T message) {
        send(to, message, to.latency());
    }

    @Override
    public <T> void send(Address<T> to, T message, long latencyMicros) {
        if (latencyMicros < 0) {
            throw new IllegalArgumentException("negative latency " + latencyMicros + " from component " + id);
        }
        if (latencyMicros == 0) {
            enqueue(to.id(), message, now, round + 1);
        } else {
            enqueue(to.id(), message, Math.addExact(now, latencyMicros), 0);
        }
    }

    @Override
    public void requestEndOfInstant() {
        if (inEndOfInstant) {
            throw new IllegalStateException("component " + id + " asked for another end-of-instant call from its own"
                    + " end-of-instant call; that would never let time advance");
        }
        endOfInstantRequested = true;
    }

    @Override
    public void requestWindDownCall() {
        windDownRequested = true;
    }

    @Override
    public void endSimulation() {
        stopRequested = true;
    }

    @Override
    public void stopSimulation() {
        stopRequested = true;
        haltRequested = true;
    }

    private void enqueue(int target, Object message, long time, int deliveryRound) {
        if (ended) {
            throw new IllegalStateException("component " + id + " sent a message after the simulation ended");
        }
        Envelope e = new Envelope(time, deliveryRound, id, nextSeq++, target, message);
        if (sink != null) {
            sink.sent(e);
        } else if (firstOut == null) {
            firstOut = e;
        } else {
            if (moreOut == null) {
                moreOut = new ArrayList<>(4);
                moreOut.add(firstOut);
            }
            moreOut.add(e);
        }
    }
}
