package org.hpcsim.kernel.pekko;


import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.Wiring;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelControl;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.kernel.Executor;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.Envelope;

/**
 * The executor for more than one thread: runs a wiring in an {@link ActorRuntime}, with one
 * coordinator actor and a few partition manager actors per dispatcher thread (components are spread
 * over them by id), and waits for quiescence. Where a component's handlers run is its
 * {@link KernelOptions.Hosting}: by default its partition manager calls them in its own turn (the
 * component keeps an actor's discipline: its own state, one handler at a time, nothing shared, only
 * messages; the partitions of a round run in parallel); or each component is an actor of its own,
 * which costs two actor hand-offs per delivery (about 3 times the run's time: 45.7 s against 14.5 s on a
 * 32,768-node torus's first 20,000 jobs, one Pekko thread, docs/performance.md) and buys nothing a
 * component could observe.
 */
public final class PekkoExecutor implements Executor {

    /** How long (wall clock) a failed run waits for its actors to stop. */
    private static final long STOP_WAIT_SECONDS = 10;

    private final ActorRuntime runtime;
    private final KernelOptions.Hosting hosting;

    /** Components hosted by their partition managers. */
    public PekkoExecutor(ActorRuntime runtime) {
        this(runtime, KernelOptions.Hosting.PARTITION);
    }

    public PekkoExecutor(ActorRuntime runtime, KernelOptions.Hosting hosting) {
        this.runtime = runtime;
        this.hosting = hosting;
    }

    /** {@code pekko}, or {@code pekko-actors} when every component is an actor of its own. */
    @Override
    public String name() {
        return hosting == KernelOptions.Hosting.ACTOR ? "pekko-actors" : "pekko";
    }

    /**
     * {@inheritDoc} It never waits on a dead actor: a component's failure is rethrown as a
     * {@link ComponentFailure}, and anything wrong in the kernel (an exception in the coordinator or a
     * partition manager, one of their actors stopping, the actor system terminating) as a
     * {@link KernelFailure}. When it throws, the run's actors have stopped (up to a bounded wait), so
     * nothing writes to its outputs any more.
     */
    @Override
    public KernelStats run(Wiring wiring, KernelSettings settings, KernelControl control, KernelProgress progress) {
        List<Wiring.Spec> components = wiring.specs();
        List<Envelope> initial = wiring.initial();
        KernelProgress shown = progress == null ? new KernelProgress() : progress;
        int p = Math.min(settings.partitions(), Math.max(1, components.size()));
        List<List<Wiring.Spec>> byPartition = new ArrayList<>(p);
        List<List<Envelope>> initialByPartition = new ArrayList<>(p);
        long[] initialNext = new long[p];
        for (int i = 0; i < p; i++) {
            byPartition.add(new ArrayList<>());
            initialByPartition.add(new ArrayList<>());
            initialNext[i] = SimTime.NEVER;
        }
        for (Wiring.Spec c : components) {
            byPartition.get(c.id() % p).add(c);
        }
        for (Envelope e : initial) {
            int part = e.target() % p;
            initialByPartition.get(part).add(e);
            initialNext[part] = Math.min(initialNext[part], e.time());
        }
        CompletableFuture<KernelStats> result = new CompletableFuture<>();
        CompletableFuture<Void> stopped = new CompletableFuture<>();
        Behavior<Stop> root = Behaviors.setup(ctx -> {
            try {
                List<ActorRef<PartitionCommand>> managers = new ArrayList<>(p);
                for (int i = 0; i < p; i++) {
                    ActorRef<PartitionCommand> m = ctx.spawn(PartitionManager.create(i, p, components.size(),
                            byPartition.get(i), initialByPartition.get(i), settings, hosting, result), "partition-" + i,
                            DispatcherSelector.sameAsParent());
                    ctx.watch(m);
                    managers.add(m);
                }
                ActorRef<CoordinatorCommand> coordinator = ctx.spawn(
                        Coordinator.create(List.copyOf(managers), initialNext, settings, result, shown, control),
                        "coordinator",
                        DispatcherSelector.sameAsParent());
                ctx.watch(coordinator);
                // Local tells enqueue synchronously, so every manager holds Init before the coordinator can reach it.
                for (ActorRef<PartitionCommand> m : managers) {
                    m.tell(new PartitionCommand.Init(List.copyOf(managers), coordinator));
                }
                coordinator.tell(new CoordinatorCommand.Start());
            } catch (RuntimeException e) {
                result.completeExceptionally(new KernelFailure("the kernel could not start the run: " + e, e));
                stopped.complete(null);
                return Behaviors.stopped();
            }
            return Behaviors.receive(Stop.class)
                    .onMessage(Stop.class, s -> Behaviors.stopped())
                    .onSignal(Terminated.class, t -> {
                        Throwable cause = t instanceof ChildFailed failed ? failed.getCause() : null;
                        result.completeExceptionally(new KernelFailure("kernel actor " + t.getRef().path().name()
                                + " stopped during the run" + (cause == null ? "" : ": " + cause), cause));
                        return Behaviors.same();
                    })
                    .onSignal(PostStop.class, s -> {
                        stopped.complete(null);
                        return Behaviors.same();
                    })
                    .build();
        });
        if (control != null) {
            control.start(wiring.initialCount());
        }
        ActorRuntime.RunRoot<Stop> run = runtime.spawnRun(root, settings);
        Runnable forget = runtime.whileRunning(() -> {
            result.completeExceptionally(new KernelFailure("the actor system stopped during the run"));
            stopped.complete(null);
        });
        boolean failed = true;
        try {
            KernelStats stats = result.get();
            failed = false;
            return stats;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new KernelFailure(String.valueOf(cause), cause);
        } finally {
            run.ref().tell(new Stop());
            if (failed) {
                awaitStop(stopped);
            }
            forget.run();
            runtime.endRun(run);
            if (control != null) {
                control.finished();
            }
        }
    }

    /**
     * After a failure, waits until the run's actors have stopped (their {@link Component#onStopped}
     * hooks close files), so that the caller removes outputs with nothing still writing to them; a
     * component stuck in a handler is not waited for beyond {@link #STOP_WAIT_SECONDS}. A run that
     * ended well needs no wait: every component has finished its outputs in
     * {@link Component#onSimulationEnd} before the result is complete (waiting cost 50-110 ms a
     * run).
     */
    private static void awaitStop(CompletableFuture<Void> stopped) {
        try {
            stopped.get(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // Results are decided; a run whose actors will not stop is left to the runtime's shutdown.
        }
    }

    /** Kernel -> the run's root actor: the run is over; stop it and everything under it. */
    private record Stop() {
    }
}
