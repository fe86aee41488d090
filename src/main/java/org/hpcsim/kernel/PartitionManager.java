package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.ActorInitializationException;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * One partition's local time manager as an actor: spawns and watches the partition's component
 * actors and hands every message to a {@link PartitionLogic}, which holds the rules. Anything the
 * logic throws fails the run at once, as does a component actor that stops while the run goes on
 * (say, its constructor threw); messages after that are ignored.
 */
final class PartitionManager extends AbstractBehavior<PartitionCommand> implements PartitionLogic.Outbox {

    private final List<Wiring.Spec> specs;
    private final List<ActorRef<KernelCommand>> locals;
    private final PartitionLogic logic;
    private final CompletableFuture<KernelStats> result;
    private List<ActorRef<PartitionCommand>> peers;
    private ActorRef<CoordinatorCommand> coordinator;

    private PartitionManager(ActorContext<PartitionCommand> context, int index, int partitions, int componentCount,
                             List<Wiring.Spec> components, List<Envelope> initial, KernelSettings settings,
                             CompletableFuture<KernelStats> result) {
        super(context);
        this.specs = components;
        this.result = result;
        this.locals = new ArrayList<>(components.size());
        for (Wiring.Spec spec : components) {
            int local = spec.id() / partitions;
            if (local != locals.size()) {
                throw new IllegalStateException("component ids must be dense; missing id before " + spec.id());
            }
            ActorRef<KernelCommand> ref = context.spawn(ComponentActor.create(spec, local, settings.seed(),
                    context.getSelf()), spec.instanceName(), DispatcherSelector.sameAsParent());
            context.watch(ref);
            locals.add(ref);
        }
        this.logic = new PartitionLogic(index, partitions, componentCount, locals.size(), initial,
                settings.shuffleSeed(), this);
    }

    static Behavior<PartitionCommand> create(int index, int partitions, int componentCount,
                                             List<Wiring.Spec> components, List<Envelope> initial,
                                             KernelSettings settings, CompletableFuture<KernelStats> result) {
        return Behaviors.setup(ctx -> new PartitionManager(ctx, index, partitions, componentCount, components,
                initial, settings, result));
    }

    @Override
    public Receive<PartitionCommand> createReceive() {
        return new DirectReceive<>(this::receive, null, this::componentStopped);
    }

    private Behavior<PartitionCommand> receive(PartitionCommand command) {
        if (result.isDone()) {
            return this;
        }
        if (command instanceof PartitionCommand.Init init) {
            this.peers = init.partitions();
            this.coordinator = init.coordinator();
            return this;
        }
        try {
            logic.handle(command);
        } catch (RuntimeException | Error e) {
            result.completeExceptionally(KernelFailure.thrown(e, logic.name(), command, logic::describe));
        }
        return this;
    }

    private void componentStopped(Terminated t) {
        if (result.isDone()) {
            return;
        }
        int local = locals.indexOf(t.getRef().<KernelCommand>unsafeUpcast());
        int id = local < 0 ? -1 : specs.get(local).id();
        Throwable cause = t instanceof ChildFailed failed ? failed.getCause()
                : new IllegalStateException("its actor stopped");
        String doing = "and its actor stopped (" + logic.name() + " watched it)";
        if (cause instanceof ActorInitializationException init && init.getCause() != null) {
            if (init.getCause() instanceof ComponentFailure created) {
                result.completeExceptionally(created);
                return;
            }
            cause = init.getCause();
            doing = "when its actor was created";
        }
        result.completeExceptionally(new ComponentFailure(id, t.getRef().path().name(), logic.lastTime(),
                logic.lastRound(), doing, cause));
    }

    @Override
    public void toComponent(int localIndex, KernelCommand command) {
        locals.get(localIndex).tell(command);
    }

    @Override
    public void toPartition(int partition, PartitionCommand.Inbound batch) {
        peers.get(partition).tell(batch);
    }

    @Override
    public void toCoordinator(CoordinatorCommand report) {
        coordinator.tell(report);
    }
}
