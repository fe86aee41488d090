package org.hpcsim.kernel;

import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;

/** What a {@link PartitionManager} hears: from the coordinator, from other partitions and from its components. */
public sealed interface PartitionCommand {

    /** Kernel bootstrap -> PartitionManager: the other partition managers and the coordinator. */
    record Init(List<ActorRef<PartitionCommand>> partitions, ActorRef<CoordinatorCommand> coordinator)
            implements PartitionCommand {
    }

    /**
     * Coordinator -> PartitionManager: deliver the messages due at (time, round); first wait until
     * {@code expectedInbound} batches from other partitions (counted since the start) have arrived.
     */
    record RunRound(long time, int round, long expectedInbound) implements PartitionCommand {
    }

    /** Coordinator -> PartitionManager: call the components that asked for an end-of-instant call. */
    record RunEndOfInstant(long time, int round, long expectedInbound) implements PartitionCommand {
    }

    /** Coordinator -> PartitionManager: the run is about to end; call the components that asked for a wind-down call. */
    record RunWindDown(long time, int round, boolean stopped, long expectedInbound) implements PartitionCommand {
    }

    /**
     * Coordinator -> PartitionManager, while the run is paused: add these messages (injected from
     * outside, addressed to this partition's components) and report what is pending.
     */
    record Inject(List<Envelope> envelopes) implements PartitionCommand {
    }

    /** Coordinator -> PartitionManager: the simulation is over; tell every component. */
    record RunEnd(long time, long expectedInbound) implements PartitionCommand {
    }

    /** PartitionManager -> PartitionManager: messages sent to this partition's components in one round. */
    record Inbound(List<Envelope> envelopes) implements PartitionCommand {
    }

    /**
     * Component -> its PartitionManager: done with a delivery; here are the messages it sent, what it
     * asks of the kernel ({@code flags}: {@link #END_OF_INSTANT}, {@link #WIND_DOWN}, {@link #STOP}),
     * and the failure if it threw.
     */
    record Handled(int localIndex, List<Envelope> out, int flags, ComponentFailure error) implements PartitionCommand {
        /** Call the component's end-of-instant hook once this instant's rounds have settled. */
        public static final int END_OF_INSTANT = 1;
        /** Call the component's wind-down hook when the run is about to end. */
        public static final int WIND_DOWN = 2;
        /** End the run after this instant. */
        public static final int STOP = 4;

        /** Whether the component asked for an end-of-instant call. */
        public boolean wantsEndOfInstant() {
            return (flags & END_OF_INSTANT) != 0;
        }
    }
}
