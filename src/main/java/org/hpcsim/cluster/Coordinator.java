package org.hpcsim.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.delivery.WorkPullingProducerController;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.apache.pekko.stream.SourceRef;
import org.apache.pekko.stream.javadsl.FileIO;
import org.apache.pekko.util.ByteString;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.ConfigPaths;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.sweep.SweepPlan.Combination;
import org.hpcsim.sweep.SweepRunner;

/**
 * A distributed sweep's coordinator: the cluster's seed node. It hands the sweep's runs, in
 * combination order, to the workers' run slots through Pekko's work-pulling reliable delivery (a run a
 * slot has not confirmed goes to another slot if its worker leaves or is downed), receives each
 * finished run's output files as streams, and commits them into the run's directory as a local run
 * would ({@code config-used.conf} last, written here as the local run writes it). A slot confirms its
 * run only once the coordinator has stored it, so a run is never lost; a run stored twice (a slot's
 * confirmation lost with its worker) is kept once.
 */
public final class Coordinator extends AbstractBehavior<Coordinator.Command> {
    /** Pieces a file crosses in: well under Artery's frame size. */
    static final int CHUNK = 64 * 1024;

    /** The coordinator's messages. */
    public sealed interface Command {
    }

    /**
     * A file of a finished run: its path in the run's directory ({@code /}-separated) and its bytes.
     *
     * @param path relative, without {@code ..}
     */
    public record OutputFile(String path, SourceRef<ByteString> data) {
    }

    /** Run slot -> coordinator: a run finished; its output files follow as streams. */
    public record RunFinished(int index, String worker, double seconds, List<OutputFile> files,
                              ActorRef<RunSlot.Command> replyTo) implements Command, ClusterMessage {
    }

    /**
     * Run slot -> coordinator: a run failed as {@code hpcsim run} would have: with its exit status (2:
     * bad input) and message.
     */
    public record RunFailed(int index, String worker, int status, String message, ActorRef<RunSlot.Command> replyTo)
            implements Command, ClusterMessage {
    }

    /** Work-pulling controller -> coordinator: a slot may take a run. */
    private record Next(WorkPullingProducerController.RequestNext<RunSlot.RunRequest> next) implements Command {
    }

    /** Coordinator -> itself: a run's files are committed (error null) or could not be. */
    private record Stored(RunFinished run, Throwable error) implements Command {
    }

    /** Cluster -> coordinator: a member joined, became unreachable or left. */
    private record MemberChanged(ClusterEvent.MemberEvent event) implements Command {
    }

    /** Cluster -> coordinator: a member became unreachable. */
    private record Unreachable(ClusterEvent.UnreachableMember event) implements Command {
    }

    private final ArrayDeque<Combination> queue;
    private final Map<Integer, Combination> byIndex = new HashMap<>();
    private final SweepRunner.RunEnds ends;
    private final CompletableFuture<Map<String, Integer>> done;
    private final Executor blocking;
    private final Set<Integer> ended = new HashSet<>();
    /** Runs being stored, with the slots to tell when it is done (another slot's copy of the run may come meanwhile). */
    private final Map<Integer, List<ActorRef<RunSlot.Command>>> storing = new HashMap<>();
    /** Runs finished by each worker, by address. */
    private final Map<String, Integer> perWorker = new TreeMap<>();
    private WorkPullingProducerController.RequestNext<RunSlot.RunRequest> demand;
    private int sent;

    private Coordinator(ActorContext<Command> context, List<Combination> runs, SweepRunner.RunEnds ends,
                        CompletableFuture<Map<String, Integer>> done) {
        super(context);
        this.queue = new ArrayDeque<>(runs);
        runs.forEach(c -> byIndex.put(c.index(), c));
        this.ends = ends;
        this.done = done;
        this.blocking = context.getSystem().dispatchers().lookup(DispatcherSelector.blocking());
        ActorRef<WorkPullingProducerController.Command<RunSlot.RunRequest>> controller = context.spawn(
                WorkPullingProducerController.create(RunSlot.RunRequest.class, "hpcsim-sweep", RunSlot.SERVICE,
                        Optional.empty()), "runs");
        controller.tell(new WorkPullingProducerController.Start<>(context.messageAdapter(
                WorkPullingProducerController.requestNextClass(), Next::new)));
        Cluster cluster = Cluster.get(context.getSystem());
        cluster.subscriptions().tell(Subscribe.create(context.messageAdapter(ClusterEvent.MemberEvent.class,
                MemberChanged::new), ClusterEvent.MemberEvent.class));
        cluster.subscriptions().tell(Subscribe.create(context.messageAdapter(ClusterEvent.UnreachableMember.class,
                Unreachable::new), ClusterEvent.UnreachableMember.class));
        finishIfDone();
    }

    /**
     * Runs a sweep's pending runs on the workers that join the coordinator at {@code bind}; returns when
     * every run has ended (or, the sweep stopped, every run handed out), after leaving the cluster.
     *
     * @param downAfter how long a worker may stay unreachable before it is downed and its runs go elsewhere
     * @return runs finished by each worker, by address
     */
    public static Map<String, Integer> runAll(List<Combination> runs, SweepRunner.RunEnds ends,
                                              ClusterSystem.Address bind, Duration downAfter) throws InterruptedException {
        CompletableFuture<Map<String, Integer>> done = new CompletableFuture<>();
        ActorSystem<Command> system = ClusterSystem.start(
                Behaviors.setup(ctx -> new Coordinator(ctx, runs, ends, done)), ClusterSystem.COORDINATOR, bind, bind,
                downAfter);
        ends.say("sweep: coordinator at " + bind + "; start workers with: hpcsim worker --join " + bind);
        system.getWhenTerminated().thenRun(() -> done.completeExceptionally(
                new IllegalStateException("the coordinator's actor system stopped before the sweep ended")));
        try {
            return done.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Next.class, this::onNext)
                .onMessage(RunFinished.class, this::onFinished)
                .onMessage(Stored.class, this::onStored)
                .onMessage(RunFailed.class, this::onFailed)
                .onMessage(MemberChanged.class, this::onMember)
                .onMessage(Unreachable.class, this::onUnreachable)
                .build();
    }

    private Behavior<Command> onNext(Next n) {
        getContext().getLog().debug("a slot asks for a run; {} left, {} sent", queue.size(), sent);
        demand = n.next();
        handOut();
        return this;
    }

    /** Gives the next run to the slot that asked, unless the sweep stopped. */
    private void handOut() {
        if (demand == null || queue.isEmpty() || ends.stopped()) {
            return;
        }
        Combination c = queue.poll();
        String config = ConfigLoader.render(c.scenario().config());
        demand.sendNextTo().tell(new RunSlot.RunRequest(c.index(), c.label(), config, getContext().getSelf()));
        demand = null;
        sent++;
    }

    private Behavior<Command> onFinished(RunFinished f) {
        if (ended.contains(f.index()) || !byIndex.containsKey(f.index())) {
            // A copy of a run stored already: its first slot's confirmation went with its worker.
            f.replyTo().tell(new RunSlot.RunStored(f.index()));
            return this;
        }
        List<ActorRef<RunSlot.Command>> waiting = storing.get(f.index());
        if (waiting != null) {
            waiting.add(f.replyTo());
            return this;
        }
        storing.put(f.index(), new ArrayList<>(List.of(f.replyTo())));
        getContext().pipeToSelf(store(byIndex.get(f.index()), f.files()), (ok, error) -> new Stored(f, error));
        return this;
    }

    /** Streams a run's files into its directory's staging area and commits them, config-used.conf last. */
    private CompletionStage<Void> store(Combination c, List<OutputFile> files) {
        ActorSystem<?> system = getContext().getSystem();
        return CompletableFuture.supplyAsync(() -> OutputDirectory.open(c.scenario().outputDir()), blocking)
                .thenCompose(out -> {
                    CompletionStage<?> chain = CompletableFuture.completedFuture(null);
                    for (OutputFile f : files) {
                        chain = chain.thenCompose(x -> f.data().getSource()
                                .runWith(FileIO.toPath(staged(out, f.path())), system));
                    }
                    return chain.thenApplyAsync(x -> {
                        try {
                            Files.writeString(out.file(OutputDirectory.MARKER), ConfigLoader.render(
                                    ConfigPaths.withAbsoluteOutputDir(c.scenario().config(), c.scenario().outputDir())),
                                    StandardCharsets.UTF_8);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        out.commit();
                        return (Void) null;
                    }, blocking).whenComplete((x, error) -> {
                        if (error != null) {
                            out.close();
                        }
                    });
                });
    }

    /** Where a run's file goes before the commit; a path that would leave the run's directory is refused. */
    private static Path staged(OutputDirectory out, String path) {
        String[] parts = path.split("/");
        for (String p : parts) {
            if (p.isEmpty() || p.equals(".") || p.equals("..") || p.startsWith(".hpcsim-") || p.contains("\\")) {
                throw new IllegalArgumentException("a worker sent a file named '" + path + "'");
            }
        }
        if (path.equals(OutputDirectory.MARKER)) {
            throw new IllegalArgumentException("a worker sent " + OutputDirectory.MARKER + ", which the coordinator writes");
        }
        Path target = out.file(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            target = target.resolve(parts[i]);
        }
        try {
            Files.createDirectories(target.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    private Behavior<Command> onStored(Stored s) {
        RunFinished f = s.run();
        List<ActorRef<RunSlot.Command>> slots = storing.remove(f.index());
        if (s.error() != null) {
            // The streams broke (a worker gone mid-transfer?): those slots still alive send again.
            getContext().getLog().warn("storing run {} from {} failed: {}", f.index(), f.worker(), s.error().toString());
            slots.forEach(slot -> slot.tell(new RunSlot.Resend(f.index())));
            return this;
        }
        ended.add(f.index());
        perWorker.merge(f.worker(), 1, Integer::sum);
        ends.finished(byIndex.get(f.index()), f.seconds(), f.worker());
        slots.forEach(slot -> slot.tell(new RunSlot.RunStored(f.index())));
        finishIfDone();
        return this;
    }

    private Behavior<Command> onFailed(RunFailed f) {
        if (!ended.contains(f.index()) && !storing.containsKey(f.index()) && byIndex.containsKey(f.index())) {
            ended.add(f.index());
            ends.failed(byIndex.get(f.index()), new RemoteRunFailure(f.status(), f.message()), f.worker());
        }
        f.replyTo().tell(new RunSlot.RunStored(f.index()));
        finishIfDone();
        return this;
    }

    private Behavior<Command> onMember(MemberChanged m) {
        Member member = m.event().member();
        if (!member.hasRole(ClusterSystem.WORKER)) {
            return this;
        }
        String address = hostPort(member);
        if (m.event() instanceof ClusterEvent.MemberUp) {
            ends.say("sweep: worker " + address + " joined");
        } else if (m.event() instanceof ClusterEvent.MemberRemoved removed) {
            boolean downed = removed.previousStatus() == MemberStatus.down();
            ends.say(String.format(Locale.ROOT, "sweep: worker %s %s after %d runs; its runs in flight go to"
                    + " other workers", address, downed ? "was taken out (unreachable)" : "left",
                    perWorker.getOrDefault(address, 0)));
        }
        return this;
    }

    private Behavior<Command> onUnreachable(Unreachable u) {
        Member member = u.event().member();
        if (member.hasRole(ClusterSystem.WORKER)) {
            ends.say("sweep: worker " + hostPort(member) + " is unreachable");
        }
        return this;
    }

    static String hostPort(Member member) {
        return member.address().host().getOrElse(() -> "?") + ":" + member.address().port().getOrElse(() -> 0);
    }

    private void finishIfDone() {
        boolean all = ended.size() == byIndex.size();
        boolean stoppedAndQuiet = ends.stopped() && ended.size() == sent && storing.isEmpty();
        if (all || stoppedAndQuiet) {
            done.complete(Collections.unmodifiableMap(new TreeMap<>(perWorker)));
        }
    }
}
