package org.hpcsim.cli;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.hpcsim.kernel.pekko.ActorRuntime;

/**
 * The actor runtime of one command, started only if a run is to use actors: on the first {@link
 * #startSoon} or {@link #get}. Runs on one thread use the sequential executor and never start it
 * (Pekko costs most of a second of CPU to start). Closing shuts it down once it has started, also if
 * it is still starting.
 */
final class LazyRuntime implements Supplier<ActorRuntime>, AutoCloseable {
    private CompletableFuture<ActorRuntime> started;

    /**
     * Starts the runtime in the background unless it is starting already: for a command that knows
     * it will need it, so that it starts while the inputs are read. Logging is set up first, on this
     * thread, so that Pekko's threads and the caller's never set it up at once.
     */
    synchronized void startSoon() {
        if (started == null) {
            ActorRuntime.setUpLogging();
            started = ActorRuntime.startInBackground();
        }
    }

    /** The runtime, started now if it was not; waits until it is up. */
    @Override
    public ActorRuntime get() {
        CompletableFuture<ActorRuntime> f;
        synchronized (this) {
            startSoon();
            f = started;
        }
        return f.join();
    }

    @Override
    public synchronized void close() {
        if (started != null) {
            started.thenAccept(ActorRuntime::shutdown);
        }
    }
}
