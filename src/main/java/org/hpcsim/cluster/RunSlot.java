package org.hpcsim.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.delivery.ConsumerController;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.stream.javadsl.FileIO;
import org.apache.pekko.stream.javadsl.StreamRefs;
import org.hpcsim.output.OutputDirectory;

/**
 * One run at a time on a worker: it takes runs from the coordinator through its own
 * {@link ConsumerController} (registered under {@link #SERVICE}, so the coordinator's work-pulling
 * controller finds it), runs each with the local engine on a thread of its own, offers the run's
 * output files to the coordinator as streams, and confirms the run only once the coordinator has
 * stored it.
 */
public final class RunSlot extends AbstractBehavior<RunSlot.Command> {
    /** The key the slots register under, and the coordinator's work-pulling controller looks up. */
    static final ServiceKey<ConsumerController.Command<RunRequest>> SERVICE =
            ServiceKey.create(ConsumerController.serviceKeyClass(), "hpcsim-sweep-runs");
    /** Times a slot offers a run's files before it reports the run failed. */
    private static final int OFFERS = 3;

    /**
     * Coordinator -> run slot (through reliable delivery): run this combination of the sweep.
     *
     * @param config      the run's scenario, rendered (paths absolute); its output.dir is the coordinator's
     * @param coordinator where to report the run's end
     */
    public record RunRequest(int index, String label, String config, ActorRef<Coordinator.Command> coordinator)
            implements ClusterMessage {
    }

    /** The slot's messages. */
    public sealed interface Command {
    }

    /** Coordinator -> run slot: the run's end is recorded; the slot confirms it and takes the next. */
    public record RunStored(int index) implements Command, ClusterMessage {
    }

    /** Coordinator -> run slot: storing the run's files failed; offer them again. */
    public record Resend(int index) implements Command, ClusterMessage {
    }

    /** Consumer controller -> run slot: a run to do. */
    private record Delivered(ConsumerController.Delivery<RunRequest> delivery) implements Command {
    }

    /** Run slot -> itself: the run ended (error null: its outputs are in dir). */
    private record Ran(double seconds, Throwable error) implements Command {
    }

    private final Worker worker;
    private final Path workDir;
    private final ExecutorService thread;
    private ConsumerController.Delivery<RunRequest> current;
    private Ran result;
    private int offers;

    private RunSlot(ActorContext<Command> context, Worker worker, Path workDir, String name) {
        super(context);
        this.worker = worker;
        this.workDir = workDir;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "hpcsim-worker-" + name);
            t.setDaemon(true);
            return t;
        });
        ActorRef<ConsumerController.Command<RunRequest>> consumer =
                context.spawn(ConsumerController.create(SERVICE), "consumer");
        consumer.tell(new ConsumerController.Start<>(context.messageAdapter(ConsumerController.deliveryClass(),
                Delivered::new)));
    }

    static Behavior<Command> create(Worker worker, Path workDir, String name) {
        return Behaviors.setup(ctx -> new RunSlot(ctx, worker, workDir, name));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Delivered.class, this::onDelivered)
                .onMessage(Ran.class, this::onRan)
                .onMessage(RunStored.class, this::onStored)
                .onMessage(Resend.class, this::onResend)
                .onSignal(PostStop.class, s -> {
                    thread.shutdownNow();
                    return this;
                })
                .build();
    }

    private Behavior<Command> onDelivered(Delivered d) {
        current = d.delivery();
        result = null;
        offers = 0;
        RunRequest request = current.message();
        worker.say("worker: run " + request.index() + " (" + request.label() + ") started");
        getContext().pipeToSelf(CompletableFuture.supplyAsync(() -> worker.run(request, workDir), thread),
                (seconds, error) -> new Ran(seconds == null ? 0 : seconds, error));
        return this;
    }

    private Behavior<Command> onRan(Ran r) {
        result = r;
        report();
        return this;
    }

    /** Tells the coordinator how the run ended, offering its files as streams if it finished. */
    private void report() {
        RunRequest request = current.message();
        if (result.error() != null) {
            Worker.Failure failure = worker.failure(result.error());
            request.coordinator().tell(new Coordinator.RunFailed(request.index(), worker.address(), failure.status(),
                    failure.message(), getContext().getSelf()));
            return;
        }
        offers++;
        List<Coordinator.OutputFile> files = new ArrayList<>();
        for (String path : files(workDir)) {
            files.add(new Coordinator.OutputFile(path, FileIO.fromPath(workDir.resolve(path), Coordinator.CHUNK)
                    .runWith(StreamRefs.sourceRef(), getContext().getSystem())));
        }
        request.coordinator().tell(new Coordinator.RunFinished(request.index(), worker.address(), result.seconds(),
                files, getContext().getSelf()));
    }

    /** A finished run's files, as paths relative to its directory, in name order; hpcsim's own files left out. */
    private static List<String> files(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith(".hpcsim-") && !p.equals(OutputDirectory.MARKER)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Behavior<Command> onStored(RunStored s) {
        if (current == null || s.index() != current.message().index()) {
            return this;
        }
        RunRequest request = current.message();
        worker.say("worker: run " + request.index() + " (" + request.label() + ") "
                + (result.error() == null ? "stored by the coordinator" : "failed, reported"));
        current.confirmTo().tell(ConsumerController.confirmed());
        current = null;
        result = null;
        OutputDirectory.deleteTree(workDir);
        return this;
    }

    private Behavior<Command> onResend(Resend r) {
        if (current == null || result == null || r.index() != current.message().index()) {
            return this;
        }
        if (offers < OFFERS) {
            report();
        } else {
            result = new Ran(result.seconds(), new IllegalStateException("the coordinator could not store the run's"
                    + " files after " + OFFERS + " tries"));
            report();
        }
        return this;
    }
}
