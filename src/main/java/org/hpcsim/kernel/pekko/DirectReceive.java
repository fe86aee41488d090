package org.hpcsim.kernel.pekko;


import java.util.function.Consumer;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.Signal;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * The {@code createReceive()} of the kernel's hot actors: hands every message to one method, which
 * switches on the sealed protocol itself, instead of the builder's per-case class matching. On the
 * kernel's message paths (several per simulated event) that overhead is measurable.
 */
final class DirectReceive<T> extends Receive<T> {

    /** The actor's single message handler. */
    @FunctionalInterface
    interface Handler<T> {
        Behavior<T> handle(T message);
    }

    private final Handler<T> handler;
    private final Runnable onStop;
    private final Consumer<Terminated> onTerminated;

    DirectReceive(Handler<T> handler, Runnable onStop) {
        this(handler, onStop, null);
    }

    /** @param onTerminated called when an actor this one watches stops (also when it failed: {@code ChildFailed}) */
    DirectReceive(Handler<T> handler, Runnable onStop, Consumer<Terminated> onTerminated) {
        this.handler = handler;
        this.onStop = onStop;
        this.onTerminated = onTerminated;
    }

    @Override
    public Behavior<T> receiveMessage(T message) {
        return handler.handle(message);
    }

    @Override
    public Behavior<T> receiveSignal(Signal signal) {
        if (signal instanceof PostStop && onStop != null) {
            onStop.run();
        } else if (signal instanceof Terminated t && onTerminated != null) {
            onTerminated.accept(t);
            return Behaviors.same();
        }
        return Behaviors.unhandled();
    }
}
