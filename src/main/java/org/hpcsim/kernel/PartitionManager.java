package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * One partition's local time manager as an actor: spawns the partition's component actors and
 * hands every message to a {@link PartitionLogic}, which holds the rules.
 */
final class PartitionManager extends AbstractBehavior<PartitionCommand> implements PartitionLogic.Outbox {

    private final List<ActorRef<KernelCommand>> locals;
    private final PartitionLogic logic;
    private List<ActorRef<PartitionCommand>> peers;
    private ActorRef<CoordinatorCommand> coordinator;

    private PartitionManager(ActorContext<PartitionCommand> context, int index, int partitions, int componentCount,
                             List<Kernel.ComponentSpec> components, List<Envelope> initial, KernelSettings settings) {
        super(context);
        this.locals = new ArrayList<>(components.size());
        for (Kernel.ComponentSpec spec : components) {
            int local = spec.id() / partitions;
            if (local != locals.size()) {
                throw new IllegalStateException("component ids must be dense; missing id before " + spec.id());
            }
            ComponentSetup setup = new ComponentSetup(spec.id(), local, context.getSelf(), settings.seed());
            locals.add(context.spawn(spec.factory().create(setup), spec.name() + "-" + spec.id(),
                    DispatcherSelector.sameAsParent()));
        }
        this.logic = new PartitionLogic(index, partitions, componentCount, locals.size(), initial,
                settings.shuffleSeed(), this);
    }

    static Behavior<PartitionCommand> create(int index, int partitions, int componentCount,
                                             List<Kernel.ComponentSpec> components, List<Envelope> initial,
                                             KernelSettings settings) {
        return Behaviors.setup(ctx -> new PartitionManager(ctx, index, partitions, componentCount, components,
                initial, settings));
    }

    @Override
    public Receive<PartitionCommand> createReceive() {
        return new DirectReceive<>(this::receive, null);
    }

    private Behavior<PartitionCommand> receive(PartitionCommand command) {
        if (command instanceof PartitionCommand.Init init) {
            this.peers = init.partitions();
            this.coordinator = init.coordinator();
        } else {
            logic.handle(command);
        }
        return this;
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
