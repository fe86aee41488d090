package org.hpcsim.cluster;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.SelfUp;
import org.apache.pekko.cluster.typed.Subscribe;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.Scenario;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.plot.PlotOptions;
import org.hpcsim.plot.RunPlots;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.registry.Registry;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.sim.Simulation;

/**
 * A worker of a distributed sweep: joins the coordinator's cluster and runs its runs, {@code parallel}
 * at once (one {@link RunSlot} each), with the local engine, as {@code hpcsim run} would, each in a
 * directory of its own under the work directory until the coordinator has stored its files. It leaves
 * when the coordinator does (the sweep is over) and stops if it loses the coordinator.
 */
public final class Worker {
    /** How a worker ended. */
    public enum End {
        /** The coordinator left: the sweep is over. */
        SWEEP_OVER,
        /** The worker was cut off from the coordinator (or never reached it) and stopped. */
        LOST
    }

    /** How a worker ended, and how many runs it finished. */
    public record Outcome(End end, int runs) {
    }

    /** A failed run as {@code hpcsim run} reports it: exit status and message. */
    public record Failure(int status, String message) {
    }

    /**
     * What a worker needs.
     *
     * @param join      the coordinator's address
     * @param bind      this worker's address (port 0: any free one)
     * @param parallel  runs at once
     * @param workDir   where runs write before their files go to the coordinator
     * @param downAfter how long the coordinator may stay unreachable before this worker gives up
     */
    public record Settings(ClusterSystem.Address join, ClusterSystem.Address bind, int parallel, Path workDir,
                           Duration downAfter) {
    }

    private final Settings settings;
    private final Supplier<ActorRuntime> runtime;
    private final Function<Throwable, Failure> failures;
    private final Consumer<String> log;
    private final Map<List<Path>, Plugins> plugins = new HashMap<>();
    private final CompletableFuture<End> end = new CompletableFuture<>();
    private volatile String address;
    private int runs;

    private Worker(Settings settings, Supplier<ActorRuntime> runtime, Function<Throwable, Failure> failures,
                   Consumer<String> log) {
        this.settings = settings;
        this.runtime = runtime;
        this.failures = failures;
        this.log = log;
    }

    /**
     * Runs a worker until the sweep is over or the coordinator is lost.
     *
     * @param runtime  the actor runtime for runs that use the Pekko engine
     * @param failures how a failed run is reported
     * @param log      where progress lines go
     */
    public static Outcome run(Settings settings, Supplier<ActorRuntime> runtime, Function<Throwable, Failure> failures,
                          Consumer<String> log) {
        Worker worker = new Worker(settings, runtime, failures, log);
        ActorSystem<Void> system = ClusterSystem.start(worker.guardian(), ClusterSystem.WORKER, settings.bind(),
                settings.join(), settings.downAfter());
        system.getWhenTerminated().thenRun(() -> worker.end.complete(End.LOST));
        try {
            End how = worker.end.join();
            return new Outcome(how, worker.runs());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
            synchronized (worker.plugins) {
                worker.plugins.values().forEach(Plugins::close);
            }
        }
    }

    private Behavior<Void> guardian() {
        return Behaviors.<Object>setup(ctx -> {
            Cluster cluster = Cluster.get(ctx.getSystem());
            org.apache.pekko.actor.Address self = cluster.selfMember().address();
            address = self.host().getOrElse(() -> "?") + ":" + self.port().getOrElse(() -> 0);
            cluster.subscriptions().tell(Subscribe.create(ctx.getSelf().narrow(), SelfUp.class));
            cluster.subscriptions().tell(Subscribe.create(ctx.getSelf().narrow(), ClusterEvent.MemberEvent.class));
            for (int i = 1; i <= settings.parallel(); i++) {
                ctx.spawn(RunSlot.create(this, settings.workDir().resolve("slot-" + i), String.valueOf(i)), "slot-" + i);
            }
            return Behaviors.receive(Object.class)
                    .onMessage(SelfUp.class, up -> {
                        log.accept("worker: " + address + " joined the sweep at " + settings.join() + ", "
                                + settings.parallel() + " run" + (settings.parallel() == 1 ? "" : "s") + " at a time");
                        return Behaviors.same();
                    })
                    .onMessage(ClusterEvent.MemberEvent.class, e -> {
                        // The coordinator leaving (not downed: it then goes unreachable first) ends the sweep.
                        if (e instanceof ClusterEvent.MemberRemoved removed && removed.member().hasRole(ClusterSystem.COORDINATOR)
                                && removed.previousStatus() == MemberStatus.exiting()) {
                            end.complete(End.SWEEP_OVER);
                        }
                        return Behaviors.same();
                    })
                    .build();
        }).narrow();
    }

    /** This worker's address, HOST:PORT. */
    String address() {
        return address;
    }

    void say(String line) {
        log.accept(line);
    }

    Failure failure(Throwable error) {
        return failures.apply(error);
    }

    /** Runs a sweep's run into {@code dir} as {@code hpcsim run} would; returns its wall time in seconds. */
    double run(RunSlot.RunRequest request, Path dir) {
        long t0 = System.nanoTime();
        OutputDirectory.deleteTree(dir);
        Config config = ConfigLoader.merge(ConfigLoader.parse(request.config(), "run " + request.label()
                + " (from the coordinator)"), Map.of("output.dir", dir.toString()));
        Registry registry = registry(Scenario.plugins(config));
        Scenario scenario = Scenario.from(config, registry);
        Simulation.prepareBesideOthers(scenario, registry, new org.hpcsim.workload.ScanProgress()).run(runtime);
        if (scenario.plots()) {
            RunPlots.write(dir, dir.resolve("plots"), PlotOptions.defaults());
        }
        synchronized (this) {
            runs++;
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /** The policies of a run's plugin jars, loaded once per list of jars. */
    private Registry registry(List<Path> jars) {
        synchronized (plugins) {
            return plugins.computeIfAbsent(List.copyOf(jars), Plugins::load).registry();
        }
    }

    /** Runs finished so far. */
    private synchronized int runs() {
        return runs;
    }
}
