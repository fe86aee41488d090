package org.hpcsim.kernel.pekko;


import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelControl;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelProgress;

/**
 * The root time manager's actor: hands its messages to a {@link CoordinatorLogic}, which holds the
 * rules. Anything the logic throws fails the run at once (a {@link KernelFailure} naming the message
 * and the coordinator's state); messages after that are ignored.
 */
final class Coordinator extends AbstractBehavior<CoordinatorCommand> {

    private final CoordinatorLogic logic;
    private final CompletableFuture<KernelStats> result;

    private Coordinator(ActorContext<CoordinatorCommand> context, List<ActorRef<PartitionCommand>> partitions,
                        long[] initialNext, KernelSettings settings, CompletableFuture<KernelStats> result,
                        KernelProgress progress, KernelControl control) {
        super(context);
        this.result = result;
        if (control != null) {
            ActorRef<CoordinatorCommand> self = context.getSelf();
            control.attach(r -> self.tell(new CoordinatorCommand.Resumed(r)));
        }
        this.logic = new CoordinatorLogic(partitions.size(), initialNext, settings.shuffleSeed(), result, progress,
                control, (p, command) -> partitions.get(p).tell(command));
    }

    static Behavior<CoordinatorCommand> create(List<ActorRef<PartitionCommand>> partitions, long[] initialNext,
                                               KernelSettings settings, CompletableFuture<KernelStats> result,
                                               KernelProgress progress, KernelControl control) {
        return Behaviors.setup(ctx -> new Coordinator(ctx, partitions, initialNext, settings, result, progress,
                control));
    }

    @Override
    public Receive<CoordinatorCommand> createReceive() {
        return new DirectReceive<>(this::receive, null);
    }

    private Behavior<CoordinatorCommand> receive(CoordinatorCommand command) {
        if (result.isDone()) {
            return this;
        }
        try {
            logic.handle(command);
        } catch (RuntimeException | Error e) {
            result.completeExceptionally(KernelFailure.thrown(e, "coordinator", command, logic::describe));
        }
        return this;
    }
}
