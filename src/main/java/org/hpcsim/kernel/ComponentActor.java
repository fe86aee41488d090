package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Base class of every simulation component actor (nodes, scheduler, feeder, recorder, ...).
 *
 * <p>The kernel hands the component all messages of one virtual instant-round together, already
 * in (sender id, sequence) order; the subclass handles them one by one in {@link #onMessage}. Sends
 * made while handling go into an outbox that travels back to the partition manager with the
 * acknowledgement, which is what lets the kernel count messages and detect quiescence. A message
 * sent at (t, r) with zero latency is handled at (t, r+1); with latency L &gt; 0 at (t+L, 0).
 *
 * @param <C> the component's own protocol (a sealed interface of records)
 */
public abstract class ComponentActor<C> extends AbstractBehavior<KernelCommand> {
    private static final List<Envelope> NO_MESSAGES = List.of();

    private final int id;
    private final int localIndex;
    private final ComponentSetup setup;
    private SplittableRandom random;
    private long now;
    private int round;
    private long nextSeq;
    private Envelope firstOut;
    private ArrayList<Envelope> moreOut;
    private boolean endOfInstantRequested;
    private boolean windDownRequested;
    private boolean stopRequested;
    private boolean inEndOfInstant;
    private boolean ended;
    /** What the current delivery threw, if anything; the rest of its messages are not handled. */
    private ComponentFailure error;

    protected ComponentActor(ActorContext<KernelCommand> context, ComponentSetup setup) {
        super(context);
        this.id = setup.id();
        this.localIndex = setup.localIndex();
        this.setup = setup;
    }

    /** Handles one message of the component's protocol at {@link #now()}. */
    protected abstract void onMessage(C message);

    /** Called once the rounds of the current instant have settled, if {@link #requestEndOfInstant()} was called. */
    protected void onEndOfInstant() {
    }

    /**
     * Called once, if {@link #requestWindDownCall()} was called, when the run is about to end: no
     * message is pending anywhere, or the run was stopped ({@link #endSimulation()}, or from outside
     * while paused). It runs as one more round of the current instant and may send zero-latency
     * messages (e.g. record what never finished); what it sends is handled before the end, anything
     * due later is not.
     *
     * @param stopped whether the run was stopped from outside (a console's quit) rather than ending by itself
     */
    protected void onWindDown(boolean stopped) {
    }

    /** Called once when no message is left anywhere; the component may finish outputs but not send. */
    protected void onSimulationEnd() {
    }

    /**
     * Called when the actor stops, whether the run ended or failed: release files and the like
     * here. Not part of simulated time; must not send.
     */
    protected void onStopped() {
    }

    /** This component's id. */
    protected final int id() {
        return id;
    }

    /** Current virtual time in microseconds. */
    protected final long now() {
        return now;
    }

    /** Current round within the instant. */
    protected final int round() {
        return round;
    }

    /** This component's own random stream, derived from (master seed, component id). */
    protected final SplittableRandom random() {
        if (random == null) {
            random = RandomStreams.forComponent(setup.masterSeed(), id);
        }
        return random;
    }

    /** Sends with zero latency: handled at (now, round + 1). */
    protected final <T> void send(Address<T> to, T message) {
        enqueue(to.id(), message, now, round + 1);
    }

    /** Sends with a latency in microseconds: zero means (now, round + 1), otherwise (now + latency, 0). */
    protected final <T> void send(Address<T> to, T message, long latencyMicros) {
        if (latencyMicros < 0) {
            throw new IllegalArgumentException("negative latency " + latencyMicros + " from component " + id);
        }
        if (latencyMicros == 0) {
            enqueue(to.id(), message, now, round + 1);
        } else {
            enqueue(to.id(), message, Math.addExact(now, latencyMicros), 0);
        }
    }

    /** Asks to be called by {@link #onEndOfInstant()} once the rounds of this instant have settled. */
    protected final void requestEndOfInstant() {
        if (inEndOfInstant) {
            throw new IllegalStateException("component " + id + " asked for another end-of-instant call from its own"
                    + " end-of-instant call; that would never let time advance");
        }
        endOfInstantRequested = true;
    }

    /** Asks for one {@link #onWindDown} call when the run is about to end; asking again changes nothing. */
    protected final void requestWindDownCall() {
        windDownRequested = true;
    }

    /**
     * Ends the run once the rounds of the current instant have settled, even though messages are
     * still pending for later times (a failure process that would go on forever): the wind-down
     * calls follow, then the end.
     */
    protected final void endSimulation() {
        stopRequested = true;
    }

    private void enqueue(int target, Object message, long time, int deliveryRound) {
        if (ended) {
            throw new IllegalStateException("component " + id + " sent a message after the simulation ended");
        }
        Envelope e = new Envelope(time, deliveryRound, id, nextSeq++, target, message);
        if (firstOut == null) {
            firstOut = e;
        } else {
            if (moreOut == null) {
                moreOut = new ArrayList<>(4);
                moreOut.add(firstOut);
            }
            moreOut.add(e);
        }
    }

    @Override
    public final Receive<KernelCommand> createReceive() {
        return new DirectReceive<>(this::receive, this::onStopped);
    }

    private Behavior<KernelCommand> receive(KernelCommand command) {
        if (command instanceof KernelCommand.DeliverOne one) {
            handle(one.time(), one.round(), one.message());
        } else if (command instanceof KernelCommand.Deliver many) {
            List<Envelope> messages = many.messages();
            for (int i = 0, n = messages.size(); i < n && error == null; i++) {
                handle(many.time(), many.round(), messages.get(i));
            }
        } else if (command instanceof KernelCommand.EndOfInstant eoi) {
            inEndOfInstant = true;
            call(eoi.time(), eoi.round(), this::onEndOfInstant, "in its end-of-instant call");
            inEndOfInstant = false;
        } else if (command instanceof KernelCommand.WindDown down) {
            call(down.time(), down.round(), () -> onWindDown(down.stopped()), "in its wind-down call");
        } else {
            ended = true;
            call(((KernelCommand.SimulationEnd) command).time(), round, this::onSimulationEnd,
                    "at the end of the simulation");
        }
        return acknowledge();
    }

    /** Handles one message at (time, round); what it throws is kept in {@link #error}. */
    @SuppressWarnings("unchecked")
    private void handle(long time, int round, Envelope message) {
        this.now = time;
        this.round = round;
        try {
            onMessage((C) message.payload());
        } catch (RuntimeException | Error e) {
            failed(e, "handling " + ComponentFailure.describe(message.payload()) + " from "
                    + (message.sender() == Envelope.KERNEL ? "the kernel" : "component " + message.sender()));
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
        error = new ComponentFailure(id, getContext().getSelf().path().name(), now, round, doing, e);
    }

    private Behavior<KernelCommand> acknowledge() {
        List<Envelope> out = moreOut != null ? moreOut : firstOut != null ? List.of(firstOut) : NO_MESSAGES;
        firstOut = null;
        moreOut = null;
        int flags = (endOfInstantRequested ? PartitionCommand.Handled.END_OF_INSTANT : 0)
                | (windDownRequested ? PartitionCommand.Handled.WIND_DOWN : 0)
                | (stopRequested ? PartitionCommand.Handled.STOP : 0);
        endOfInstantRequested = false;
        windDownRequested = false;
        stopRequested = false;
        ComponentFailure failure = error;
        error = null;
        setup.manager().tell(new PartitionCommand.Handled(localIndex, out, flags, failure));
        return this;
    }
}
