package org.hpcsim.kernel.pekko;


import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
import org.hpcsim.kernel.KernelSettings;

/**
 * The Pekko ActorSystem that simulations run in. Starting one costs a good part of a second (class
 * loading, configuration, logging), so it is created once, possibly ahead of time on a background
 * thread while the inputs are read, and shared by the runs of a process, several at once in a sweep.
 * Each run gets a dispatcher of its own, with its thread count and throughput.
 */
public final class ActorRuntime implements AutoCloseable {
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final ActorSystem<Void> system;
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger registered = new AtomicInteger();
    /** What to run if the system terminates under a run (see {@link #whileRunning}). */
    private final Set<Runnable> onTermination = ConcurrentHashMap.newKeySet();
    private volatile boolean terminated;
    /** Dispatchers no run holds, by threads and throughput; the most recently freed first (its threads may still be up). */
    private final Map<String, Deque<String>> idle = new HashMap<>();

    private ActorRuntime() {
        // Logging is set up before Pekko's own threads can log concurrently (SLF4J would replay);
        // a no-op when the command line has already done it.
        setUpLogging();
        Config config = ConfigFactory.parseResources("org/hpcsim/kernel/pekko.conf")
                .withFallback(ConfigFactory.defaultReference());
        this.system = ActorSystem.create(Behaviors.empty(), "hpcsim-" + INSTANCES.incrementAndGet(), config);
        system.getWhenTerminated().thenRun(() -> {
            terminated = true;
            onTermination.forEach(Runnable::run);
        });
    }

    /**
     * Sets SLF4J (Logback) up once, whichever thread comes first; a thread that comes while another
     * sets it up waits. SLF4J itself would hand such a thread substitute loggers and then warn on
     * stderr that it replays what they logged: Pekko, starting on a background thread while the
     * command line sets logging up, did now and then.
     */
    public static synchronized void setUpLogging() {
        org.slf4j.LoggerFactory.getILoggerFactory();
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

    /**
     * Spawns the root actor of one run on a dispatcher that no other run uses until {@link #endRun}:
     * two runs that share a dispatcher share its threads, so two concurrent one-thread runs would
     * take turns on one thread. Dispatchers are reused by later runs with the same threads and
     * throughput, because Pekko keeps every registered dispatcher for the life of the system; an
     * idle one shuts its threads down after its shutdown-timeout and starts them again on reuse.
     */
    <T> RunRoot<T> spawnRun(Behavior<T> root, KernelSettings settings) {
        String dispatcher = takeDispatcher(settings.threads(), settings.throughput());
        ActorRef<T> ref = system.systemActorOf(root, "run-" + runs.incrementAndGet(),
                DispatcherSelector.fromConfig(dispatcher));
        return new RunRoot<>(ref, dispatcher, settings.threads(), settings.throughput());
    }

    /** Gives the run's dispatcher back for later runs (its root actor has been told to stop). */
    void endRun(RunRoot<?> run) {
        synchronized (idle) {
            idle.computeIfAbsent(key(run.threads(), run.throughput()), k -> new ArrayDeque<>()).push(run.dispatcher());
        }
    }

    /** A run's root actor and the dispatcher it holds. */
    record RunRoot<T>(ActorRef<T> ref, String dispatcher, int threads, int throughput) {
    }

    /** Dispatchers registered so far (they are never removed); bounded by the most runs at once. */
    int dispatchers() {
        return registered.get();
    }

    private String takeDispatcher(int threads, int throughput) {
        synchronized (idle) {
            Deque<String> free = idle.get(key(threads, throughput));
            if (free != null && !free.isEmpty()) {
                return free.pop();
            }
        }
        String id = "hpcsim-dispatcher-" + registered.incrementAndGet() + "-" + threads + "-" + throughput;
        Dispatchers dispatchers = Adapter.toClassic(system).dispatchers();
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
        return id;
    }

    private static String key(int threads, int throughput) {
        return threads + "-" + throughput;
    }

    /**
     * Runs {@code action} if the ActorSystem terminates (at once if it already has) before the
     * returned handle is run; the handle forgets the action, so a runtime that serves many runs
     * keeps no callback of a finished one.
     */
    Runnable whileRunning(Runnable action) {
        onTermination.add(action);
        if (terminated) {
            action.run();
        }
        return () -> onTermination.remove(action);
    }

    /** Completes once the ActorSystem has terminated. */
    public CompletableFuture<Void> whenTerminated() {
        return system.getWhenTerminated().toCompletableFuture().thenApply(done -> null);
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
