package org.hpcsim.kernel.pekko;


import java.util.ArrayDeque;
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
import org.hpcsim.kernel.Wiring;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.kernel.ComponentHost;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.kernel.Handled;

/**
 * One partition's local time manager as an actor: hands every message to a {@link PartitionLogic},
 * which holds the rules, and runs the partition's components as their {@link KernelOptions.Hosting}
 * says. Hosted ({@code PARTITION}): it creates them and calls their {@link ComponentHost}s itself, and
 * feeds what each did back to the logic once the logic's call returns (never from inside it), as the
 * acknowledgement a component actor would have sent. As actors ({@code ACTOR}): it spawns and watches
 * one actor per component, which answers each delivery with that acknowledgement. Anything the logic
 * throws fails the run at once, as does a component whose constructor throws or whose actor stops
 * while the run goes on; messages after that are ignored.
 */
final class PartitionManager extends AbstractBehavior<PartitionCommand> implements PartitionLogic.Outbox {

    private final List<Wiring.Spec> specs;
    /** The component actors, by local index ({@code ACTOR} hosting); empty when hosted. */
    private final List<ActorRef<KernelCommand>> locals;
    /** The hosted components, by local index ({@code PARTITION} hosting); null for actors. */
    private final ComponentHost[] hosts;
    /** What hosted components did in the logic's current call, for the logic once that call returns. */
    private final ArrayDeque<Handled> acknowledged = new ArrayDeque<>();
    private final PartitionLogic logic;
    private final CompletableFuture<KernelStats> result;
    private List<ActorRef<PartitionCommand>> peers;
    private ActorRef<CoordinatorCommand> coordinator;

    private PartitionManager(ActorContext<PartitionCommand> context, int index, int partitions, int componentCount,
                             List<Wiring.Spec> components, List<Envelope> initial, KernelSettings settings,
                             KernelOptions.Hosting hosting, CompletableFuture<KernelStats> result) {
        super(context);
        this.specs = components;
        this.result = result;
        boolean hosted = hosting == KernelOptions.Hosting.PARTITION;
        this.locals = new ArrayList<>(hosted ? 0 : components.size());
        this.hosts = hosted ? new ComponentHost[components.size()] : null;
        for (int local = 0; local < components.size(); local++) {
            Wiring.Spec spec = components.get(local);
            if (spec.id() / partitions != local) {
                throw new IllegalStateException("component ids must be dense; missing id before " + spec.id());
            }
            if (hosted) {
                ComponentHost host = new ComponentHost(spec.id(), local, spec.instanceName(), settings.seed());
                try {
                    host.create(spec.factory(), spec.ports());
                } catch (ComponentFailure f) {
                    result.completeExceptionally(f);
                    stopped();
                    throw f;
                }
                hosts[local] = host;
            } else {
                ActorRef<KernelCommand> ref = context.spawn(ComponentActor.create(spec, local, settings.seed(),
                        context.getSelf()), spec.instanceName(), DispatcherSelector.sameAsParent());
                context.watch(ref);
                locals.add(ref);
            }
        }
        this.logic = new PartitionLogic(index, partitions, componentCount, components.size(), hosted, initial,
                settings.shuffleSeed(), this);
        for (int local = 0; local < components.size(); local++) {
            if (components.get(local).role() == ComponentType.Role.SOURCE) {
                logic.windsDownAlways(local);
            }
        }
    }

    static Behavior<PartitionCommand> create(int index, int partitions, int componentCount,
                                             List<Wiring.Spec> components, List<Envelope> initial,
                                             KernelSettings settings, KernelOptions.Hosting hosting,
                                             CompletableFuture<KernelStats> result) {
        return Behaviors.setup(ctx -> new PartitionManager(ctx, index, partitions, componentCount, components,
                initial, settings, hosting, result));
    }

    @Override
    public Receive<PartitionCommand> createReceive() {
        return new DirectReceive<>(this::receive, this::stopped, this::componentStopped);
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
            Handled done;
            while ((done = acknowledged.poll()) != null) {
                logic.handled(done);
            }
        } catch (RuntimeException | Error e) {
            result.completeExceptionally(KernelFailure.thrown(e, logic.name(), command, logic::describe));
        }
        return this;
    }

    /** The run is over, or this actor failed: hosted components release what they hold (actors do so themselves). */
    private void stopped() {
        if (hosts != null) {
            for (ComponentHost host : hosts) {
                if (host != null) {
                    host.stopped();
                }
            }
        }
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
        if (hosts != null) {
            acknowledged.add(hosts[localIndex].handle(command));
        } else {
            locals.get(localIndex).tell(command);
        }
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
