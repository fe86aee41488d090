package org.hpcsim.kernel.pekko;


import java.util.Arrays;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.Envelope;
import org.hpcsim.kernel.Handled;

/**
 * What a {@link PartitionManager} hears: from the coordinator, from other partitions and from its
 * components (a component actor's {@link Handled}).
 */
public sealed interface PartitionCommand permits PartitionCommand.Init, PartitionCommand.RunRound,
        PartitionCommand.RunEndOfInstant, PartitionCommand.RunWindDown, PartitionCommand.Inject, PartitionCommand.RunEnd,
        PartitionCommand.Inbound, PartitionCommand.ComponentDone {

    /** Kernel bootstrap -> PartitionManager: the other partition managers and the coordinator. */
    record Init(List<ActorRef<PartitionCommand>> partitions, ActorRef<CoordinatorCommand> coordinator)
            implements PartitionCommand {
    }

    /**
     * Coordinator -> PartitionManager: deliver the messages due at (time, round), once the inbound
     * batches named by {@code expected} have been merged. {@code expected} holds (sender partition,
     * count) pairs, flattened: for each sender with batches to this partition that the coordinator
     * knows of and has not seen reported merged, the number of batches from that sender (counted
     * since the start) that must have been merged. Batches sent by partitions already running this
     * step may arrive too; they are merged, never counted in place of the ones named.
     */
    record RunRound(long time, int round, long[] expected) implements PartitionCommand {
        @Override
        public String toString() {
            return "RunRound[time=" + time + ", round=" + round + ", expected=" + Arrays.toString(expected) + "]";
        }
    }

    /** Coordinator -> PartitionManager: call the components that asked for an end-of-instant call ({@code expected}: see {@link RunRound}). */
    record RunEndOfInstant(long time, int round, long[] expected) implements PartitionCommand {
        @Override
        public String toString() {
            return "RunEndOfInstant[time=" + time + ", round=" + round + ", expected=" + Arrays.toString(expected)
                    + "]";
        }
    }

    /**
     * Coordinator -> PartitionManager: the run is about to end; call the components that asked for a
     * wind-down call ({@code lastInstant}: the last instant run, see
     * {@link org.hpcsim.kernel.Context#lastInstant()}; {@code expected}: see {@link RunRound}).
     */
    record RunWindDown(long time, int round, boolean stopped, long lastInstant, long[] expected) implements PartitionCommand {
        @Override
        public String toString() {
            return "RunWindDown[time=" + time + ", round=" + round + ", stopped=" + stopped + ", expected="
                    + Arrays.toString(expected) + "]";
        }
    }

    /**
     * Coordinator -> PartitionManager, while the run is paused: add these messages (injected from
     * outside, addressed to this partition's components) and report what is pending.
     */
    record Inject(List<Envelope> envelopes) implements PartitionCommand {
    }

    /**
     * Coordinator -> PartitionManager: the simulation is over; tell every component. {@code stopped}:
     * the run was stopped, so messages due later may remain (otherwise none may); {@code expected}:
     * see {@link RunRound}.
     */
    record RunEnd(long time, boolean stopped, long[] expected) implements PartitionCommand {
        @Override
        public String toString() {
            return "RunEnd[time=" + time + ", stopped=" + stopped + ", expected=" + Arrays.toString(expected) + "]";
        }
    }

    /**
     * PartitionManager {@code from} -> PartitionManager: messages sent to the receiver's components
     * in one round.
     */
    record Inbound(int from, List<Envelope> envelopes) implements PartitionCommand {
    }

    /** Component actor -> its PartitionManager: done with a delivery, as {@code handled} says. */
    record ComponentDone(Handled handled) implements PartitionCommand {
    }
}
