package org.hpcsim.kernel.pekko;


import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.hpcsim.kernel.Wiring;
import org.hpcsim.kernel.ComponentHost;
import org.hpcsim.kernel.KernelCommand;

/**
 * The Pekko executor's actor for one component: it creates the component on its own dispatcher
 * thread, hands each delivery to the component's {@link ComponentHost}, and answers its partition
 * manager with what the component did.
 */
final class ComponentActor extends AbstractBehavior<KernelCommand> {
    private final ComponentHost host;
    private final ActorRef<PartitionCommand> manager;

    private ComponentActor(ActorContext<KernelCommand> context, ComponentHost host,
                           ActorRef<PartitionCommand> manager) {
        super(context);
        this.host = host;
        this.manager = manager;
    }

    static Behavior<KernelCommand> create(Wiring.Spec spec, int localIndex, long seed,
                                          ActorRef<PartitionCommand> manager) {
        return Behaviors.setup(ctx -> {
            ComponentHost host = new ComponentHost(spec.id(), localIndex, spec.instanceName(), seed);
            host.create(spec.factory(), spec.ports());
            return new ComponentActor(ctx, host, manager);
        });
    }

    @Override
    public Receive<KernelCommand> createReceive() {
        return new DirectReceive<>(this::receive, host::stopped);
    }

    private Behavior<KernelCommand> receive(KernelCommand command) {
        manager.tell(new PartitionCommand.ComponentDone(host.handle(command)));
        return this;
    }
}
