package org.hpcsim.kernel;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.dispatch.DispatcherConfigurator;
import org.apache.pekko.dispatch.Dispatchers;

/**
 * The Pekko ActorSystem that simulations run in. Starting one costs a good part of a second (class
 * loading, configuration, logging), so it is created once, possibly ahead of time on a background
 * thread while the inputs are read, and shared by the runs of a process. Each run gets a dispatcher
 * with its own thread count and throughput, registered on demand.
 */
public final class ActorRuntime implements AutoCloseable {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final ActorSystem<Void> system;
    private final AtomicInteger runs = new AtomicInteger();

    private ActorRuntime() {
        // Logging is set up before Pekko's own threads can log concurrently (SLF4J would replay);
        // a no-op when the command line has already done it.
        org.slf4j.LoggerFactory.getILoggerFactory();
        Config config = ConfigFactory.parseResources("org/hpcsim/kernel/pekko.conf")
                .withFallback(ConfigFactory.defaultReference());
        this.system = ActorSystem.create(Behaviors.empty(), "hpcsim-" + INSTANCES.incrementAndGet(), config);
    }

    /** Starts a runtime on the calling thread. */
    public static ActorRuntime start() {
        return new ActorRuntime();
    }

    /** Starts a runtime on a background thread, so the caller can read inputs meanwhile. */
    public static CompletableFuture<ActorRuntime> startInBackground() {
        CompletableFuture<ActorRuntime> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(new ActorRuntime());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        }, "hpcsim-runtime-start");
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** Spawns the root actor of one run on a dispatcher with the run's threads and throughput. */
    <T> ActorRef<T> spawnRun(Behavior<T> root, KernelSettings settings) {
        String dispatcher = dispatcher(settings.threads(), settings.throughput());
        return system.systemActorOf(root, "run-" + runs.incrementAndGet(), DispatcherSelector.fromConfig(dispatcher));
    }

    private synchronized String dispatcher(int threads, int throughput) {
        String id = "hpcsim-dispatcher-" + threads + "-" + throughput;
        Dispatchers dispatchers = Adapter.toClassic(system).dispatchers();
        if (!dispatchers.hasDispatcher(id)) {
            Config c = ConfigFactory.parseMap(Map.of(
                            "id", id,
                            "type", "Dispatcher",
                            "executor", "fork-join-executor",
                            "throughput", throughput,
                            "fork-join-executor.parallelism-min", threads,
                            "fork-join-executor.parallelism-max", threads,
                            "fork-join-executor.parallelism-factor", 1.0))
                    .withFallback(dispatchers.defaultDispatcherConfig());
            dispatchers.registerConfigurator(id, new DispatcherConfigurator(c, dispatchers.prerequisites()));
        }
        return id;
    }

    /** Starts stopping the ActorSystem and returns at once (a process about to exit need not wait). */
    public void shutdown() {
        system.terminate();
    }

    /** Stops the ActorSystem; waits at most a few seconds. */
    @Override
    public void close() {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // Results are already out; a slow shutdown must not turn a good run into a failure.
        }
    }
}
